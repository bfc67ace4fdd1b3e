import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';

/** Asks why an existing gold answer changes; the reason goes into the gold edit log with who changed it. */
export function ReasonDialog({ question, from, to, onCancel, onConfirm }: { question: string; from: string; to: string; onCancel(): void; onConfirm(reason: string): void }) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onConfirm(reason.trim());
  };
  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="gold-reason-title">
      <form onSubmit={submit}>
        <DialogTitle id="gold-reason-title">Why change gold?</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2" sx={{ mb: 1.5 }}>
            Gold for {question} is “{from}”. Changing it to “{to}” is logged with your name and this reason, and exported with the gold.
          </DialogContentText>
          <TextField autoFocus fullWidth size="small" label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel}>Keep gold</Button>
          <Button type="submit" variant="contained" disabled={!reason.trim()}>
            Change gold
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
