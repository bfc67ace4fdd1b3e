import { useState } from 'react';
import { Alert, Box, MenuItem, Paper, Tab, Tabs, TextField, Typography } from '@mui/material';
import type { ConfusionMatrix, PairAgreement, QuestionAgreement, TagAgreementDetail } from '../../../../electron/api/contract';
import { BAND_STATISTIC_NAME, bandText } from '../../../../electron/common/bandText';
import { coef, interval } from '../../../../electron/common/numberFormat';
import type { AgreementViewState, QuestionView } from './agreementParams';
import { CategoryKappaChart } from './CategoryKappaChart';
import { ConfusionHeatmap } from './ConfusionHeatmap';
import { DisagreementsTable } from './DisagreementsTable';
import { RaterMarginsTables } from './RaterMarginsTables';
import { ManyRatersSummary } from './ManyRatersSummary';
import { RaterMatrixHeatmap } from './RaterMatrixHeatmap';
import { StatisticsTable } from './StatisticsTable';
import { StatStrip } from './StatStrip';
import { RaterPairPicker } from './RaterPairPicker';
import { everyPair, orientedPair, type RaterPair } from './raterPairs';
import { useRaterPair } from './useTaskAgreement';

interface Props {
  detail: QuestionAgreement;
  state: AgreementViewState;
  onChange(patch: Partial<AgreementViewState>): void;
}

/** One question's drill-downs: headline figures, then confusion matrix, annotators, per-category κ, disagreeing units and every statistic. */
export function QuestionDrilldown({ detail, state, onChange }: Props) {
  const { row } = detail;
  const multilabel = detail.tags !== null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <StatStrip row={row} />
      {row.warnings.length > 0 && (
        <Alert severity="warning" variant="outlined" sx={{ bgcolor: 'warning.light' }}>
          {row.warnings.map((w, i) => (
            <Typography key={i} variant="body2" sx={{ mb: i < row.warnings.length - 1 ? 0.75 : 0 }}>
              {w.message}
            </Typography>
          ))}
        </Alert>
      )}
      <Paper variant="outlined">
        <Tabs value={state.view} onChange={(_e, view: QuestionView) => onChange({ view })} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }} aria-label="Drill-downs">
          <Tab value="confusion" label="Confusion matrix" />
          <Tab value="annotators" label="Annotators" />
          <Tab value="categories" label={multilabel ? 'Per tag' : 'Per category'} />
          <Tab value="disagreements" label={`Disagreements (${detail.disagreementsTotal})`} />
          <Tab value="statistics" label="All statistics" />
        </Tabs>
        <Box sx={{ p: 2.5 }} role="tabpanel" aria-label={state.view}>
          {state.view === 'confusion' && <ConfusionView detail={detail} state={state} onChange={onChange} />}
          {state.view === 'annotators' && <AnnotatorsView detail={detail} />}
          {state.view === 'categories' && <CategoryKappaChart categories={detail.perCategory} what={multilabel ? 'tag' : 'category'} />}
          {state.view === 'disagreements' && (
            <DisagreementsTable units={detail.disagreements} total={detail.disagreementsTotal} raters={row.raters} categories={detail.categories} multilabel={multilabel} />
          )}
          {state.view === 'statistics' && <StatisticsTable lines={detail.statistics} />}
        </Box>
      </Paper>
    </Box>
  );
}

/**
 * The confusion matrix of one rater pair (and, for a multilabel question, one tag): from the
 * question's answer, or asked for on its own when the answer leaves a crowd's pairs out.
 */
function ConfusionView({ detail, state, onChange }: Props) {
  const first = state.rows;
  const tag = detail.tags ? detail.tags[Math.min(state.tag, detail.tags.length - 1)] : null;
  const report = tag ? tag.report : detail.report;
  const pairs: readonly RaterPair[] = detail.pairsOnRequest ? everyPair(report?.raters ?? []) : (report?.pairs ?? []).map((p) => p.raters);
  if (pairs.length === 0) return <Typography color="text.secondary">A confusion matrix needs two raters with labels on the same units.</Typography>;
  const index = Math.min(state.pair, pairs.length - 1);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {(pairs.length > 1 || detail.tags) && (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          {detail.tags && (
            <TextField select size="small" label="Tag" value={Math.min(state.tag, detail.tags.length - 1)} onChange={(e) => onChange({ tag: Number(e.target.value) })} sx={{ minWidth: 220 }}>
              {detail.tags.map((t, i) => (
                <MenuItem key={t.tag} value={i}>
                  {t.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          {pairs.length > 1 && <RaterPairPicker pairs={pairs} index={index} first={first} onChange={(pair, rows) => onChange({ pair, rows })} />}
        </Box>
      )}
      {detail.pairsOnRequest ? (
        <RequestedPair detail={detail} state={state} pair={pairs[index]} tag={tag} />
      ) : (
        <PairFigures detail={detail} analysed={report!.pairs[index]} first={first} tag={tag} />
      )}
    </Box>
  );
}

/** A crowd's pair, asked for on its own (`agreement.pair`); the last one shown stays, dimmed, until it comes. */
function RequestedPair({ detail, state, pair, tag }: { detail: QuestionAgreement; state: AgreementViewState; pair: RaterPair; tag: TagAgreementDetail | null }) {
  const asked = useRaterPair(detail.task.id, detail.row.question, state, pair, tag?.tag ?? null);
  if (asked.error !== null && !asked.loading) return <Alert severity="error">Could not compare {pair[0]} and {pair[1]}: {asked.error}</Alert>;
  if (!asked.data) return <Typography color="text.secondary" role="status">Comparing {pair[0]} and {pair[1]}…</Typography>;
  return (
    <Box aria-busy={asked.stale} sx={{ opacity: asked.stale ? 0.5 : 1, transition: 'opacity 150ms' }}>
      <PairFigures detail={detail} analysed={asked.data.pair} first={state.rows} tag={tag} />
    </Box>
  );
}

/** One pair's confusion matrix and κ, its rows the rater chosen first. */
function PairFigures({ detail, analysed, first, tag }: { detail: QuestionAgreement; analysed: PairAgreement; first: string | null; tag: TagAgreementDetail | null }) {
  // Rows are the rater chosen first, whichever way round the analysis lists the pair (κ is the same).
  const pair = first === analysed.raters[1] ? { ...analysed, raters: orientedPair(analysed.raters, first), confusionMatrix: transposed(analysed.confusionMatrix) } : analysed;
  const labelOf = new Map((tag ? [] : detail.categories).map((c) => [c.name, c.label]));
  const labels = pair.confusionMatrix.levels.map((l) => labelOf.get(l) ?? l);
  return (
    <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <ConfusionHeatmap matrix={pair.confusionMatrix} labels={labels} />
      <Box sx={{ maxWidth: 340 }}>
        <Typography variant="h4">
          {pair.raters[0]} × {pair.raters[1]}
          {tag ? ` — ${tag.label}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {pair.units} units both rated. The outlined diagonal is agreement; off-diagonal cells show who said what when they disagreed
          {detail.row.kind === 'ordinal' || detail.row.kind === 'interval' ? ', and how many levels apart' : ''}.
        </Typography>
        <Typography variant="body2" sx={{ mt: 1.5, fontVariantNumeric: 'tabular-nums' }}>
          Cohen&apos;s κ {coef(pair.cohenKappa.value)}
          {pair.weightedKappa.quadratic.value !== null && pair.confusionMatrix.levels.length > 2 ? ` · weighted κ (quadratic) ${coef(pair.weightedKappa.quadratic.value)}` : ''}
        </Typography>
        {pair.landisKoch.judgement && (
          // The κ and n are just above; the band says which κ it judges and on what interval.
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }} data-testid="pair-band">
            Landis–Koch ({BAND_STATISTIC_NAME[pair.landisKoch.statistic]}): {bandText(pair.landisKoch.judgement)}
            {pair.landisKoch.ci95 ? `, on its 95% CI ${interval(pair.landisKoch.ci95)}` : ''}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The annotator × annotator matrix and each rater's margins; with many raters, their summary first (the matrix one click away). */
function AnnotatorsView({ detail }: { detail: QuestionAgreement }) {
  const [allPairs, setAllPairs] = useState(false);
  if (detail.manyRaters && !allPairs) return <ManyRatersSummary summary={detail.manyRaters} onShowPairs={() => setAllPairs(true)} />;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 5, alignItems: 'flex-start' }}>
      <RaterMatrixHeatmap matrix={detail.raterMatrix} />
      {/* Its own width as basis: where it does not fit beside the matrix (a 7-level scale at 1280 px) it goes under it, whole, rather than scroll its N/A column out of sight. */}
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <RaterMarginsTables detail={detail} />
      </Box>
    </Box>
  );
}

/** The matrix with rows and columns swapped: the other rater's levels as rows. */
function transposed(matrix: ConfusionMatrix): ConfusionMatrix {
  return { rowRater: matrix.columnRater, columnRater: matrix.rowRater, levels: matrix.levels, counts: matrix.levels.map((_, j) => matrix.counts.map((row) => row[j])) };
}
