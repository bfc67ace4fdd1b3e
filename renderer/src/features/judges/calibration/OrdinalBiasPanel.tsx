import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts';
import type { QuestionCalibration } from '../../../../../electron/api/contract';
import { formatCount, plural } from '../../../common/format';
import { formatPercent, formatSigned, levelDifferences } from './calibrationFigures';

/**
 * How an ordinal judge leans: the mean signed difference from the reference (in the levels'
 * values), the shares on the same level and within one level, and how the differences spread.
 */
export function OrdinalBiasPanel({ q }: { q: QuestionCalibration }) {
  const bias = q.ordinal!;
  const spread = levelDifferences(q.confusion.counts, q.categories.map((c) => c.value));
  const lean = bias.meanSignedDifference === null ? 'no pairs to compare' : bias.meanSignedDifference > 0 ? 'the judge rates higher' : bias.meanSignedDifference < 0 ? 'the judge rates lower' : 'no lean';
  const figures: [string, string, string, string][] = [
    ['Mean signed difference', formatSigned(bias.meanSignedDifference), lean, 'bias-mean'],
    ['Same level', formatPercent(bias.exact), 'exact agreement', 'bias-exact'],
    ['Within one level', formatPercent(bias.withinOneLevel), `of ${plural(bias.pairs, 'pair')}`, 'bias-within-one'],
  ];
  const label = (d: number) => (d === 0 ? '0' : d > 0 ? `+${d}` : `\u2212${-d}`);
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2, mb: 1 }}>
        {figures.map(([title, value, caption, testId]) => (
          <Box key={title}>
            <Typography variant="caption" color="text.secondary" component="div">
              {title}
            </Typography>
            <Typography sx={{ fontWeight: 600, fontSize: 20, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
              {value}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {caption}
            </Typography>
          </Box>
        ))}
      </Box>
      <BarChart
        height={190}
        xAxis={[
          {
            scaleType: 'band',
            data: spread.map((s) => label(s.difference)),
            label: 'judge − reference, in levels',
            colorMap: { type: 'ordinal', values: spread.map((s) => label(s.difference)), colors: spread.map((s) => (s.difference === 0 ? '#2f5d8a' : Math.abs(s.difference) === 1 ? '#7fa6cc' : '#c47814')) },
          },
        ]}
        yAxis={[{ tickMinStep: 1, width: 36 }]}
        series={[{ data: spread.map((s) => s.count), label: 'pairs', valueFormatter: (v) => formatCount(v ?? 0) }]}
        hideLegend
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      />
    </Box>
  );
}
