import type { InputOf, MethodName, ResultOf } from '../api/contract';
import type { ServiceContext } from '../services/context';
import { dispatch } from '../services/dispatch';
import { CliError, UsageError } from './io';

/**
 * Calls a contract method through the same dispatcher as the transports, so the CLI gets the
 * same argument validation and error messages.
 */
export async function call<M extends MethodName>(ctx: ServiceContext, method: M, args: InputOf<M>): Promise<ResultOf<M>> {
  const reply = await dispatch(ctx, method, args);
  if (reply.ok) return reply.value as ResultOf<M>;
  if (reply.error.code === 'bad-request' || reply.error.code === 'invalid-input') throw new UsageError(reply.error.message);
  throw new CliError(reply.error.message);
}
