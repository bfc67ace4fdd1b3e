import { Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import type { StatisticLine } from '../../../../electron/api/contract';
import { coef, interval, percent, percentInterval, pValue } from '../../../../electron/shared/numberFormat';

const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** Every coefficient that applies to the question, with SE, both 95% intervals and the test of 0. */
export function StatisticsTable({ lines }: { lines: StatisticLine[] }) {
  return (
    <Table size="small" sx={{ width: 'auto', minWidth: 640 }} aria-label="Statistics">
      <TableHead>
        <TableRow>
          <TableCell>Statistic</TableCell>
          <TableCell sx={num}>Estimate</TableCell>
          <TableCell sx={num}>SE</TableCell>
          <TableCell sx={num}>95% CI (normal)</TableCell>
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
              <TableCell sx={num}>{interval(l.ci95Normal)}</TableCell>
              <TableCell sx={num}>{proportion ? percentInterval(l.ci95Bootstrap) : interval(l.ci95Bootstrap)}</TableCell>
              <TableCell sx={num}>{pValue(l.p)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
