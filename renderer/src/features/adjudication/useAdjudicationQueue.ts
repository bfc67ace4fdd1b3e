import { useApiQuery } from '../../api/useApiQuery';
import type { QueueParams } from './queueParams';

/** A task's adjudication queue under a filter, lowest agreement first; follows every workspace change. */
export function useAdjudicationQueue(taskId: number | null, params: QueueParams) {
  const args = { task: taskId!, policy: params.policy, threshold: params.threshold, includeResolved: params.includeResolved };
  return useApiQuery(`adjudication.queue ${JSON.stringify(args)}`, (api) => api['adjudication.queue'](args), taskId !== null);
}
