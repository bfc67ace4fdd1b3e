import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { QuestionAgreement } from '../../../../electron/api/contract';
import { coef, count, signed, withReason } from '../../../../electron/common/numberFormat';

type Summary = NonNullable<QuestionAgreement['manyRaters']>;

/** Raters listed at most, lowest κ with the majority first (the rest are in the full matrix). */
const SHOWN = 15;

/**
 * Agreement among many raters at a glance: the distribution of pairwise κ, each rater against
 * the others' majority (lowest first) and Krippendorff's α without the rater beside α of
 * everyone, and the raters who stand out by either; the full matrix is one click away.
 */
export function ManyRatersSummary({ summary, onShowPairs }: { summary: Summary; onShowPairs(): void }) {
  const k = summary.pairwiseKappa;
  const standOut = new Set(summary.standOut.map((s) => s.rater));
  const standOutByAlpha = new Set(summary.standOutByAlpha.map((s) => s.rater));
  const alphaAll = withReason(summary.alpha.value, summary.alpha.reason);
  const sorted = [...summary.perRater].sort((a, b) => (a.kappaWithMajority ?? Infinity) - (b.kappaWithMajority ?? Infinity));
  const cell = { py: 0.5, fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Box data-testid="many-raters" sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 900 }}>
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
      <Typography variant="body2" data-testid="many-raters-stand-out-alpha">
        {summary.standOutByAlpha.length > 0
          ? `Stand out by α: ${summary.standOutByAlpha.map((s) => `${s.rater} (α without ${coef(s.alphaWithout)}, ${signed(s.alphaChange, 3)})`).join(', ')} — leaving them out raises α by more than Q3 + 1.5 IQR = ${signed(summary.alphaChangeFence, 3)} of the changes.`
          : `No rater stands out by α: leaving out none raises α by more than Q3 + 1.5 IQR = ${signed(summary.alphaChangeFence, 3)} of the changes.`}
      </Typography>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          Each rater against the rest{sorted.length > SHOWN ? ` (the ${SHOWN} lowest of ${sorted.length})` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }} data-testid="many-raters-alpha">
          α without: Krippendorff&apos;s α ({summary.alpha.metric}) of the other raters, beside {alphaAll} with everyone. Change: α without − α; + means the rater lowers agreement.
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
              <TableCell sx={cell} align="right">
                α without
              </TableCell>
              <TableCell sx={cell} align="right">
                Change
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.slice(0, SHOWN).map((p) => (
              <TableRow key={p.rater} data-testid="many-raters-row">
                <TableCell sx={cell}>
                  {p.rater}
                  {(standOut.has(p.rater) || standOutByAlpha.has(p.rater)) && (
                    <Chip size="small" color="warning" variant="outlined" label={standOutLabel(standOut.has(p.rater), standOutByAlpha.has(p.rater))} sx={{ ml: 1, height: 20 }} />
                  )}
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
                <TableCell sx={cell} align="right" data-testid="many-raters-alpha-without">
                  {coef(p.alphaWithout)}
                </TableCell>
                <TableCell sx={{ ...cell, color: standOutByAlpha.has(p.rater) ? 'warning.dark' : undefined, fontWeight: standOutByAlpha.has(p.rater) ? 600 : undefined }} align="right">
                  {signed(p.alphaChange, 3)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** The chip's words: by which figure a rater stands out. */
function standOutLabel(byKappa: boolean, byAlpha: boolean): string {
  if (byKappa && byAlpha) return 'stands out';
  return byKappa ? 'stands out by κ' : 'stands out by α';
}
