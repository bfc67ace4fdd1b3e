import { DialogContentText, LinearProgress } from '@mui/material';
import type { DatasetSummary } from '../../../../electron/api/contract';
import { useApiQuery } from '../../api/useApiQuery';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ImpactList } from '../../common/ImpactList';

interface Props {
  dataset: DatasetSummary | null;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onConfirm(): void;
}

/** "Delete dataset X?", saying exactly what goes with it and that the trash keeps it. */
export function DeleteDatasetDialog({ dataset, busy, error, onCancel, onConfirm }: Props) {
  const impact = useApiQuery(`datasets.impact ${dataset?.id}`, (api) => api['datasets.impact']({ id: dataset!.id }), dataset !== null);
  return (
    <ConfirmDialog
      open={dataset !== null}
      title={<>Delete dataset “{dataset?.name}”?</>}
      busy={busy}
      error={error ?? impact.error}
      keepLabel="Cancel"
      confirmLabel="Move to trash"
      confirmColor="warning"
      confirmDisabled={!impact.data}
      onKeep={onCancel}
      onConfirm={onConfirm}
    >
      <DialogContentText component="div">
        With it go, from every list, task, agreement and export:
        {impact.data ? <ImpactList impact={impact.data} name={impact.data.dataset} /> : <LinearProgress aria-label="Counting what goes" sx={{ my: 1.5 }} />}
        Nothing is lost yet: the dataset waits in the trash, below, where “Restore” brings all of it back. Only “Delete forever” there
        removes it, after a backup.
      </DialogContentText>
    </ConfirmDialog>
  );
}
