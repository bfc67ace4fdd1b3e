import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../../../electron/api/contract';
import { useApi } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';

/**
 * Loads something once per key and keeps it while labels change around it — unlike
 * `useApiQuery`, which reloads on every workspace change. For the item under the viewer and
 * the task's schema: reloading them on each saved label would re-render (and re-lay-out) the
 * artifact for nothing.
 */
export function useApiOnce<T>(key: string, load: (api: ApiClient) => Promise<T>, enabled = true): { data: T | undefined; error: string | null } {
  const api = useApi();
  const [state, setState] = useState<{ key: string | null; data: T | undefined; error: string | null }>({ key: null, data: undefined, error: null });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    loadRef.current(api).then(
      (data) => current && setState({ key, data, error: null }),
      (error: unknown) => current && setState({ key, data: undefined, error: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, key, enabled]);
  return state.key === key ? { data: state.data, error: state.error } : { data: undefined, error: null };
}
