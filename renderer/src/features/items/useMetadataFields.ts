import { useApiQuery } from '../../api/useApiQuery';

/** Metadata fields and their common values (of one dataset, or all), for the filter menu. */
export function useMetadataFields(datasetId: number | undefined) {
  return useApiQuery(`items.metadataFields ${datasetId ?? ''}`, (api) => api['items.metadataFields']({ datasetId }));
}
