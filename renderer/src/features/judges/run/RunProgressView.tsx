import { Box, LinearProgress, Typography } from '@mui/material';
import type { JobProgress } from '../../../../../electron/api/contract';
import { formatCount, formatDuration, plural } from '../../../common/format';
import { decimal } from '../../../../../electron/common/numberFormat';

/** A run under way: a bar, how many requests are done of how many, the rate and the time left. */
export function RunProgressView({ progress, cancelling }: { progress: JobProgress | null; cancelling: boolean }) {
  const total = progress?.total ?? null;
  const done = progress?.done ?? 0;
  const share = total ? Math.min(100, (done / total) * 100) : 0;
  return (
    <Box data-testid="run-progress" sx={{ py: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="body1" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid="run-progress-count">
          {total === null ? 'Starting…' : `${formatCount(done)} of ${plural(total, 'request')}`}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="run-progress-eta">
          {cancelling
            ? 'Cancelling — letting the calls in flight finish…'
            : progress && progress.rate > 0
              ? `${decimal(progress.rate, 1)} per second${progress.etaSeconds !== null ? ` · about ${formatDuration(progress.etaSeconds)} left` : ''}`
              : ' '}
        </Typography>
      </Box>
      <LinearProgress
        variant={total === null ? 'indeterminate' : 'determinate'}
        value={share}
        aria-label="Run progress"
        sx={{ height: 8, borderRadius: 4 }}
        color={cancelling ? 'warning' : 'primary'}
      />
    </Box>
  );
}
