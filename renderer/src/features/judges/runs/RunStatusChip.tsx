import { Chip } from '@mui/material';
import type { RunSummary } from '../../../../../electron/api/contract';
import { RUN_STATUS_COLOR } from './runFormat';

/** A run's status as a small coloured chip. */
export function RunStatusChip({ status }: { status: RunSummary['status'] }) {
  return <Chip size="small" label={status} color={RUN_STATUS_COLOR[status]} variant={status === 'finished' ? 'outlined' : 'filled'} data-testid="run-status" sx={{ textTransform: 'capitalize' }} />;
}
