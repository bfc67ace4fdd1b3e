import { useApiQuery } from '../../api/useApiQuery';

/** Everyone who has labelled, adjudicated or led in this workspace. */
export function useAnnotators() {
  return useApiQuery('annotators.list', (api) => api['annotators.list']({}));
}
