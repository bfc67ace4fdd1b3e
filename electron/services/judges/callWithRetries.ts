import type { ChatRequest } from '../../core/judges/request';
import { CallError } from './callError';
import type { ChatProvider, Completion } from './provider';
import { backoffDelay, type RetryPolicy } from './retryPolicy';

/** The end of one call: an answer, a final error, or a cancel while waiting to retry. */
export type CallOutcome =
  | { kind: 'answered'; completion: Completion; attempts: number; latencyMs: number }
  | { kind: 'failed'; error: CallError; attempts: number; latencyMs: number }
  | { kind: 'cancelled'; attempts: number };

export interface CallOptions {
  policy: RetryPolicy;
  timeoutMs: number;
  /** Cancels the waits between attempts. An attempt in flight is let finish: its answer is paid for either way. */
  signal?: AbortSignal;
  random?: () => number;
  /** Waits `ms`; resolves false when `signal` fired first. Tests replace it to skip real time. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<boolean>;
  /** Called as each attempt is sent (request counting, logs). */
  onAttempt?: (attempt: number) => void;
}

/** Waits `ms` unless `signal` fires first (then resolves false). */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (finished: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(finished);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sends a request, retrying what may succeed on another attempt (429, 5xx, timeouts, broken
 * connections and bodies) with exponential backoff and jitter, honouring Retry-After; stops at
 * once on errors no retry can fix (other 4xx). The SDK's own retries are off, so these are the
 * only ones.
 */
export async function callWithRetries(provider: ChatProvider, request: ChatRequest, options: CallOptions): Promise<CallOutcome> {
  const wait = options.sleep ?? sleep;
  for (let attempt = 1; ; attempt++) {
    options.onAttempt?.(attempt);
    const started = performance.now();
    try {
      const completion = await provider.complete(request, options.timeoutMs);
      return { kind: 'answered', completion, attempts: attempt, latencyMs: performance.now() - started };
    } catch (thrown) {
      const latencyMs = performance.now() - started;
      const error = thrown instanceof CallError ? thrown : new CallError(String(thrown), 'connection');
      if (!error.retryable) return { kind: 'failed', error, attempts: attempt, latencyMs };
      if (attempt >= options.policy.maxAttempts) {
        return { kind: 'failed', error: new CallError(`${error.message} (gave up after ${attempt} attempts)`, error.kind, error.status, error.retryAfterMs), attempts: attempt, latencyMs };
      }
      if (error.retryAfterMs !== null && error.retryAfterMs > options.policy.maxRetryAfterMs) {
        const seconds = Math.round(error.retryAfterMs / 1000);
        return { kind: 'failed', error: new CallError(`${error.message} (the server asked to wait ${seconds} s, longer than the ${options.policy.maxRetryAfterMs / 1000} s allowed)`, error.kind, error.status, error.retryAfterMs), attempts: attempt, latencyMs };
      }
      const delay = backoffDelay(attempt, error.retryAfterMs, options.policy, options.random);
      if (!(await wait(delay, options.signal))) return { kind: 'cancelled', attempts: attempt };
    }
  }
}
