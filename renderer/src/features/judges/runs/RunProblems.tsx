import { Alert, AlertTitle, Box, Button } from '@mui/material';
import type { RunSummary } from '../../../../../electron/api/contract';
import { plural } from '../../../common/format';

/**
 * Why a run's calls failed or could not be read, grouped by reason, with a way to send just
 * those again (a resume asks only what has no readable answer; nothing answered is re-sent).
 */
export function RunProblems({ run, onRetry }: { run: RunSummary; onRetry: (() => void) | null }) {
  if (run.problems.length === 0) return null;
  const failed = run.failed;
  return (
    <Alert
      severity="warning"
      sx={{ mt: 1 }}
      data-testid="run-problems"
      action={
        onRetry && failed > 0 ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry {plural(failed, 'failed call')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>
        {plural(run.failed + run.invalid, 'call')} of {run.total} gave no readable answer
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {run.problems.map((p) => (
          <li key={`${p.status} ${p.reason}`}>
            {p.count} {p.status === 'failed' ? 'failed' : 'unreadable'}: {p.reason}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
