import { Box, Tooltip, Typography } from '@mui/material';
import type { Accuracy } from '../../../../electron/api/contract';
import { count, percent } from '../../../../electron/common/numberFormat';

/** A proportion as a thin bar, the percentage and its counts ("89.7%  26 / 29"); an em dash with the reason when nothing was counted. */
export function AccuracyCell({ accuracy, testId }: { accuracy: Accuracy; testId?: string }) {
  if (accuracy.value === null) {
    return (
      <Tooltip title={accuracy.reason ?? ''}>
        <Typography component="span" variant="body2" color="text.secondary" data-testid={testId}>
          — <Box component="span" sx={{ fontSize: 12 }}>(n = 0)</Box>
        </Typography>
      </Tooltip>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, justifyContent: 'flex-end' }} data-testid={testId}>
      <Box aria-hidden sx={{ width: 72, height: 6, borderRadius: 3, bgcolor: '#e6e9ee', overflow: 'hidden', flex: '0 0 auto' }}>
        <Box sx={{ width: `${accuracy.value * 100}%`, height: '100%', bgcolor: '#2f5d8a' }} />
      </Box>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, minWidth: 52, textAlign: 'right' }}>
        {percent(accuracy.value)}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ minWidth: 56, textAlign: 'right' }}>
        {count(accuracy.correct)} / {count(accuracy.n)}
      </Typography>
    </Box>
  );
}
