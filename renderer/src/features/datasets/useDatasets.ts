import { useApiQuery } from '../../api/useApiQuery';

/** The dataset list with counts and source files, refreshed on every workspace change. */
export function useDatasets() {
  return useApiQuery('datasets.list', (api) => api['datasets.list']({}));
}
