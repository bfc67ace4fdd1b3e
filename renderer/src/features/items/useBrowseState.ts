import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ItemFilter } from '../../../../electron/api/contract';
import { browseSearchParams, parseBrowseParams, type BrowseState, type ItemSortKey } from './browseParams';

/**
 * The item browser's state, read from and written to the URL, so a filtered, sorted page is a
 * link and the back button works. Filter changes go back to the first page and replace the
 * history entry (typing a search should not leave one entry per key); page turns push.
 */
export function useBrowseState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseBrowseParams(params), [params]);

  const write = useCallback(
    (next: BrowseState, replace: boolean) => setParams(browseSearchParams(next), { replace }),
    [setParams],
  );

  return {
    state,
    setFilter: useCallback((filter: ItemFilter) => write({ ...state, filter, page: 0 }, true), [state, write]),
    patchFilter: useCallback(
      (patch: Partial<ItemFilter>) => write({ ...state, filter: withoutEmpty({ ...state.filter, ...patch }), page: 0 }, true),
      [state, write],
    ),
    setSort: useCallback(
      (sort: ItemSortKey, descending: boolean) => {
        // The grid may echo its sort model back; only a real change goes back to page one.
        if (sort === state.sort && descending === state.descending) return;
        write({ ...state, sort, descending, page: 0 }, true);
      },
      [state, write],
    ),
    setPage: useCallback(
      (page: number, pageSize: number) => {
        // The grid reports its model on mount too; only a real change makes a history entry.
        if (page === state.page && pageSize === state.pageSize) return;
        write({ ...state, page: pageSize === state.pageSize ? page : 0, pageSize }, false);
      },
      [state, write],
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
