import type { z } from 'zod';

/**
 * One API method: its argument schema (checked by both transports before the handler runs) and,
 * as a phantom type, its result. Declared once in `methods/*`, reachable over IPC and HTTP.
 */
export interface MethodSpec<A extends z.ZodType = z.ZodType, R = unknown> {
  args: A;
  /** Never read at run time; carries the result type. */
  result?: R;
  /** Long-running methods accept a `jobId` and emit `job.progress` events for it. */
  long?: boolean;
}

/** Declares a method with argument schema `args` and result type `R`. */
export function method<R>() {
  return <A extends z.ZodType>(args: A, options: { long?: boolean } = {}): MethodSpec<A, R> => ({ args, ...options });
}

/** The error half of every reply: a stable code and a message meant for the user. */
export interface ApiError {
  code: 'bad-request' | 'not-found' | 'conflict' | 'forbidden' | 'cancelled' | 'internal' | 'invalid-input';
  message: string;
  details?: unknown;
}

/** Every call is answered with this envelope, over both transports (as in Signal Desktop). */
export type ApiReply<T> = { ok: true; value: T } | { ok: false; error: ApiError };
