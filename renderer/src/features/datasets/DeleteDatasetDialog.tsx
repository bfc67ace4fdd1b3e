import { DialogContentText } from '@mui/material';
import type { DatasetSummary } from '../../../../electron/api/contract';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
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
    <ConfirmDialog
      open={dataset !== null}
      title={<>Delete dataset “{dataset?.name}”?</>}
      busy={busy}
      error={error}
      keepLabel="Cancel"
      confirmLabel="Delete dataset"
      confirmColor="error"
      onKeep={onCancel}
      onConfirm={onConfirm}
    >
      <DialogContentText>
        This removes its {plural(dataset?.itemCount ?? 0, 'item')} and their findings from the workspace. The source files on disk are
        not touched; importing them again brings the dataset back.
      </DialogContentText>
    </ConfirmDialog>
  );
}
