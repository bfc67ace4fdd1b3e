import { useSearchParams } from 'react-router';
import { useApiQuery, type QueryState } from '../../api/useApiQuery';
import type { AdjudicationQueue } from '../../../../electron/api/contract';
import { useIdentity } from '../identity/identityContext';
import { canAdjudicate } from '../identity/identityStore';
import { parseQueueParams, type QueueParams } from './queueParams';

/**
 * A task's adjudication queue under a filter, lowest agreement first; follows every workspace
 * change. The key names who is looking (the server refuses the queue to an annotator), so a
 * switch of person asks again; an annotator is not asked for it at all (the item page asks
 * above its refusal).
 */
export function useAdjudicationQueue(taskId: number | null, params: QueueParams) {
  const { identity } = useIdentity();
  const args = { task: taskId!, policy: params.policy, threshold: params.threshold, includeResolved: params.includeResolved };
  const allowed = identity !== null && canAdjudicate(identity.role);
  return useApiQuery(`adjudication.queue ${identity?.name} ${JSON.stringify(args)}`, (api) => api['adjudication.queue'](args), taskId !== null && allowed);
}

export type AdjudicationQueueState = QueryState<AdjudicationQueue>;

/**
 * The queue around the item an adjudicator has open (settled items too), under the filter the
 * URL carries. Asked by the item page, above the screen it keys by item, so that moving to the
 * next item keeps the queue instead of asking for it afresh: until it came back, j and k did
 * nothing (the item could show before its queue).
 */
export function useQueueAroundItem(taskId: number | null): AdjudicationQueueState {
  const [search] = useSearchParams();
  return useAdjudicationQueue(taskId, { ...parseQueueParams(search), includeResolved: true });
}
