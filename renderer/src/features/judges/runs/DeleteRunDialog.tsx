import type { RunSummary } from '../../../../../electron/api/contract';
import { runImpactLines } from '../../../../../electron/common/deletionImpact';
import { useApiQuery } from '../../../api/useApiQuery';
import { MoveToTrashDialog } from '../../../common/MoveToTrashDialog';

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
    <MoveToTrashDialog
      open={run !== null}
      title={<>Delete judge run {run?.id}?</>}
      name={`run ${run?.id}`}
      intro={
        <>
          {run?.judge.title} on <b>{run?.model}</b>, task “{run?.task}”. With it go, from the runs, agreement, calibration and exports:
        </>
      }
      lines={impact.data ? runImpactLines(impact.data) : null}
      outro="Nothing is lost yet: the run waits in the trash, below, where “Restore” brings every call and label back. Only “Delete forever” there removes it, after a backup."
      busy={busy}
      error={error ?? impact.error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
