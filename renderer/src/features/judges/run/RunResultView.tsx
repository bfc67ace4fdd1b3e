import { Alert, Box } from '@mui/material';
import type { RunSummary } from '../../../../../electron/api/contract';
import { cancelledText, finishedText } from './runOutcomeText';
import { OutputFallbackNote } from '../runs/OutputFallbackNote';
import { RunFigures } from '../runs/RunFigures';

/** How a run ended: its counts, tokens, cost and time, and what to do about failures. */
export function RunResultView({ run }: { run: RunSummary }) {
  return (
    <Box data-testid="run-result">
      {run.status === 'finished' && (
        <Alert severity={run.failed + run.invalid > 0 ? 'warning' : 'success'}>
          {finishedText(run)}
        </Alert>
      )}
      {run.status === 'cancelled' && <Alert severity="warning">{cancelledText(run)}</Alert>}
      {run.status === 'failed' && <Alert severity="error">{run.error ?? `Run ${run.id} failed.`}</Alert>}
      <OutputFallbackNote run={run} />
      <Box sx={{ mt: 2 }}>
        <RunFigures run={run} />
      </Box>
    </Box>
  );
}
