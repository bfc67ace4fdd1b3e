import { DialogContentText, LinearProgress } from '@mui/material';
import type { RunSummary } from '../../../../../electron/api/contract';
import { runImpactLines } from '../../../../../electron/common/deletionImpact';
import { useApiQuery } from '../../../api/useApiQuery';
import { ConfirmDialog } from '../../../common/ConfirmDialog';
import { ImpactList } from '../../../common/ImpactList';

interface Props {
  run: RunSummary | null;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onConfirm(): void;
}

/** "Delete run N?", saying exactly what goes with it (calls, cost, its labels, what uses it) and that the trash keeps it. */
export function DeleteRunDialog({ run, busy, error, onCancel, onConfirm }: Props) {
  const impact = useApiQuery(`judges.deleteImpact ${run?.id}`, (api) => api['judges.deleteImpact']({ run: run!.id }), run !== null);
  return (
    <ConfirmDialog
      open={run !== null}
      title={<>Delete judge run {run?.id}?</>}
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
        {run?.judge.title} on <b>{run?.model}</b>, task “{run?.task}”. With it go, from the runs, agreement, calibration and exports:
        {impact.data ? <ImpactList lines={runImpactLines(impact.data)} name={`run ${run?.id}`} /> : <LinearProgress aria-label="Counting what goes" sx={{ my: 1.5 }} />}
        Nothing is lost yet: the run waits in the trash, below, where “Restore” brings every call and label back. Only “Delete forever” there removes it, after a
        backup.
      </DialogContentText>
    </ConfirmDialog>
  );
}
