import { useApiQuery } from '../../api/useApiQuery';
import { listArgs, type BrowseState } from './browseParams';

/** One page of items for the browser state, paged, sorted and filtered in the database. */
export function useItemList(state: BrowseState) {
  const args = listArgs(state);
  return useApiQuery(`items.list ${JSON.stringify(args)}`, (api) => api['items.list'](args));
}
