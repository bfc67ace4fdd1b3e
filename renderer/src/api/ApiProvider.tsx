import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiContext, DataVersionContext } from './apiContext';
import type { Transport } from './transport';

/**
 * Makes the transport available to every hook, and keeps a data version that moves whenever
 * the workspace changes — announced by the service (`workspace.changed`, also for changes made
 * by another window) or by this window right after its own mutation — so lists reload.
 */
export function ApiProvider({ transport, children }: { transport: Transport; children: ReactNode }) {
  const [version, setVersion] = useState(0);
  useEffect(() => transport.client.on('workspace.changed', () => setVersion((v) => v + 1)), [transport]);
  const data = useMemo(() => ({ version, bump: () => setVersion((v) => v + 1) }), [version]);
  return (
    <ApiContext.Provider value={transport}>
      <DataVersionContext.Provider value={data}>{children}</DataVersionContext.Provider>
    </ApiContext.Provider>
  );
}
