import { Alert, Box } from '@mui/material';
import type { RunSummary } from '../../../../../electron/api/contract';
import { formatCount } from '../../../common/format';
import { OutputFallbackNote } from '../runs/OutputFallbackNote';
import { RunFigures } from '../runs/RunFigures';

/** How a run ended: its counts, tokens, cost and time, and what to do about failures. */
export function RunResultView({ run }: { run: RunSummary }) {
  return (
    <Box data-testid="run-result">
      {run.status === 'finished' && (
        <Alert severity={run.failed + run.invalid > 0 ? 'warning' : 'success'}>
          Run {run.id} finished.
          {run.failed > 0 && ` ${formatCount(run.failed)} requests failed after every retry: resume the run to try them again.`}
          {run.invalid > 0 && ` ${formatCount(run.invalid)} could not be used (an item the prompt cannot be filled for, or an answer that could not be read): the Calls tab says why.`}
        </Alert>
      )}
      {run.status === 'cancelled' && <Alert severity="warning">Run {run.id} was cancelled with {formatCount(run.pending)} requests left. Resume it later: nothing answered is sent again.</Alert>}
      {run.status === 'failed' && <Alert severity="error">{run.error ?? `Run ${run.id} failed.`}</Alert>}
      <OutputFallbackNote run={run} />
      <Box sx={{ mt: 2 }}>
        <RunFigures run={run} />
      </Box>
    </Box>
  );
}
