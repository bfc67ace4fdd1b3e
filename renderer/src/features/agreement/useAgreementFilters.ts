import { useApiQuery } from '../../api/useApiQuery';

/** The datasets a task draws its items from (for the dataset filter) and the metadata fields to filter on. */
export function useAgreementFilters(taskId: number | null) {
  const task = useApiQuery(`tasks.get ${taskId}`, (api) => api['tasks.get']({ task: taskId as number }), taskId !== null);
  const datasets = useApiQuery('datasets.list', (api) => api['datasets.list']({}));
  const fields = useApiQuery('items.metadataFields', (api) => api['items.metadataFields']({}));
  const names = new Set(task.data?.selection.datasets ?? []);
  return {
    task: task.data,
    taskError: task.error,
    datasets: (datasets.data ?? []).filter((d) => names.has(d.name)),
    metadataFields: fields.data ?? [],
  };
}
