import type { ItemRef } from '../../../../electron/api/contract';
import { useApiQuery } from '../../api/useApiQuery';
import { itemHref, type BrowseState } from '../items/browseParams';

/** A link to a neighbouring item, with its external id for the tooltip. */
export interface NeighbourLink {
  id: number;
  href: string;
  externalId: string;
}

/** Where an item sits in the browser's order, and the links to the items around it. */
export interface Neighbours {
  /** 0-based position in the filtered, sorted list; null when the list does not hold the item. */
  position: number | null;
  total: number | null;
  previous: NeighbourLink | null;
  next: NeighbourLink | null;
  /** True while the neighbours of the current item are being asked for. */
  loading: boolean;
}

/**
 * Asks the database where the item sits in the browser's order (the filter and sort in the
 * URL; none for a bare deep link, which means every item in id order) and which items are
 * either side, so next/previous follow what the reviewer was looking at — or the whole
 * workspace when they came from a link. `positionHint` (the `at` the list wrote into the link)
 * is shown until the answer arrives, so "12 of 340" does not flicker on every step.
 */
export function useItemNeighbours(id: number | null, state: BrowseState, positionHint: number | null): Neighbours {
  const args = { ...state.filter, sort: state.sort, descending: state.descending, id: id ?? 0 };
  const { data, stale } = useApiQuery(`items.neighbours ${JSON.stringify(args)}`, (api) => api['items.neighbours'](args), id !== null);
  if (id === null || !data || stale) return { position: positionHint, total: data?.total ?? null, previous: null, next: null, loading: id !== null };
  const link = (ref: ItemRef | null, at: number): NeighbourLink | null => (ref ? { id: ref.id, href: itemHref(ref.id, state, at), externalId: ref.externalId } : null);
  const { position } = data;
  return {
    position,
    total: data.total,
    previous: position === null ? null : link(data.previous, position - 1),
    next: position === null ? null : link(data.next, position + 1),
    loading: false,
  };
}
