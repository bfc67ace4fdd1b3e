/**
 * A judge run's labels go under a rater named `judge:<judge>@<model>#<run>`
 * (services/judges/raterName.ts); agreement tables, exports and the renderer tell judges from
 * people by this prefix.
 */
export const JUDGE_RATER_PREFIX = 'judge:';

export function isJudgeRater(name: string): boolean {
  return name.startsWith(JUDGE_RATER_PREFIX);
}
