import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: ReactNode;
  /** What the action does and what it leaves alone. */
  children: ReactNode;
  busy: boolean;
  error: string | null;
  /** The button that backs out ("Cancel", "Keep running"). */
  keepLabel: string;
  /** The button that acts, named for what it does ("Delete dataset"). */
  confirmLabel: string;
  confirmColor: 'error' | 'warning';
  /** Keeps the confirming button off until the question is answered (a name typed). */
  confirmDisabled?: boolean;
  onKeep(): void;
  onConfirm(): void;
}

/**
 * A question before a destructive action: the title asks it, the body says what happens, the
 * confirming button says what it does. It cannot be dismissed while the action runs; an error
 * shows in place, leaving the question open.
 */
export function ConfirmDialog({ open, title, children, busy, error, keepLabel, confirmLabel, confirmColor, confirmDisabled = false, onKeep, onConfirm }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onKeep} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onKeep} disabled={busy}>
          {keepLabel}
        </Button>
        <Button color={confirmColor} variant="contained" onClick={onConfirm} disabled={busy || confirmDisabled}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
