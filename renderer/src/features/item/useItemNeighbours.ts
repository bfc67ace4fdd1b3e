import { useApiQuery } from '../../api/useApiQuery';
import { itemHref, type BrowseState } from '../items/browseParams';

/** Where an item sits in the browser's order, and the links to the items around it. */
export interface Neighbours {
  /** 0-based position in the filtered, sorted list; null when the item was not opened from it. */
  position: number | null;
  total: number | null;
  previous: string | null;
  next: string | null;
}

/**
 * Asks the database for the rows around `position` of the browser's order (the same filter and
 * sort the browser used), so next/previous follow what the reviewer was looking at. If the list
 * changed and the item is no longer there, there are no neighbours rather than wrong ones.
 */
export function useItemNeighbours(id: number | null, state: BrowseState, position: number | null): Neighbours {
  const offset = Math.max(0, (position ?? 0) - 1);
  const args = { ...state.filter, sort: state.sort, descending: state.descending, offset, limit: 3 };
  const { data, stale } = useApiQuery(`neighbours ${JSON.stringify(args)}`, (api) => api['items.list'](args), id !== null && position !== null);
  if (id === null || position === null || !data || stale) return { position, total: null, previous: null, next: null };
  const index = data.rows.findIndex((row) => row.id === id);
  if (index < 0 || offset + index !== position) return { position: null, total: data.total, previous: null, next: null };
  const link = (at: number) => {
    const row = data.rows[at - offset];
    return row ? itemHref(row.id, state, at) : null;
  };
  return { position, total: data.total, previous: position > 0 ? link(position - 1) : null, next: link(position + 1) };
}
