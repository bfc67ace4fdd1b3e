/**
 * The client half of the contract: the reply envelope every call is answered with, the error
 * a failed call throws, and the typed client built over a transport's raw `invoke`. Shared by
 * the preload bridge, browser mode and the tests, so all three exercise the same code path.
 *
 * electron/common/: runtime code both the renderer and the Node side run. Dependency-free — it
 * imports nothing outside electron/common/ — so the browser bundle gains no zod and no Node by
 * importing it, and every layer may use it (README "Layout", eslint.config.js). The contract
 * (electron/api/define.ts) re-exports {@link ApiError} and {@link ApiReply}.
 */

/** The error half of every reply: a stable code and a message meant for the user. */
export interface ApiError {
  code: 'bad-request' | 'not-found' | 'conflict' | 'forbidden' | 'cancelled' | 'internal' | 'invalid-input' | 'unavailable';
  message: string;
  details?: unknown;
}

/** Every call is answered with this envelope, over both transports (as in Signal Desktop). */
export type ApiReply<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** A failed call, carrying the server's stable error code. */
export class ApiCallError extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
    this.name = 'ApiCallError';
  }
}

/**
 * Builds the typed client over a transport's raw `invoke` and event subscription; `Client` is
 * the contract's `ApiClient` (electron/api/contract.ts), named by the caller so that this
 * module needs nothing from the contract.
 *
 * Methods are looked up by name on use (every method name is `noun.verb`), so the renderer's
 * bundle never carries the argument schemas (zod). The server checks the name. Anything else
 * (`then`, symbols) is undefined, so the client is never mistaken for a promise.
 *
 * @example createApiClient<ApiClient>((method, args) => bridge.invoke(method, args, 'lea'), subscribe)
 */
export function createApiClient<Client extends { on: unknown }>(
  invoke: (method: string, args: unknown) => Promise<ApiReply<unknown>>,
  subscribe: Client['on'],
): Client {
  const methods = new Map<string, (args: unknown) => Promise<unknown>>();
  const methodOf = (name: string) => {
    let fn = methods.get(name);
    if (!fn) {
      fn = async (args: unknown) => {
        const reply = await invoke(name, args ?? {});
        if (!reply.ok) throw new ApiCallError(reply.error);
        return reply.value;
      };
      methods.set(name, fn);
    }
    return fn;
  };
  return new Proxy({} as Client, {
    get(_target, property) {
      if (property === 'on') return subscribe;
      return typeof property === 'string' && property.includes('.') ? methodOf(property) : undefined;
    },
  });
}
