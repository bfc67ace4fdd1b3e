import { describe, expect, it } from 'vitest';
import { parseQueueParams, queueSearch } from './queueParams';

describe('adjudication queue params', () => {
  it('round-trips through the URL', () => {
    const params = { policy: 'threshold' as const, threshold: 0.75, includeResolved: true };
    expect(parseQueueParams(new URLSearchParams(queueSearch(params)))).toEqual(params);
    expect(queueSearch({ includeResolved: false })).toBe('');
  });

  it('falls back to the task policy on nonsense', () => {
    expect(parseQueueParams(new URLSearchParams('policy=some&threshold=7'))).toEqual({ includeResolved: false });
    expect(parseQueueParams(new URLSearchParams('policy=threshold&threshold=7'))).toEqual({ policy: 'threshold', includeResolved: false });
  });
});
