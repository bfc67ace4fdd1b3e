import { createApiClient } from '../../../electron/common/apiClient';
import type { AccordBridge } from '../../../electron/api/bridge';
import type { ApiClient } from '../../../electron/api/contract';
import { EventListeners } from './listeners';
import type { Transport } from './transport';

/** The desktop app: calls go through the preload bridge (IPC), files are passed by path. */
export function bridgeTransport(bridge: AccordBridge): Transport {
  const listeners = new EventListeners();
  let subscribed = false;
  let caller: string | null = null;
  const client = createApiClient<ApiClient>(
    (method, args) => bridge.invoke(method, args, caller),
    (event, listener) =>
      listeners.add(event, listener as (payload: unknown) => void, () => {
        if (subscribed) return;
        subscribed = true;
        bridge.onEvent((name, payload) => listeners.dispatch(name, payload));
      }),
  );
  return {
    mode: 'desktop',
    client,
    setCaller: (name) => {
      caller = name;
    },
    importSources: async (files) => files.map((file) => ({ path: bridge.pathForFile(file) })),
  };
}
