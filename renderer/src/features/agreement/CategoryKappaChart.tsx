import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import type { CategoryAgreement } from '../../../../electron/api/contract';
import { coef, interval, percent } from '../../../../electron/common/numberFormat';
import { BandChip } from './BandChip';

const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * κ per category (Fleiss' "category versus the rest") or per tag, as horizontal bars on the
 * −0.2 … 1 scale with the Landis–Koch cut points as gridlines, beside a table with each
 * category's prevalence, interval and band. A category never (or always) used has no bar and
 * says why.
 */
export function CategoryKappaChart({ categories, what }: { categories: CategoryAgreement[]; what: 'category' | 'tag' }) {
  const values = categories.map((c) => c.value);
  // Room left of 0 for a negative bar's printed value, which sits outside the bar.
  const low = Math.min(-0.2, ...values.filter((v): v is number => v !== null && v < 0).map((v) => Math.floor(v * 5) / 5 - 0.2));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
      <Box sx={{ width: 460, maxWidth: '100%', flex: '0 0 auto' }} data-testid="category-kappa-chart">
        <BarChart
          height={Math.max(160, 44 * categories.length + 60)}
          layout="horizontal"
          skipAnimation
          hideLegend
          grid={{ vertical: true }}
          margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
          yAxis={[{ scaleType: 'band', data: categories.map((c) => c.label), width: 130, tickLabelStyle: { fontSize: 12 } }]}
          xAxis={[
            {
              min: low,
              // Room right of 1 for the printed value of a κ of 1 (labels outside the plot area are clipped).
              max: 1.25,
              tickInterval: [low, ...[0, 0.2, 0.4, 0.6, 0.8, 1].filter((t) => t > low)],
              label: what === 'tag' ? 'κ per tag (present vs absent)' : 'κ of the category versus the rest',
              valueFormatter: (v: number) => (Math.round(v * 10) / 10).toString().replace('-', '−'),
              colorMap: { type: 'piecewise', thresholds: [0], colors: ['#b3261e', '#2f5d8a'] },
            },
          ]}
          series={[
            {
              data: values,
              label: 'κ',
              valueFormatter: (v: number | null) => (v === null ? 'undefined' : coef(v)),
              barLabel: (item) => (item.value === null ? null : coef(item.value)),
              barLabelPlacement: 'outside',
            },
          ]}
        >
          <ChartsReferenceLine x={0} lineStyle={{ stroke: '#8a96a5' }} />
        </BarChart>
      </Box>
      <Table size="small" sx={{ width: 'auto', flex: '0 1 auto', '& th, & td': { px: 1.25 } }} aria-label={`κ per ${what}`}>
        <TableHead>
          <TableRow>
            <TableCell>{what === 'tag' ? 'Tag' : 'Category'}</TableCell>
            <TableCell sx={num}>Prevalence</TableCell>
            <TableCell sx={num}>κ</TableCell>
            <TableCell sx={num}>95% CI (normal)</TableCell>
            <TableCell>Band</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {categories.map((c) => (
            <TableRow key={c.category}>
              <TableCell>{c.label}</TableCell>
              <TableCell sx={num}>{percent(c.prevalence)}</TableCell>
              <TableCell sx={num}>
                {c.value === null ? (
                  <Typography variant="caption" color="text.secondary" title={c.reason}>
                    undefined
                  </Typography>
                ) : (
                  <strong>{coef(c.value)}</strong>
                )}
              </TableCell>
              <TableCell sx={num}>{interval(c.ci95)}</TableCell>
              <TableCell>
                <BandChip judgement={c.judgement} evidence={c.ci95 ? `judged on the 95% interval ${interval(c.ci95)}` : undefined} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
