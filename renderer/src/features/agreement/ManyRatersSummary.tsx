import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { QuestionAgreement } from '../../../../electron/api/contract';
import { coef, count } from '../../../../electron/common/numberFormat';

type Summary = NonNullable<QuestionAgreement['manyRaters']>;

/** Raters listed at most, lowest κ with the majority first (the rest are in the full matrix). */
const SHOWN = 15;

/**
 * Agreement among many raters at a glance: the distribution of pairwise κ, each rater against
 * the others' majority (lowest first), and the raters who stand out; the full matrix is one
 * click away.
 */
export function ManyRatersSummary({ summary, onShowPairs }: { summary: Summary; onShowPairs(): void }) {
  const k = summary.pairwiseKappa;
  const standOut = new Set(summary.standOut.map((s) => s.rater));
  const sorted = [...summary.perRater].sort((a, b) => (a.kappaWithMajority ?? Infinity) - (b.kappaWithMajority ?? Infinity));
  const cell = { py: 0.5, fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Box data-testid="many-raters" sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 760 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {count(summary.raters)} raters, {count(summary.pairs)} pairs: summarised
        </Typography>
        <Button size="small" variant="outlined" onClick={onShowPairs} data-testid="many-raters-show-pairs">
          Show all {count(summary.pairs)} pairs
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 1, textAlign: 'center' }} aria-label="Pairwise Cohen's κ">
        {(
          [
            ['lowest', k.min],
            ['lower quartile', k.q1],
            ['median', k.median],
            ['upper quartile', k.q3],
            ['highest', k.max],
          ] as const
        ).map(([label, value]) => (
          <Box key={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 1 }}>
            <Typography sx={{ fontSize: 20, fontWeight: label === 'median' ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}>{coef(value)}</Typography>
            <Typography variant="caption" color="text.secondary">
              pairwise κ, {label}
            </Typography>
          </Box>
        ))}
      </Box>
      {summary.undefinedPairs > 0 && (
        <Typography variant="body2" color="text.secondary">
          {count(summary.undefinedPairs)} pairs have no κ (too few shared units, or one answer only) and are left out.
        </Typography>
      )}
      <Typography variant="body2" data-testid="many-raters-stand-out">
        {summary.standOut.length > 0
          ? `Stand out: ${summary.standOut.map((s) => `${s.rater} (κ ${coef(s.kappaWithMajority)})`).join(', ')} — below Q1 − 1.5 IQR = ${coef(summary.lowFence)} of the raters' κ with the majority.`
          : `No rater stands out: none is below Q1 − 1.5 IQR = ${coef(summary.lowFence)} of the raters' κ with the majority.`}
      </Typography>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          Each rater against the rest{sorted.length > SHOWN ? ` (the ${SHOWN} lowest of ${sorted.length})` : ''}
        </Typography>
        <Table size="small" aria-label="Each rater against the rest">
          <TableHead>
            <TableRow>
              <TableCell sx={cell}>Rater</TableCell>
              <TableCell sx={cell} align="right">
                Units
              </TableCell>
              <TableCell sx={cell} align="right">
                κ with the others&apos; majority
              </TableCell>
              <TableCell sx={cell} align="right">
                Mean pairwise κ
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.slice(0, SHOWN).map((p) => (
              <TableRow key={p.rater} data-testid="many-raters-row">
                <TableCell sx={cell}>
                  {p.rater}
                  {standOut.has(p.rater) && <Chip size="small" color="warning" variant="outlined" label="stands out" sx={{ ml: 1, height: 20 }} />}
                </TableCell>
                <TableCell sx={cell} align="right">
                  {count(p.units)}
                </TableCell>
                <TableCell sx={cell} align="right">
                  {coef(p.kappaWithMajority)}
                </TableCell>
                <TableCell sx={cell} align="right">
                  {coef(p.meanPairwiseKappa)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
