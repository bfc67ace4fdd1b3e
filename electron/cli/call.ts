import type { InputOf, MethodName, ResultOf } from '../api/contract';
import type { ServiceContext } from '../services/context';
import { CliError, UsageError } from './io';

/**
 * Calls a contract method through the same dispatcher as the transports, so the CLI gets the
 * same argument validation, access rules and error messages; the caller is the session's claim
 * (`--as NAME`, else the workspace's owner acting as its lead). The dispatcher (every service, the judges'
 * OpenAI client, the statistics) is loaded on the first call, so `accord --help` and commands
 * that need no workspace never evaluate it.
 */
export async function call<M extends MethodName>(ctx: ServiceContext, method: M, args: InputOf<M>): Promise<ResultOf<M>> {
  const { dispatch } = await import('../services/dispatch');
  const reply = await dispatch(ctx, method, args, ctx.claim);
  if (reply.ok) return reply.value as ResultOf<M>;
  if (reply.error.code === 'bad-request' || reply.error.code === 'invalid-input') throw new UsageError(reply.error.message);
  throw new CliError(reply.error.message);
}
