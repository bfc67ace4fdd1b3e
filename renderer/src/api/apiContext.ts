import { createContext, useContext } from 'react';
import type { ApiClient } from '../../../electron/api/contract';
import type { Transport } from './transport';

export const ApiContext = createContext<Transport | null>(null);

export interface DataVersion {
  /** Moves on every workspace change. */
  version: number;
  /** Marks the data stale after a mutation made here. */
  bump(): void;
}
export const DataVersionContext = createContext<DataVersion>({ version: 0, bump: () => undefined });

/** The transport (client, mode, file sources). */
export function useTransport(): Transport {
  const transport = useContext(ApiContext);
  if (!transport) throw new Error('useTransport outside <ApiProvider>');
  return transport;
}

/** The typed API client. */
export function useApi(): ApiClient {
  return useTransport().client;
}

/** The workspace data version (see {@link DataVersion}). */
export function useDataVersion(): DataVersion {
  return useContext(DataVersionContext);
}
