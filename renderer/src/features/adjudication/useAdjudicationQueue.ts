import { useApiQuery } from '../../api/useApiQuery';
import { useIdentity } from '../identity/identityContext';
import type { QueueParams } from './queueParams';

/**
 * A task's adjudication queue under a filter, lowest agreement first; follows every workspace
 * change. The key names who is looking (the server refuses the queue to an annotator), so a
 * switch of person asks again.
 */
export function useAdjudicationQueue(taskId: number | null, params: QueueParams) {
  const me = useIdentity().identity?.name;
  const args = { task: taskId!, policy: params.policy, threshold: params.threshold, includeResolved: params.includeResolved };
  return useApiQuery(`adjudication.queue ${me} ${JSON.stringify(args)}`, (api) => api['adjudication.queue'](args), taskId !== null);
}
