import type { z } from 'zod';
import type { Access } from './access';

/**
 * One API method: its argument schema (checked by both transports before the handler runs),
 * who may call it, and, as a phantom type, its result. Declared once in `methods/*`, reachable
 * over IPC and HTTP.
 */
export interface MethodSpec<A extends z.ZodType = z.ZodType, R = unknown> {
  args: A;
  /** Who may call it; dispatch refuses everyone else before the service runs. */
  access: Access;
  /** Why the access is what it is, said in a refusal (e.g. "agreement shows every rater's labels"). */
  reason?: string;
  /** Never read at run time; carries the result type. */
  result?: R;
  /** Long-running methods accept a `jobId` and emit `job.progress` events for it. */
  long?: boolean;
}

/** What {@link method} needs beside the arguments: the access rule (required) and whether it is long-running. */
export interface MethodOptions {
  access: Access;
  reason?: string;
  long?: boolean;
}

/**
 * Declares a method with argument schema `args`, its access rule and result type `R`. The
 * options are required, so a method without a declared access is a type error.
 */
export function method<R>() {
  return <A extends z.ZodType>(args: A, options: MethodOptions): MethodSpec<A, R> => ({ args, ...options });
}

// The reply envelope is defined beside the client that unwraps it, which the renderer runs.
export type { ApiError, ApiReply } from '../common/apiClient';
