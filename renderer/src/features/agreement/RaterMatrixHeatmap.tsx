import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { AgreementRaterMatrix } from '../../../../electron/api/contract';
import { coef, percent } from '../../../../electron/common/numberFormat';
import { darkCell, kappaColor } from './heatColors';

const STATISTIC: Record<AgreementRaterMatrix['statistic'], string> = {
  cohenKappa: "Cohen's κ",
  weightedKappa: 'weighted κ (quadratic)',
  macroKappa: 'macro κ over tags',
};

/**
 * The annotator × annotator matrix: κ of every pair over the units both rated, shaded from
 * red (κ < 0) through white to blue, with the pair's % agreement and shared units — the table
 * that shows one annotator reading the guidelines differently.
 */
export function RaterMatrixHeatmap({ matrix }: { matrix: AgreementRaterMatrix }) {
  return (
    <Box>
      <Typography variant="h4" sx={{ mb: 0.5 }}>
        Annotator × annotator
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 360 }}>
        {STATISTIC[matrix.statistic]} of each pair, with % agreement and the units both rated.
      </Typography>
      <Table size="small" aria-label="Annotator by annotator agreement" sx={{ width: 'auto' }} data-testid="rater-matrix">
        <TableHead>
          <TableRow>
            <TableCell sx={{ bgcolor: 'transparent', border: 0 }} />
            {matrix.raters.map((r) => (
              <TableCell key={r} sx={{ textAlign: 'center', bgcolor: 'transparent', border: 0, maxWidth: 120 }}>
                {r}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {matrix.raters.map((r, a) => (
            <TableRow key={r}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, border: 0, whiteSpace: 'nowrap' }}>
                {r}
              </TableCell>
              {matrix.cells[a].map((cell, b) => {
                const value = cell?.kappa.value ?? null;
                const dark = value !== null && darkCell(Math.abs(value));
                return (
                  <TableCell
                    key={b}
                    title={cell?.kappa.value === null ? cell.kappa.reason : undefined}
                    sx={{ width: 110, height: 58, textAlign: 'center', border: '1px solid #e1e5ea', bgcolor: a === b ? '#fafbfc' : kappaColor(value), color: dark ? '#fff' : 'text.primary' }}
                  >
                    {a === b || !cell ? (
                      <Typography variant="caption" color="text.disabled">
                        —
                      </Typography>
                    ) : (
                      <>
                        <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: 'inherit' }}>{coef(value)}</Typography>
                        <Typography variant="caption" sx={{ color: 'inherit', opacity: 0.8 }}>
                          {percent(cell.percentAgreement.value)} · n {cell.units}
                        </Typography>
                      </>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
