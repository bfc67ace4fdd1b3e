import { runImpactLines } from '../../../../../electron/common/deletionImpact';
import { useApi, useDataVersion } from '../../../api/apiContext';
import { useApiQuery } from '../../../api/useApiQuery';
import { TrashSection } from '../../../common/TrashSection';

/** The judge runs' trash (leads): deleted runs, each restorable with every call and label, or deleted for good ("run N" typed, after a backup). */
export function RunTrashSection({ taskId }: { taskId: number | null }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const trash = useApiQuery(`judges.trash ${taskId}`, (client) => client['judges.trash']({ task: taskId ?? undefined }));
  return (
    <TrashSection
      noun="judge run"
      description="Deleted judge runs stay here, hidden everywhere, with every call, its cost record and its labels, until restored or deleted for good."
      trash={trash.data?.map((run) => ({ id: run.id, name: `Run ${run.id} · ${run.rater}`, trashedAt: run.trashedAt, trashedBy: run.trashedBy, lines: runImpactLines(run.impact), confirmation: `run ${run.id}` }))}
      restore={async (run) => {
        await api['judges.restore']({ run: run.id });
        bump();
      }}
      purge={async (run, typed) => {
        const result = await api['judges.purge']({ run: run.id, confirm: typed });
        bump();
        return result.backup;
      }}
    />
  );
}
