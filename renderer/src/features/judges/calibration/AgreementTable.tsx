import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatCount } from '../../../shared/format';
import { formatInterval, formatKappa, formatPercent } from './calibrationFigures';
import type { PairRow } from './pairRows';

const GROUP_LABEL = { 'judge-human': 'judge vs annotator', 'judge-gold': 'judge vs gold', 'human-human': 'human vs human' } as const;
const GROUP_COLOR = { 'judge-human': '#2f5d8a', 'judge-gold': '#6b4fa0', 'human-human': '#2e7d4f' } as const;
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The pairs' figures as numbers: units, κ with its interval (and the bootstrap one), % agreement, Landis & Koch band. */
export function AgreementTable({ rows, statisticLabel }: { rows: PairRow[]; statisticLabel: string }) {
  const bootstrap = rows.some((r) => r.figure.bootstrap !== null);
  return (
    <Table size="small" aria-label="Agreement by pair" sx={{ '& td, & th': { px: 1 } }}>
      <TableHead>
        <TableRow>
          <TableCell>Pair</TableCell>
          <TableCell align="right">Units</TableCell>
          <TableCell align="right">{statisticLabel}</TableCell>
          <TableCell align="right">95% interval</TableCell>
          {bootstrap && <TableCell align="right">Bootstrap 95%</TableCell>}
          <TableCell align="right">Exact agreement</TableCell>
          <TableCell>Band</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key} data-testid="pair-row" data-pair={row.key}>
            <TableCell>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: GROUP_COLOR[row.group], flexShrink: 0 }} />
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {row.label}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {GROUP_LABEL[row.group]}
                  </Typography>
                </Box>
              </Box>
            </TableCell>
            <TableCell align="right" sx={num} data-testid="pair-units">
              {formatCount(row.figure.units)}
            </TableCell>
            <TableCell align="right" sx={{ ...num, fontWeight: 600 }} data-testid="pair-kappa" title={row.figure.kappa.reason}>
              {formatKappa(row.figure.kappa.value)}
            </TableCell>
            <TableCell align="right" sx={num} data-testid="pair-ci">
              {formatInterval(row.figure.kappa.ci95)}
            </TableCell>
            {bootstrap && (
              <TableCell align="right" sx={num} data-testid="pair-bootstrap">
                {formatInterval(row.figure.bootstrap?.ci95)}
              </TableCell>
            )}
            <TableCell align="right" sx={num} data-testid="pair-agreement">
              {formatPercent(row.figure.percentAgreement.value)}
            </TableCell>
            <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>{row.figure.landisKoch.band ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
