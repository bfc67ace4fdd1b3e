import type { ChatRequest } from '../../core/judges/request';
import { CallError } from './callError';
import type { ChatProvider, Completion } from './provider';
import { backoffDelay, type RetryPolicy } from './retryPolicy';

/**
 * The end of one call: an answer, a final error, or a cancel while waiting to retry. `attempts`
 * counts every try; `sent` only those that reached a server (an attempt that could not connect
 * delivered nothing and cannot have been charged).
 */
export type CallOutcome =
  | { kind: 'answered'; completion: Completion; attempts: number; sent: number; latencyMs: number }
  | { kind: 'failed'; error: CallError; attempts: number; sent: number; latencyMs: number }
  | { kind: 'cancelled'; attempts: number; sent: number };

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
  /** Called as each attempt ends: whether it reached a server (an answer, an HTTP error, a timeout) or could not connect. */
  onAttemptEnd?: (reachedServer: boolean) => void;
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
 * only ones. An attempt that could not connect (`unreachable`) is retried like a broken
 * connection but not counted in `sent`.
 */
export async function callWithRetries(provider: ChatProvider, request: ChatRequest, options: CallOptions): Promise<CallOutcome> {
  const wait = options.sleep ?? sleep;
  let sent = 0;
  for (let attempt = 1; ; attempt++) {
    options.onAttempt?.(attempt);
    const started = performance.now();
    try {
      const completion = await provider.complete(request, options.timeoutMs);
      options.onAttemptEnd?.(true);
      return { kind: 'answered', completion, attempts: attempt, sent: sent + 1, latencyMs: performance.now() - started };
    } catch (thrown) {
      const latencyMs = performance.now() - started;
      const error = thrown instanceof CallError ? thrown : new CallError(String(thrown), 'connection');
      if (error.reachedServer) sent++;
      options.onAttemptEnd?.(error.reachedServer);
      if (!error.retryable) return { kind: 'failed', error, attempts: attempt, sent, latencyMs };
      if (attempt >= options.policy.maxAttempts) {
        const none = sent === 0 ? '; none reached a server' : '';
        return { kind: 'failed', error: new CallError(`${error.message} (gave up after ${attempt} attempts${none})`, error.kind, error.status, error.retryAfterMs, error.reason), attempts: attempt, sent, latencyMs };
      }
      if (error.retryAfterMs !== null && error.retryAfterMs > options.policy.maxRetryAfterMs) {
        const seconds = Math.round(error.retryAfterMs / 1000);
        return { kind: 'failed', error: new CallError(`${error.message} (the server asked to wait ${seconds} s, longer than the ${options.policy.maxRetryAfterMs / 1000} s allowed)`, error.kind, error.status, error.retryAfterMs, error.reason), attempts: attempt, sent, latencyMs };
      }
      const delay = backoffDelay(attempt, error.retryAfterMs, options.policy, options.random);
      if (!(await wait(delay, options.signal))) return { kind: 'cancelled', attempts: attempt, sent };
    }
  }
}
