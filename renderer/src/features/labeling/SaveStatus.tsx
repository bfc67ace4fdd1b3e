import { Box, Button, Typography } from '@mui/material';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import type { SaveStatus as Status } from './answerStore';

/**
 * Whether every answer is on disk: a calm "Saved" most of the time, "Saving…" for the moment
 * a save takes, and a plain error with a retry when the service refused one.
 */
export function SaveStatus({ status }: { status: Status }) {
  if (status.state === 'error') {
    return (
      <Box role="alert" data-testid="save-status" data-state="error" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'error.main', flexShrink: 0, whiteSpace: 'nowrap' }}>
        <ErrorOutlineOutlined sx={{ fontSize: 18 }} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Not saved
        </Typography>
        <Button size="small" color="error" onClick={status.retry} sx={{ minWidth: 0, py: 0 }}>
          Retry
        </Button>
      </Box>
    );
  }
  const saving = status.state === 'saving';
  return (
    // Never squeezed by a long item id beside it in the header ("All / saved" on two lines): the id gives way.
    <Box role="status" aria-live="polite" data-testid="save-status" data-state={status.state} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', minWidth: 76, flexShrink: 0, whiteSpace: 'nowrap' }}>
      {saving ? <SyncOutlined sx={{ fontSize: 16 }} /> : <CheckOutlined sx={{ fontSize: 16, color: status.state === 'saved' ? 'success.main' : 'text.disabled' }} />}
      <Typography variant="body2">{saving ? 'Saving…' : status.state === 'saved' ? 'Saved' : 'All saved'}</Typography>
    </Box>
  );
}
