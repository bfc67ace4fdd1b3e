import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { DatasetSummary } from '../../../../electron/api/contract';
import { plural } from '../../shared/format';

interface Props {
  dataset: DatasetSummary | null;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onConfirm(): void;
}

/** "Delete dataset X?" with what goes with it. */
export function DeleteDatasetDialog({ dataset, busy, error, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={dataset !== null} onClose={busy ? undefined : onCancel} maxWidth="xs" fullWidth aria-labelledby="delete-dataset-title">
      <DialogTitle id="delete-dataset-title">Delete dataset “{dataset?.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          This removes its {plural(dataset?.itemCount ?? 0, 'item')} and their findings from the workspace. The source files on disk
          are not touched; importing them again brings the dataset back.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          Delete dataset
        </Button>
      </DialogActions>
    </Dialog>
  );
}
