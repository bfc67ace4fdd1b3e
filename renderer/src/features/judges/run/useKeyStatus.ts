import { useApiQuery } from '../../../api/useApiQuery';

/** Whether the process that makes the calls has an API key (never the key itself). */
export function useKeyStatus(baseUrl: string, enabled: boolean): boolean | null {
  const { data } = useApiQuery(`judges.keyStatus:${baseUrl}`, (api) => api['judges.keyStatus']({ baseUrl }), enabled);
  return data ? data.configured : null;
}
