import type { DatasetSummary } from '../../../../electron/api/contract';
import { impactLines } from '../../../../electron/common/deletionImpact';
import { useApiQuery } from '../../api/useApiQuery';
import { MoveToTrashDialog } from '../../common/MoveToTrashDialog';

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
    <MoveToTrashDialog
      open={dataset !== null}
      title={<>Delete dataset “{dataset?.name}”?</>}
      name={impact.data?.dataset ?? dataset?.name ?? ''}
      intro="With it go, from every list, task, agreement and export:"
      lines={impact.data ? impactLines(impact.data) : null}
      outro="Nothing is lost yet: the dataset waits in the trash, below, where “Restore” brings all of it back. Only “Delete forever” there removes it, after a backup."
      busy={busy}
      error={error ?? impact.error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
