import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId } from 'react';
import type { JudgeInfo } from '../../../../../electron/api/contract';
import { MONO_FONT } from '../../../theme/theme';
import { listWords } from './unsavedEdits';

interface Props {
  open: boolean;
  /** The judge as stored (the one the edits started from). */
  judge: JudgeInfo;
  /** What the edits changed, in words. */
  parts: string[];
  /** Where the person was going ("“Plan step tags”", "the Judge runs page"). */
  destination: string;
  /** Why the draft cannot be saved as it is, or null when it can. */
  unsavable: string | null;
  busy: boolean;
  error: string | null;
  onKeep(): void;
  onDiscard(): void;
  onSave(): void;
}

/**
 * Asked before leaving a judge with unsaved edits (another judge in the list, another page):
 * which judge, what changed, and three ways on. Esc and "Keep editing" (focused first, so Enter
 * loses nothing either) stay; "Discard edits" goes on without them; "Save version" stores the
 * draft as a new version in the workspace, then goes on.
 */
export function UnsavedEditsDialog({ open, judge, parts, destination, unsavable, busy, error, onKeep, onDiscard, onSave }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onKeep} maxWidth="sm" fullWidth aria-labelledby={titleId} data-testid="unsaved-judge-dialog">
      <DialogTitle id={titleId}>Unsaved edits to “{judge.title}”</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          You changed the {parts.length > 0 ? listWords(parts) : 'definition'} of this judge ({judge.origin === 'preset' ? 'preset' : 'workspace judge'}{' '}
          <span style={{ fontFamily: MONO_FONT, fontSize: 12.5, whiteSpace: 'nowrap' }}>
            {judge.id}@{judge.version.slice(0, 8)}
          </span>
          ). The edits are not saved: going to {destination} discards them.
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Save version stores them in this workspace as a new version beside the one you started from, then goes on.
        </Typography>
        {unsavable && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="unsaved-judge-unsavable">
            They cannot be saved as they are: {unsavable}. Keep editing to fix that, or discard them.
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            The judge could not be saved: {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onKeep} disabled={busy} autoFocus>
          Keep editing
        </Button>
        <Button color="warning" onClick={onDiscard} disabled={busy}>
          Discard edits
        </Button>
        <Button variant="contained" onClick={onSave} disabled={busy || unsavable !== null}>
          Save version
        </Button>
      </DialogActions>
    </Dialog>
  );
}
