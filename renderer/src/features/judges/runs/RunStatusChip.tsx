import { Chip } from '@mui/material';
import type { RunSummary } from '../../../../../electron/api/contract';
import { RUN_STATUS_COLOR, runStatusText } from './runFormat';

/** A run's status as a small coloured chip; a finished run with failed or unreadable calls says so, in warning colours. */
export function RunStatusChip({ run }: { run: Pick<RunSummary, 'status' | 'failed' | 'invalid' | 'pending'> }) {
  const { label, gaps } = runStatusText(run);
  return (
    <Chip
      size="small"
      label={label}
      color={gaps ? 'warning' : RUN_STATUS_COLOR[run.status]}
      variant={run.status === 'finished' && !gaps ? 'outlined' : 'filled'}
      data-testid="run-status"
      sx={{ '& .MuiChip-label::first-letter': { textTransform: 'uppercase' } }}
    />
  );
}
