import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';
import { type PendingQuery, settlePending, shownQuery, withWrite } from './pendingQuery';

/**
 * `useSearchParams`, except that what this component writes reads back at once, before the
 * router's transition shows it (see pendingQuery.ts): a change computed from the params, or
 * passed a function of them, builds on the changes before it instead of undoing them. The back
 * button and links still win: a query none of the writes made replaces them. Writing the query
 * already shown does nothing (no navigation, no history entry).
 */
export function useSearchParamsNow(): [URLSearchParams, (next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => void] {
  const [routerParams, setRouterParams] = useSearchParams();
  const routerQuery = routerParams.toString();
  const [pending, setPending] = useState<PendingQuery | null>(null);
  // Forget what the router has caught up with, so a stale write can never come back later.
  useEffect(() => setPending((current) => settlePending(current, routerQuery)), [routerQuery]);

  const query = shownQuery(pending, routerQuery);
  const params = useMemo(() => (query === routerQuery ? routerParams : new URLSearchParams(query)), [query, routerQuery, routerParams]);
  // Read at call time: two calls before a render (two handlers of one event) chain too.
  const latest = useRef({ params, routerQuery });
  latest.current = { params, routerQuery };

  const set = useCallback(
    (next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(latest.current.params)) : next;
      const written = value.toString();
      if (written === latest.current.params.toString()) return;
      latest.current = { params: value, routerQuery: latest.current.routerQuery };
      setPending((current) => withWrite(current, latest.current.routerQuery, written));
      setRouterParams(value, options);
    },
    [setRouterParams],
  );
  return [params, set];
}
