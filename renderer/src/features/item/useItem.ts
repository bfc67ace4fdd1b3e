import { useApiQuery } from '../../api/useApiQuery';

/** One item with payload, findings and reference metrics. */
export function useItem(id: number | null) {
  return useApiQuery(`items.get ${id}`, (api) => api['items.get']({ id: id! }), id !== null);
}
