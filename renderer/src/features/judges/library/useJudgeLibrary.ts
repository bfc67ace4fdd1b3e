import type { JudgeInfo, PlaceholderInfo } from '../../../../../electron/api/contract';
import { useApiQuery, type QueryState } from '../../../api/useApiQuery';

/** The judge library: presets, then the judges stored in the workspace. */
export function useJudgeLibrary(): QueryState<JudgeInfo[]> {
  return useApiQuery('judges.list', (api) => api['judges.list']({}));
}

/** The placeholders templates may use (they do not change while the app runs). */
export function usePlaceholders(): QueryState<PlaceholderInfo[]> {
  return useApiQuery('judges.placeholders', (api) => api['judges.placeholders']({}));
}

/** A judge's key in URLs and lists: `id@version`. */
export function judgeKey(judge: Pick<JudgeInfo, 'id' | 'version'>): string {
  return `${judge.id}@${judge.version}`;
}
