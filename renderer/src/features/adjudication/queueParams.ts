/** The adjudication queue's filter as the URL keeps it, so the item screen's next/previous follow the same queue. */
export interface QueueParams {
  /** Undefined: the task's own policy. */
  policy?: 'any' | 'threshold';
  /** 0…1, with the threshold policy. */
  threshold?: number;
  /** Also list items whose disagreements all have gold. */
  includeResolved: boolean;
}

/** Reads `?policy=threshold&threshold=0.8&settled=1`; anything unreadable falls back to the task's policy. */
export function parseQueueParams(search: URLSearchParams): QueueParams {
  const policy = search.get('policy');
  const threshold = Number(search.get('threshold'));
  return {
    ...(policy === 'any' || policy === 'threshold' ? { policy } : {}),
    ...(policy === 'threshold' && search.get('threshold') !== null && Number.isFinite(threshold) && threshold >= 0 && threshold <= 1 ? { threshold } : {}),
    includeResolved: search.get('settled') === '1',
  };
}

/** The query string of a filter (empty for the task's policy, open items only). */
export function queueSearch(params: QueueParams): string {
  const search = new URLSearchParams();
  if (params.policy) search.set('policy', params.policy);
  if (params.policy === 'threshold' && params.threshold !== undefined) search.set('threshold', String(params.threshold));
  if (params.includeResolved) search.set('settled', '1');
  const text = search.toString();
  return text ? `?${text}` : '';
}
