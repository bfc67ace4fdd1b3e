import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { QuestionAgreementRow } from '../../../../electron/api/contract';
import { intervalOr } from '../../../../electron/common/intervalText';
import { coef, interval, percent } from '../../../../electron/common/numberFormat';
import { BandChip } from './BandChip';

function Figure({ label, value, detail, testId, grow = 1 }: { label: string; value: ReactNode; detail?: ReactNode; testId?: string; grow?: number }) {
  return (
    <Paper variant="outlined" sx={{ px: 1.75, py: 1, flex: `${grow} 1 0`, minWidth: 110 }} data-testid={testId}>
      {/* Not upper-cased: "α" and "κ" would turn into capital Greek letters that read as A and K. */}
      <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontSize: 20, fontWeight: 650, fontVariantNumeric: 'tabular-nums', lineHeight: 1.35 }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

/** Krippendorff's (2004) customary reading of α, beside it (the band beside the headline is Landis & Koch's, for κ and α alike). */
export const ALPHA_CONVENTION = "Krippendorff (2004): rely on data with α ≥ .800; draw only tentative conclusions from α between .667 and .800";

/** A question's headline figures at a glance: n, % agreement, κ with both intervals and band, α, AC1, PABAK. */
export function StatStrip({ row }: { row: QuestionAgreementRow }) {
  const h = row.headline;
  // α heads ordinal and score questions with three or more raters: then it is shown once, as the
  // headline, with Krippendorff's reading where the normal interval it does not have would be.
  const alphaHeads = h.statistic.startsWith('krippendorffAlpha');
  return (
    <Box sx={{ display: 'flex', gap: 1.25 }}>
      <Figure label="Units rated by 2+" value={row.pairableUnits} detail={`${row.units} with any rating`} />
      <Figure label={row.kind === 'multilabel' ? 'Identical tag sets' : '% agreement'} value={percent(row.percentAgreement)} detail={`${row.disagreements} disagreeing units`} />
      <Figure
        grow={2}
        testId="headline-figure"
        label={h.label}
        value={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            {coef(h.value)} <BandChip judgement={h.judgement} evidence={`judged on the ${h.ci95Bootstrap ? 'bootstrap' : 'normal'} 95% interval, n = ${h.n}`} />
          </Box>
        }
        detail={
          <>
            {alphaHeads ? (
              <span title={`${ALPHA_CONVENTION}. ${h.reason ?? ''}`} data-testid="alpha-reading">
                ≥ .800 reliable, ≥ .667 tentative (Krippendorff)
              </span>
            ) : (
              <span title={h.ciNormalNote}>
                {h.ci95Normal ? `95% CI ${interval(h.ci95Normal)} normal (Fisher z)` : h.ciNormalNote ? 'normal interval not estimable' : 'no normal interval (no standard error)'}
              </span>
            )}
            <br />
            <span title={h.ciBootstrapNote}>95% CI {intervalOr(h.ci95Bootstrap, h.ciBootstrapNote)} bootstrap</span>
          </>
        }
      />
      {row.alpha && !alphaHeads && (
        <Figure
          label="Krippendorff's α"
          value={coef(row.alpha.value)}
          detail={
            <span title={ALPHA_CONVENTION}>
              {row.alpha.metric} · ≥ .800 reliable, ≥ .667 tentative
            </span>
          }
          testId="alpha-figure"
        />
      )}
      {row.gwetAC1 !== null && <Figure label="Gwet's AC1" value={coef(row.gwetAC1)} detail="prevalence-robust" />}
      {row.pabak !== null && <Figure label="PABAK" value={coef(row.pabak)} detail="prevalence-adjusted" />}
      {row.prevalenceIndex != null && (
        <Figure label="Prevalence / bias index" value={`${coef(row.prevalenceIndex)} / ${coef(row.biasIndex)}`} detail="Byrt, Bishop & Carlin 1993" testId="prevalence-bias" />
      )}
    </Box>
  );
}
