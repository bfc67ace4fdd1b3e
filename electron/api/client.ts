import { contract, type ApiClient, type ApiEvents, type EventName, type Invoke, type MethodName } from './contract';
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
 */
export function createApiClient(invoke: Invoke, subscribe: Subscribe): ApiClient {
  const client: Record<string, unknown> = { on: subscribe };
  for (const name of Object.keys(contract) as MethodName[]) {
    client[name] = async (args: unknown) => {
      const reply = await invoke(name, args ?? {});
      if (!reply.ok) throw new ApiCallError(reply.error);
      return reply.value;
    };
  }
  return client as ApiClient;
}
