/** How a run retries a failed request. */
export interface RetryPolicy {
  /** Attempts per call, the first included. */
  maxAttempts: number;
  /** Delay before the second attempt; doubles with each further one. */
  baseDelayMs: number;
  /** Cap of the exponential delay. */
  maxDelayMs: number;
  /** A Retry-After longer than this gives up instead of waiting (the call is recorded as failed). */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, maxRetryAfterMs: 120_000 };

/**
 * Milliseconds to wait before attempt `attempt + 1` after attempt `attempt` (1-based) failed.
 * Exponential with "equal jitter" — half the delay fixed, half random — so that workers that
 * failed together do not retry together. A server's Retry-After is honoured: never retry
 * sooner, plus up to 10 % jitter (at most 1 s).
 *
 * @example backoffDelay(1, null, policy, () => 0) // 250 (half of baseDelayMs)
 * @example backoffDelay(3, 2000, policy, () => 0) // 2000
 */
export function backoffDelay(attempt: number, retryAfterMs: number | null, policy: RetryPolicy, random: () => number = Math.random): number {
  if (retryAfterMs !== null) return retryAfterMs + random() * Math.min(1000, retryAfterMs * 0.1);
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return exponential / 2 + random() * (exponential / 2);
}

/**
 * Reads `Retry-After` (seconds, possibly fractional, or an HTTP date) and OpenAI's
 * `retry-after-ms`; the latter wins when both are present.
 *
 * @returns milliseconds to wait (0 for a date in the past), or null when absent or unreadable.
 * @example retryAfterMs({ get: (h) => (h === 'retry-after' ? '2' : null) }) // 2000
 */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined, now: number = Date.now()): number | null {
  if (!headers) return null;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
