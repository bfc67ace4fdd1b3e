import { Box, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { bandText } from '../../../../../electron/common/bandText';
import { formatCount } from '../../../common/format';
import { formatInterval, formatKappa, formatPercent } from './calibrationFigures';
import { PAIR_GROUP_COLOR, type PairRow } from './pairRows';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The pairs' figures as numbers: units, κ with its interval (and the bootstrap one when asked
 * for), exact agreement; the Landis & Koch band is on the κ's tooltip.
 */
export function AgreementTable({ rows, statisticLabel }: { rows: PairRow[]; statisticLabel: string }) {
  const bootstrap = rows.some((r) => r.figure.bootstrap !== null);
  return (
    <Table
      size="small"
      aria-label="Agreement by pair"
      // Headings wrap ("Exact / agreement"), figures do not: the table fits beside the forest plot in a 1280-px window.
      sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' }, '& thead th': { whiteSpace: 'normal', verticalAlign: 'bottom', lineHeight: 1.25 } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>Pair</TableCell>
          <TableCell align="right">Units</TableCell>
          <TableCell align="right">{statisticLabel}</TableCell>
          <TableCell align="right">95% interval</TableCell>
          {bootstrap && <TableCell align="right">Bootstrap 95%</TableCell>}
          <TableCell align="right">Exact agreement</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key} data-testid="pair-row" data-pair={row.key}>
            <TableCell sx={{ fontWeight: 600 }}>
              <Box component="span" sx={{ display: 'inline-block', width: 8, height: 8, borderRadius: '50%', bgcolor: PAIR_GROUP_COLOR[row.group], mr: 1, verticalAlign: 'middle' }} />
              {row.label}
            </TableCell>
            <TableCell align="right" sx={num} data-testid="pair-units">
              {formatCount(row.figure.units)}
            </TableCell>
            <Tooltip title={row.figure.kappa.reason ?? (row.figure.landisKoch.judgement ? `Landis & Koch: ${bandText(row.figure.landisKoch.judgement)}` : '')} placement="top" disableInteractive>
              <TableCell align="right" sx={{ ...num, fontWeight: 600 }} data-testid="pair-kappa">
                {formatKappa(row.figure.kappa.value)}
              </TableCell>
            </Tooltip>
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
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
