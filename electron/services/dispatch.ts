import { contract, type ApiReply, type MethodName } from '../api/contract';
import type { Caller, Claim } from '../api/access';
import type { ApiError } from '../api/define';
import { checkAccess, resolveCaller } from './access';
import { withCaller, type ServiceContext } from './context';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from './errors';
import { handlers } from './handlers';

/**
 * The one entry point both transports (and the CLI) call: looks the method up, resolves who is
 * calling from the transport's `claim` and checks the method's declared access
 * (services/access.ts), validates the arguments against the contract's schema, then runs the
 * handler with the caller on its context and wraps the outcome in {@link ApiReply}. Nothing
 * thrown inside ever escapes as a stack trace to the caller.
 */
export async function dispatch(ctx: ServiceContext, method: string, rawArgs: unknown, claim: Claim): Promise<ApiReply<unknown>> {
  if (!Object.hasOwn(contract, method)) {
    return { ok: false, error: { code: 'not-found', message: `unknown method "${method}"` } };
  }
  const name = method as MethodName;
  let caller: Caller;
  try {
    // Access first, on the raw arguments (a task rule reads only `task`): a refusal says
    // nothing about what the arguments should have been.
    caller = resolveCaller(ctx.sql, claim);
    checkAccess(ctx.sql, name, rawArgs, caller);
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
  const unknown = unknownArguments(contract[name].args, rawArgs);
  if (unknown.length > 0) {
    return { ok: false, error: { code: 'bad-request', message: `invalid arguments for ${method}: unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}` } };
  }
  const parsed = contract[name].args.safeParse(rawArgs ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`);
    return { ok: false, error: { code: 'bad-request', message: `invalid arguments for ${method}: ${issues.join('; ')}`, details: issues } };
  }
  try {
    const handler = handlers[name] as (args: unknown, ctx: ServiceContext) => unknown;
    return { ok: true, value: await handler(parsed.data, withCaller(ctx, caller)) };
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
}

function toApiError(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof NotFoundError) return { code: 'not-found', message };
  if (error instanceof ConflictError) return { code: 'conflict', message };
  if (error instanceof ForbiddenError) return { code: 'forbidden', message };
  if (error instanceof InvalidInputError) return { code: 'invalid-input', message };
  if (message === 'cancelled') return { code: 'cancelled', message };
  if (process.env.ACCORD_DEBUG) console.error(error);
  return { code: 'internal', message: `internal error: ${message}` };
}

/**
 * Top-level argument names an object schema does not declare. Refused rather than dropped, so a
 * caller still sending an argument the contract no longer has (say a "who am I" name, now carried
 * by the transport) fails loudly instead of silently acting as someone else.
 */
function unknownArguments(schema: unknown, rawArgs: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!shape || typeof rawArgs !== 'object' || rawArgs === null || Array.isArray(rawArgs)) return [];
  return Object.keys(rawArgs).filter((key) => !Object.hasOwn(shape, key));
}
