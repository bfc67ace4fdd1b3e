import { Box, LinearProgress, Typography } from '@mui/material';
import type { JobProgress } from '../../../../electron/api/contract';

/** A progress bar for a running agreement computation: determinate once the job reports its questions. */
export function AgreementProgress({ progress, label }: { progress: JobProgress | null; label: string }) {
  const total = progress?.total ?? 0;
  const value = total > 0 ? (100 * (progress?.done ?? 0)) / total : undefined;
  return (
    <Box sx={{ my: 1 }}>
      <LinearProgress aria-label={label} variant={value === undefined ? 'indeterminate' : 'determinate'} value={value} />
      {progress && total > 0 && (
        <Typography variant="caption" color="text.secondary">
          {label}: {progress.done} of {total} questions
        </Typography>
      )}
    </Box>
  );
}
