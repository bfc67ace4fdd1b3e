import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../../../electron/api/contract';
import { useApi } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { useSettledVersion } from './useSettledVersion';

/**
 * Like `useApiQuery`, but reloads once a burst of workspace changes has settled (see
 * {@link useSettledVersion}), keeping the last answer on screen meanwhile.
 */
export function useSettledQuery<T>(key: string, load: (api: ApiClient) => Promise<T>, enabled = true): { data: T | undefined; error: string | null } {
  const api = useApi();
  const version = useSettledVersion();
  const [state, setState] = useState<{ data: T | undefined; error: string | null }>({ data: undefined, error: null });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    loadRef.current(api).then(
      (data) => current && setState({ data, error: null }),
      (error: unknown) => current && setState((s) => ({ ...s, error: messageOf(error) })),
    );
    return () => {
      current = false;
    };
  }, [api, key, version, enabled]);
  return state;
}
