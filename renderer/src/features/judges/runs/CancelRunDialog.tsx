import { DialogContentText } from '@mui/material';
import { useState } from 'react';
import type { RunSummary } from '../../../../../electron/api/contract';
import { ConfirmDialog } from '../../../common/ConfirmDialog';
import { formatCount, plural } from '../../../common/format';
import { runDone } from './runFormat';

interface Props {
  run: RunSummary | null;
  busy: boolean;
  error: string | null;
  onKeep(): void;
  onConfirm(): void;
}

/** "Cancel run N?" — what stops, what is kept, and that it resumes. */
export function CancelRunDialog({ run: open, busy, error, onKeep, onConfirm }: Props) {
  // The last run asked about stays in the text while the dialog fades out.
  const [run, setRun] = useState(open);
  if (open && open !== run) setRun(open);
  return (
    <ConfirmDialog
      open={open !== null}
      title={<>Cancel run {run?.id}?</>}
      busy={busy}
      error={error}
      keepLabel="Keep running"
      confirmLabel="Cancel run"
      confirmColor="warning"
      onKeep={onKeep}
      onConfirm={onConfirm}
    >
      <DialogContentText sx={{ mb: 1.5 }}>
        {run?.judge.title} on <b>{run?.model}</b> has {formatCount(run ? runDone(run) : 0)} of {plural(run?.total ?? 0, 'request')} done.
      </DialogContentText>
      <DialogContentText>
        It stops sending new requests; the ones in flight finish and their answers are kept. Resume it later: nothing answered is sent again.
      </DialogContentText>
    </ConfirmDialog>
  );
}
