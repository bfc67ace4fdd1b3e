import { Box, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import type { ConfusionMatrix } from '../../../../electron/api/contract';
import { percent } from '../../../../electron/common/numberFormat';
import { countColor, darkCell } from './heatColors';

const CELL = { width: 76, minWidth: 76, height: 40, p: 0, textAlign: 'center', fontVariantNumeric: 'tabular-nums', border: '1px solid #e1e5ea' } as const;
const HEAD = { fontSize: 11.5, fontWeight: 600, color: 'text.secondary', lineHeight: 1.2, px: 0.75, py: 0.75, border: 0, bgcolor: 'transparent' } as const;

/**
 * A confusion matrix as a heatmap: rows are the first rater's levels, columns the second's,
 * shade ∝ count, the agreement diagonal outlined, row and column totals in the margins. Every
 * level of the schema is a row and a column, used or not.
 */
export function ConfusionHeatmap({ matrix, labels }: { matrix: ConfusionMatrix; labels: string[] }) {
  const k = matrix.levels.length;
  const max = Math.max(0, ...matrix.counts.flat());
  const rowTotals = matrix.counts.map((row) => row.reduce((a, b) => a + b, 0));
  const colTotals = matrix.levels.map((_, j) => matrix.counts.reduce((sum, row) => sum + row[j], 0));
  const total = rowTotals.reduce((a, b) => a + b, 0);
  return (
    <Table size="small" aria-label={`Confusion matrix of ${matrix.rowRater} (rows) and ${matrix.columnRater} (columns)`} sx={{ width: 'auto', borderCollapse: 'collapse' }} data-testid="confusion-matrix">
      <TableHead>
        <TableRow>
          <TableCell colSpan={2} sx={HEAD} />
          <TableCell colSpan={k} sx={{ ...HEAD, textAlign: 'center', color: 'text.primary' }}>
            {matrix.columnRater} →
          </TableCell>
          <TableCell sx={HEAD} />
        </TableRow>
        <TableRow>
          <TableCell colSpan={2} sx={HEAD} />
          {labels.map((label) => (
            <TableCell key={label} sx={{ ...HEAD, width: 76, maxWidth: 76, px: 0.25, textAlign: 'center', verticalAlign: 'bottom' }}>
              {label}
            </TableCell>
          ))}
          <TableCell sx={{ ...HEAD, textAlign: 'center', verticalAlign: 'bottom' }}>Σ</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {matrix.counts.map((row, i) => (
          <TableRow key={matrix.levels[i]}>
            {i === 0 && (
              <TableCell rowSpan={k} sx={{ ...HEAD, color: 'text.primary', width: 28, p: 0 }}>
                <Box sx={{ writingMode: 'vertical-rl', transform: 'rotate(180deg)', mx: 'auto', whiteSpace: 'nowrap' }}>{matrix.rowRater} →</Box>
              </TableCell>
            )}
            <TableCell sx={{ ...HEAD, textAlign: 'right', whiteSpace: 'nowrap', maxWidth: 160 }}>{labels[i]}</TableCell>
            {row.map((count, j) => {
              const t = max > 0 ? count / max : 0;
              return (
                <Tooltip key={j} title={`${matrix.rowRater}: ${labels[i]} · ${matrix.columnRater}: ${labels[j]} — ${count} unit${count === 1 ? '' : 's'} (${percent(total > 0 ? count / total : null)})`}>
                  <TableCell
                    sx={{
                      ...CELL,
                      bgcolor: countColor(count, max),
                      color: darkCell(t) ? '#fff' : 'text.primary',
                      fontWeight: i === j ? 700 : 500,
                      boxShadow: i === j ? 'inset 0 0 0 2px #1d2733' : undefined,
                    }}
                  >
                    {count > 0 ? count : ''}
                  </TableCell>
                </Tooltip>
              );
            })}
            <TableCell sx={{ ...CELL, border: 0, color: 'text.secondary', fontSize: 12.5 }}>{rowTotals[i]}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell colSpan={2} sx={{ ...HEAD, textAlign: 'right' }}>
            Σ
          </TableCell>
          {colTotals.map((count, j) => (
            <TableCell key={j} sx={{ ...CELL, border: 0, height: 28, color: 'text.secondary', fontSize: 12.5 }}>
              {count}
            </TableCell>
          ))}
          <TableCell sx={{ ...CELL, border: 0, height: 28, fontWeight: 700, fontSize: 12.5 }}>{total}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
