import { Box, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { BarChart } from '@mui/x-charts';
import type { QuestionCalibration } from '../../../../../electron/api/contract';
import { formatCount } from '../../../common/format';
import { formatRatio } from './calibrationFigures';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const COLORS = { precision: '#2f5d8a', recall: '#7fa6cc', f1: '#2e7d4f' };

/**
 * Per-class precision, recall and F1 of the judge against the reference, charted and tabled,
 * with the macro averages; `wide` puts the chart and the table side by side.
 */
export function ClassMetricsPanel({ q, wide }: { q: QuestionCalibration; wide?: boolean }) {
  const classes = q.classes;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: wide ? { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } : '1fr', gap: 2, alignItems: 'start' }}>
      <Box sx={{ minWidth: 0 }}>
        <BarChart
          height={wide ? 300 : 220}
          xAxis={[
            {
              scaleType: 'band',
              data: classes.map((c) => c.category),
              // Every group named: left to itself the chart drops labels that would touch, and the
              // 7-level scale's last group went unnamed (read as "Very Good"). Each word on its own line fits.
              valueFormatter: (category: string, context) => (context.location === 'tick' ? category.split(' ').join('\n') : category),
              tickLabelInterval: () => true,
              tickLabelStyle: { fontSize: 11 },
              height: 'auto',
            },
          ]}
          yAxis={[{ min: 0, max: 1, tickNumber: 5, width: 36 }]}
          series={[
            { label: 'Precision', data: classes.map((c) => c.precision), color: COLORS.precision, valueFormatter: (v) => formatRatio(v) },
            { label: 'Recall', data: classes.map((c) => c.recall), color: COLORS.recall, valueFormatter: (v) => formatRatio(v) },
            { label: 'F1', data: classes.map((c) => c.f1), color: COLORS.f1, valueFormatter: (v) => formatRatio(v) },
          ]}
          // Room on the right for the last group's name, which the chart would otherwise cut to "Extremely G…".
          margin={{ top: 8, right: 20, bottom: 0, left: 0 }}
          slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
        />
      </Box>
      <Table size="small" aria-label="Per-class precision, recall and F1" sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Answer</TableCell>
            <TableCell align="right">Reference</TableCell>
            <TableCell align="right">Judge</TableCell>
            <TableCell align="right">Precision</TableCell>
            <TableCell align="right">Recall</TableCell>
            <TableCell align="right">F1</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {classes.map((c) => (
            <Tooltip key={c.category} title={c.reason ?? ''} placement="left" disableInteractive>
              <TableRow data-testid="class-row" data-class={c.category}>
                <TableCell>{c.category}</TableCell>
                <TableCell align="right" sx={num}>{formatCount(c.support)}</TableCell>
                <TableCell align="right" sx={num}>{formatCount(c.predicted)}</TableCell>
                <TableCell align="right" sx={num} data-testid="class-precision">{formatRatio(c.precision)}</TableCell>
                <TableCell align="right" sx={num} data-testid="class-recall">{formatRatio(c.recall)}</TableCell>
                <TableCell align="right" sx={num} data-testid="class-f1">{formatRatio(c.f1)}</TableCell>
              </TableRow>
            </Tooltip>
          ))}
          <TableRow data-testid="macro-row" sx={{ '& td': { fontWeight: 600, borderBottom: 0 } }}>
            <TableCell>Macro average</TableCell>
            <TableCell />
            <TableCell />
            <TableCell align="right" sx={num} data-testid="macro-precision">{formatRatio(q.macro.precision)}</TableCell>
            <TableCell align="right" sx={num} data-testid="macro-recall">{formatRatio(q.macro.recall)}</TableCell>
            <TableCell align="right" sx={num} data-testid="macro-f1">{formatRatio(q.macro.f1)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}
