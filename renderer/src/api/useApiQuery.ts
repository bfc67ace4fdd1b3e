import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../../electron/api/contract';
import { useApi, useDataVersion } from './apiContext';

export interface QueryState<T> {
  /** The last answer; kept while a newer request runs, so screens do not flicker. */
  data: T | undefined;
  error: string | null;
  loading: boolean;
  /** True while `data` answers an earlier key than the current one. */
  stale: boolean;
  reload(): void;
}

/**
 * Runs `load` when `key` changes and whenever the workspace data changes; answers to stale
 * requests are dropped, so a slow old page never overwrites a newer one.
 */
export function useApiQuery<T>(key: string, load: (api: ApiClient) => Promise<T>, enabled = true): QueryState<T> {
  const api = useApi();
  const { version } = useDataVersion();
  const [state, setState] = useState<{ data: T | undefined; dataKey: string | null; error: string | null; loading: boolean }>({
    data: undefined,
    dataKey: null,
    error: null,
    loading: enabled,
  });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    loadRef.current(api).then(
      (data) => current && setState({ data, dataKey: key, error: null, loading: false }),
      (error: unknown) => current && setState((s) => ({ ...s, error: messageOf(error), loading: false })),
    );
    return () => {
      current = false;
    };
  }, [api, key, version, tick, enabled]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, stale: state.dataKey !== key, reload };
}

/** The user-facing message of anything thrown by a call. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
