import { useApiQuery } from '../../../api/useApiQuery';
import { rankingFields } from './rankingFields';

/**
 * The metadata fields the items of a run's task carry that can rank systems (see
 * {@link rankingFields}): read from the task's datasets, so a workspace's other datasets do not
 * offer fields this task's items lack.
 */
export function useRankingFields(runId: number, enabled: boolean) {
  return useApiQuery(
    `ranking-fields:${runId}`,
    async (api) => {
      const run = await api['judges.runGet']({ run: runId });
      const task = await api['tasks.get']({ task: run.taskId });
      const datasets = (await api['datasets.list']({})).filter((d) => task.selection.datasets.includes(d.name));
      const fields = await Promise.all(datasets.map((d) => api['items.metadataFields']({ datasetId: d.id })));
      return rankingFields(fields.flat(), datasets.reduce((n, d) => n + d.itemCount, 0));
    },
    enabled,
  );
}
