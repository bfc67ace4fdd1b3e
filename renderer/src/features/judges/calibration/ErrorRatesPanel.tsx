import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { BoundedRate, CorrectedEstimate, ErrorRates, QuestionCalibration } from '../../../../../electron/api/contract';
import { count, counted, decimal, percent, percentInterval } from '../../../../../electron/common/numberFormat';
import { sentenceStart } from '../../../common/format';
import { certificationLabel } from './calibrationFigures';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Green when certified, orange when some rate falls short even at its upper bound, neutral when units are missing. */
const CHIP_COLOUR = { certified: 'success', 'not certified': 'warning', 'not enough evidence': 'default' } as const satisfies Record<ErrorRates['status'], string>;

function RateCells({ r, threshold }: { r: BoundedRate; threshold: number }) {
  const short = r.lower === null || r.lower < threshold;
  // Orange only for a rate shown to fall short (its upper bound below the level); a bound short for want of units is neutral.
  const hopeless = r.ci95 !== null && r.ci95[1] < threshold;
  return (
    <>
      <TableCell align="right" sx={num}>
        {percent(r.rate)} <Typography component="span" variant="caption" color="text.secondary">({r.x}/{r.n})</Typography>
      </TableCell>
      <TableCell align="right" sx={{ ...num, fontWeight: 600, color: hopeless ? 'warning.main' : short ? 'text.primary' : 'success.main' }}>
        {percent(r.lower)}
      </TableCell>
      <TableCell align="right" sx={{ ...num, color: 'text.secondary' }}>
        {r.n === 0 ? 'no such units' : !short ? '—' : r.needed === null ? 'not at this rate' : `${count(r.needed)}`}
      </TableCell>
    </>
  );
}

/** TPR and TNR against gold or the human majority, with exact lower bounds and the certification. */
export function ErrorRatesPanel({ q }: { q: QuestionCalibration }) {
  const e = q.errorRates;
  if (!e) return <Typography variant="body2" color="text.secondary">No gold and no human majority on the judge’s units to measure its errors against.</Typography>;
  const perClass = e.classes.length > 1;
  return (
    <Box data-testid="error-rates">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Chip size="small" color={CHIP_COLOUR[e.status]} label={certificationLabel(e)} data-testid="certified" data-status={e.status} />
        <Typography variant="caption" color="text.secondary">
          Test: every exact (Clopper–Pearson) 95% lower bound must reach {decimal(e.threshold, 2)}; against {e.reference} on {counted(e.units, 'unit')}. “Needed”: units of that kind at which the bound would reach {decimal(e.threshold, 2)} if the rate held (never, for a rate at or below it). Not certified only when a rate’s exact 95% upper bound is below {decimal(e.threshold, 2)}.
        </Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Error rates" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              {perClass && <TableCell>Answer (one vs rest)</TableCell>}
              <TableCell align="right">TPR</TableCell>
              <TableCell align="right">Lower bound</TableCell>
              <TableCell align="right">Needed</TableCell>
              <TableCell align="right">TNR</TableCell>
              <TableCell align="right">Lower bound</TableCell>
              <TableCell align="right">Needed</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {e.classes.map((c) => (
              <TableRow key={c.category} data-testid="error-rate-row">
                {perClass && <TableCell sx={{ fontWeight: 600 }}>{c.category}</TableCell>}
                <RateCells r={c.tpr} threshold={e.threshold} />
                <RateCells r={c.tnr} threshold={e.threshold} />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {!perClass && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          Positive answer: “{e.classes[0].category}”.
        </Typography>
      )}
    </Box>
  );
}

function EstimateRow({ name, e, target }: { name: string; e: CorrectedEstimate; target: number }) {
  return (
    <TableRow data-testid="corrected-row">
      <TableCell sx={{ fontWeight: 600 }}>{name}</TableCell>
      <TableCell align="right" sx={{ ...num, fontWeight: 600 }}>
        {percent(e.estimate)}
      </TableCell>
      <TableCell align="right" sx={num}>
        {percentInterval(e.ci95)}
      </TableCell>
      <TableCell sx={{ color: 'text.secondary', whiteSpace: 'normal' }}>
        {e.estimate === null
          ? e.reason
          : e.labelsNeeded === null
            ? `labels alone cannot narrow it to ±${percent(target, 0)}`
            : e.moreLabels === 0
              ? `within ±${percent(target, 0)} already`
              : `${counted(e.moreLabels ?? 0, 'more labeled unit')} for ±${percent(target, 0)}`}
      </TableCell>
    </TableRow>
  );
}

/** The pass rate corrected for the judge's errors (Rogan–Gladen, prediction-powered), with the label budget. */
export function CorrectedPassRatePanel({ q }: { q: QuestionCalibration }) {
  const p = q.correctedPassRate;
  if (p.positive === undefined) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="corrected-none">
        {sentenceStart(p.reason)}.
      </Typography>
    );
  }
  return (
    <Box data-testid="corrected-pass-rate">
      <Typography variant="body2" sx={{ mb: 1 }}>
        The judge says “{p.positive}” to <b>{percent(p.apparent)}</b> of the {counted(p.unlabeled, 'unit')} without a reference; {counted(p.labeled, 'unit')} {p.labeled === 1 ? 'has' : 'have'} {q.errorRates?.reference ?? 'a reference'} to correct with.
      </Typography>
      <Table size="small" aria-label="Corrected pass rate" sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Estimate</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell align="right">95% interval</TableCell>
            <TableCell>Label budget</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <EstimateRow name="Rogan–Gladen" e={p.roganGladen} target={p.targetHalfWidth} />
          <EstimateRow name="Prediction-powered" e={p.ppi} target={p.targetHalfWidth} />
        </TableBody>
      </Table>
    </Box>
  );
}
