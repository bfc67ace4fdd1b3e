import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type NavigateOptions, useLocation, useSearchParams } from 'react-router';
import { type PendingQuery, type RouterPlace, settlePending, shownQuery, withWrite } from './pendingQuery';

/**
 * `useSearchParams`, except that what this component writes reads back at once, before the
 * router's transition shows it (see pendingQuery.ts): a change computed from the params, or
 * passed a function of them, builds on the changes before it instead of undoing them. The back
 * button and links still win: another history entry than the writes made replaces them, even
 * one with the same query. Writing the query already shown does nothing (no navigation, no
 * history entry).
 *
 * One writer per page: each component that calls this keeps its own pending writes, so two on one
 * page would each build on the router's query rather than on the other's write.
 */
export function useSearchParamsNow(): [URLSearchParams, (next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => void] {
  const [routerParams, setRouterParams] = useSearchParams();
  const { key, pathname } = useLocation();
  const routerQuery = routerParams.toString();
  const router = useMemo<RouterPlace>(() => ({ key, pathname, query: routerQuery }), [key, pathname, routerQuery]);
  const [pending, setPending] = useState<PendingQuery | null>(null);
  // Forget what the router has caught up with, so a stale write can never come back later.
  useEffect(() => setPending((current) => settlePending(current, router)), [router]);

  const query = shownQuery(pending, router);
  const params = useMemo(() => (query === routerQuery ? routerParams : new URLSearchParams(query)), [query, routerQuery, routerParams]);
  // Read at call time: two calls before a render (two handlers of one event) chain too.
  const latest = useRef({ params, router });
  latest.current = { params, router };

  const set = useCallback(
    (next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(latest.current.params)) : next;
      const written = value.toString();
      if (written === latest.current.params.toString()) return;
      const { router: place } = latest.current;
      latest.current = { params: value, router: place };
      setPending((current) => withWrite(current, place, written));
      setRouterParams(value, options);
    },
    [setRouterParams],
  );
  return [params, set];
}
