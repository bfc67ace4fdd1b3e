import { useCallback, useMemo } from 'react';
import type { ItemFilter } from '../../../../electron/api/contract';
import { useSearchParamsNow } from '../../common/useSearchParamsNow';
import { browseSearchParams, parseBrowseParams, type BrowseState, type ItemSortKey } from './browseParams';

/**
 * The item browser's state, read from and written to the URL, so a filtered, sorted page is a
 * link and the back button works. Filter changes go back to the first page and replace the
 * history entry (typing a search should not leave one entry per key); page turns push. Each
 * change builds on the last one made, even before the router shows it (useSearchParamsNow): a
 * sort header clicked twice quickly sorts descending, two filters picked quickly both hold.
 */
export function useBrowseState() {
  const [params, setParams] = useSearchParamsNow();
  const state = useMemo(() => parseBrowseParams(params), [params]);

  /** Writes `change(current)`; nothing when it returns null (the query unchanged is no navigation). */
  const write = useCallback(
    (change: (current: BrowseState) => BrowseState | null, replace: boolean) =>
      setParams(
        (current) => {
          const next = change(parseBrowseParams(current));
          return next === null ? current : browseSearchParams(next);
        },
        { replace },
      ),
    [setParams],
  );

  return {
    state,
    setFilter: useCallback((filter: ItemFilter) => write((current) => ({ ...current, filter, page: 0 }), true), [write]),
    patchFilter: useCallback(
      (patch: Partial<ItemFilter>) => write((current) => ({ ...current, filter: withoutEmpty({ ...current.filter, ...patch }), page: 0 }), true),
      [write],
    ),
    setSort: useCallback(
      (sort: ItemSortKey, descending: boolean) =>
        // The grid may echo its sort model back; only a real change goes back to page one.
        write((current) => (sort === current.sort && descending === current.descending ? null : { ...current, sort, descending, page: 0 }), true),
      [write],
    ),
    setPage: useCallback(
      (page: number, pageSize: number) =>
        // The grid reports its model on mount too; only a real change makes a history entry.
        write(
          (current) => (page === current.page && pageSize === current.pageSize ? null : { ...current, page: pageSize === current.pageSize ? page : 0, pageSize }),
          false,
        ),
      [write],
    ),
  };
}

/** Drops keys set to undefined or an empty string, so "any" really removes the filter. */
function withoutEmpty(filter: ItemFilter): ItemFilter {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    if (key === 'metadata' && Object.keys(value as object).length === 0) continue;
    result[key] = value;
  }
  return result as ItemFilter;
}
