import { useApi, useDataVersion } from '../../api/apiContext';
import { useApiQuery } from '../../api/useApiQuery';
import { TrashSection } from '../../common/TrashSection';

/** The tasks' trash (leads): deleted tasks, each restorable whole or deleted for good (the name typed, after a backup). */
export function TaskTrashSection() {
  const api = useApi();
  const { bump } = useDataVersion();
  const trash = useApiQuery('tasks.trash', (client) => client['tasks.trash']({}));
  return (
    <TrashSection
      noun="task"
      description="Deleted tasks stay here, hidden everywhere, with every label, gold answer and judge run, until restored or deleted for good. Their items stay in their datasets."
      trash={trash.data}
      restore={async (task) => {
        await api['tasks.restore']({ task: task.id });
        bump();
      }}
      purge={async (task, typed) => {
        const result = await api['tasks.purge']({ task: task.id, confirm: typed });
        bump();
        return result.backup;
      }}
    />
  );
}
