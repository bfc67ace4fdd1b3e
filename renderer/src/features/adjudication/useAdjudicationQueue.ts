import { useApiQuery } from '../../api/useApiQuery';
import { useIdentity } from '../identity/identityContext';
import type { QueueParams } from './queueParams';

/**
 * A task's adjudication queue under a filter, lowest agreement first; follows every workspace
 * change. Says who is looking: the server refuses the queue to an annotator (blind labeling).
 */
export function useAdjudicationQueue(taskId: number | null, params: QueueParams) {
  const me = useIdentity().identity?.name;
  const args = { task: taskId!, policy: params.policy, threshold: params.threshold, includeResolved: params.includeResolved, adjudicator: me };
  return useApiQuery(`adjudication.queue ${JSON.stringify(args)}`, (api) => api['adjudication.queue'](args), taskId !== null);
}
