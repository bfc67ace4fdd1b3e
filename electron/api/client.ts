import type { ApiClient, ApiEvents, EventName, Invoke, MethodName } from './contract';
import type { ApiError } from './define';

/** A failed call, carrying the server's stable error code. */
export class ApiCallError extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
    this.name = 'ApiCallError';
  }
}

type Subscribe = <E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void) => () => void;

/**
 * Builds the typed client over a transport's raw `invoke` and event subscription. Shared by
 * the preload bridge, browser mode and the tests, so all three exercise the same code path.
 *
 * Methods are looked up by name on use (every method name is `noun.verb`), so this module needs
 * the contract's types only: the renderer's bundle never carries the argument schemas (zod).
 * The server checks the name. Anything else (`then`, symbols) is undefined, so the client is
 * never mistaken for a promise.
 */
export function createApiClient(invoke: Invoke, subscribe: Subscribe): ApiClient {
  const methods = new Map<string, (args: unknown) => Promise<unknown>>();
  const methodOf = (name: string) => {
    let fn = methods.get(name);
    if (!fn) {
      fn = async (args: unknown) => {
        const reply = await invoke(name as MethodName, args ?? {});
        if (!reply.ok) throw new ApiCallError(reply.error);
        return reply.value;
      };
      methods.set(name, fn);
    }
    return fn;
  };
  return new Proxy({} as ApiClient, {
    get(_target, property) {
      if (property === 'on') return subscribe;
      return typeof property === 'string' && property.includes('.') ? methodOf(property) : undefined;
    },
  });
}
