import type { TaskSummary } from '../../../../../electron/api/contract';
import { useApiQuery } from '../../../api/useApiQuery';

/** The tasks, and those whose schema a judge of `schemaId` answers. */
export function useTasksForSchema(schemaId: string): { tasks: TaskSummary[]; compatible: TaskSummary[]; loading: boolean; error: string | null } {
  const { data, loading, error } = useApiQuery('tasks.list', (api) => api['tasks.list']({}));
  const tasks = data ?? [];
  return { tasks, compatible: tasks.filter((t) => t.schemaId === schemaId), loading, error };
}
