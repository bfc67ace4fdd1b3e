import { Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import type { StatisticLine } from '../../../../electron/api/contract';
import { INTERVAL_METHOD_TEXT, intervalOr } from '../../../../electron/common/intervalText';
import { coef, percent, pValue } from '../../../../electron/common/numberFormat';

const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * Every coefficient that applies to the question, with SE, both 95% intervals (each with its
 * method; "not estimable" with the reason on hover where none can be given honestly) and the
 * test of 0.
 */
export function StatisticsTable({ lines }: { lines: StatisticLine[] }) {
  return (
    <Table size="small" sx={{ width: 'auto', minWidth: 640 }} aria-label="Statistics">
      <TableHead>
        <TableRow>
          <TableCell>Statistic</TableCell>
          <TableCell sx={num}>Estimate</TableCell>
          <TableCell sx={num}>SE</TableCell>
          <TableCell sx={num}>
            <Tooltip title="Wald interval on Fisher's z (κ, AC1/AC2, Conger's κ), or from the F distribution (ICC); it stays within the statistic's range">
              <span>95% CI (normal)</span>
            </Tooltip>
          </TableCell>
          <TableCell sx={num}>95% CI (bootstrap)</TableCell>
          <TableCell sx={num}>p (H₀: 0)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l) => {
          const proportion = l.key === 'percentAgreement';
          return (
            <TableRow key={l.key}>
              <TableCell>{l.name}</TableCell>
              <TableCell sx={num}>
                {l.value === null ? (
                  <Tooltip title={l.note ?? 'undefined'}>
                    <Typography variant="body2" color="text.secondary" component="span">
                      undefined
                    </Typography>
                  </Tooltip>
                ) : (
                  <strong>{proportion ? percent(l.value) : coef(l.value)}</strong>
                )}
              </TableCell>
              <TableCell sx={num}>{coef(l.se)}</TableCell>
              <TableCell sx={num}>
                <Tooltip title={l.ciNormalNote ?? (l.intervalMethod ? (INTERVAL_METHOD_TEXT[l.intervalMethod] ?? l.intervalMethod) : '')}>
                  <span data-testid={`ci-normal-${l.key}`}>{intervalOr(l.ci95Normal, l.ciNormalNote)}</span>
                </Tooltip>
              </TableCell>
              <TableCell sx={num}>
                <Tooltip title={l.ciBootstrapNote ?? (l.belowThreshold ? `P(α < ${l.belowThreshold.threshold}) = ${l.belowThreshold.share.toFixed(3)} over the resamples` : '')}>
                  <span>{intervalOr(l.ci95Bootstrap, l.ciBootstrapNote, proportion)}</span>
                </Tooltip>
              </TableCell>
              <TableCell sx={num}>{pValue(l.p)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
