import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { QuestionCalibration } from '../../../../../electron/api/contract';
import { count, counted, decimal, pValue, range } from '../../../../../electron/common/numberFormat';
import { sentenceStart } from '../../../common/format';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * What the verdict rests on: with three or more annotators, the alternative annotator test per
 * annotator (the judge and the annotator each scored against the remaining annotators); with
 * two, the non-inferiority figures.
 */
export function ReplacementEvidence({ q }: { q: QuestionCalibration }) {
  const alt = q.verdict.altTest;
  const ni = q.verdict.nonInferiority;
  if (alt) {
    const won = alt.annotators.filter((a) => a.rejected).length;
    return (
      <Box data-testid="alt-test">
        <Table size="small" aria-label="Alternative annotator test by annotator" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>Annotator left out</TableCell>
              <TableCell align="right">Items</TableCell>
              <TableCell align="right">W_human − W_judge</TableCell>
              <TableCell align="right">p (H0: ≥ ε)</TableCell>
              <TableCell>Judge wins</TableCell>
              <TableCell align="right">Advantage</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {alt.annotators.map((a) => (
              <TableRow key={a.rater} data-testid="alt-test-row" data-rater={a.rater}>
                <TableCell sx={{ fontWeight: 600 }}>{a.rater}</TableCell>
                <TableCell align="right" sx={num}>
                  {count(a.n)}
                </TableCell>
                <TableCell align="right" sx={num}>
                  {decimal(a.meanDifference, 3)}
                </TableCell>
                <TableCell align="right" sx={num} title={a.note}>
                  {pValue(a.pValue)}
                </TableCell>
                <TableCell sx={{ color: a.rejected ? 'success.main' : a.rejectedAgainst ? 'warning.main' : 'text.secondary', fontWeight: 600 }}>
                  {a.rejected ? 'yes' : a.rejectedAgainst ? 'no — beaten by more than ε' : 'no'}
                </TableCell>
                <TableCell align="right" sx={num}>
                  {decimal(a.advantage, 2)}
                </TableCell>
              </TableRow>
            ))}
            {alt.skipped.map((s) => (
              <TableRow key={s.rater} data-testid="alt-test-skipped">
                <TableCell sx={{ color: 'text.secondary' }}>{s.rater}</TableCell>
                <TableCell align="right" sx={{ ...num, color: 'text.secondary' }}>
                  {count(s.items)}
                </TableCell>
                <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                  not tested: {s.reason}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="alt-test-summary">
          Winning rate <b>{decimal(alt.winningRate, 2)}</b> ({won} of {alt.annotators.length}; passes at 0.50) · advantage probability <b>{decimal(alt.advantageProbability, 2)}</b> · scoring {alt.scoring} · ε = {decimal(alt.epsilon, 2)}, Benjamini–Yekutieli q ={' '}
          {decimal(alt.q, 2)} · {counted(alt.items, 'item')} with two or more human labels
          {alt.dropped.length > 0 ? `; ${count(alt.dropped.length)} left out (fewer than two human labels, or no judge label)` : ''}
          {alt.reason ? ` · ${alt.reason}` : ''}
        </Typography>
      </Box>
    );
  }
  if (ni) {
    const symbol = q.type === 'ordinal' || q.type === 'interval' ? 'κw' : 'κ';
    const figures: [string, string][] = [
      [`Judge–human ${symbol} (mean)`, decimal(ni.judgeHuman, 2)],
      [`Human–human ${symbol}`, decimal(ni.humanHuman, 2)],
      ['Difference', decimal(ni.difference, 2)],
      ['95% interval', range(ni.ci95)],
      // The threshold the difference is tested against (the verdict header gives the margin itself).
      ['Threshold (−margin)', `−${decimal(ni.margin, 2)}`],
      ['p', pValue(ni.pValue)],
    ];
    return (
      <Box data-testid="non-inferiority" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        {figures.map(([label, value]) => (
          <Box key={label}>
            <Typography variant="caption" color="text.secondary" component="div">
              {label}
            </Typography>
            <Typography sx={{ ...num, fontWeight: 600, fontSize: 18 }}>{value}</Typography>
          </Box>
        ))}
        <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }}>
          On {counted(ni.n, 'unit')} all three answered; paired percentile bootstrap over units ({count(ni.resamples)} resamples, seed {ni.seed}). Can: the interval’s lower end above −{decimal(ni.margin, 2)}; cannot: its upper end below it.
          {ni.reason ? ` ${sentenceStart(ni.reason)}.` : ''}
        </Typography>
      </Box>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" data-testid="no-test">
      No test: it needs two annotators on the judge’s units (non-inferiority) or three or more (the alternative annotator test).
    </Typography>
  );
}
