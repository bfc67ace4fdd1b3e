import { Box, Typography } from '@mui/material';
import { formatMetricValue, metricLabel, scalarMetrics, splitMetrics } from '../../common/metricLabels';

/** The deterministic reference metrics: scores large, the counts behind them in one quiet line. */
export function ReferenceMetrics({ metrics }: { metrics: Record<string, unknown> | null }) {
  const { scores, counts } = splitMetrics(scalarMetrics(metrics));
  if (scores.length === 0 && counts.length === 0) return null;
  return (
    <Box aria-label="Reference metrics" data-testid="reference-metrics" sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', columnGap: 3.5, rowGap: 1.5, flexWrap: 'wrap' }}>
        {scores.map(([key, value]) => (
          <Box key={key}>
            <Typography variant="caption" color="text.secondary" component="div">
              {metricLabel(key)}
            </Typography>
            <Typography sx={{ fontWeight: 600, fontSize: 17, fontVariantNumeric: 'tabular-nums' }}>{formatMetricValue(key, value)}</Typography>
          </Box>
        ))}
      </Box>
      {counts.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {counts.map(([key, value], i) => (
            <Box component="span" key={key}>
              {i > 0 && ' · '}
              {metricLabel(key)}{' '}
              <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
                {formatMetricValue(key, value)}
              </Box>
            </Box>
          ))}
        </Typography>
      )}
    </Box>
  );
}
