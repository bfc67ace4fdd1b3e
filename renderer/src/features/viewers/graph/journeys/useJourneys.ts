import { useApiQuery } from '../../../../api/useApiQuery';

/** The start → end journeys of graph item `id` (`items.journeys`). */
export function useJourneys(id: number) {
  return useApiQuery(`items.journeys ${id}`, (api) => api['items.journeys']({ id }));
}
