import { JUDGE_RATER_PREFIX } from '../../common/judgeRater';

/**
 * The rater name of a judge run's labels: judge, model and run, so exports, agreement tables
 * and the adjudication screen say which run said what (`judge:plan-quality-reference@gpt-4o-mini#3`).
 */
export function judgeRaterName(judgeId: string, model: string, runId: number): string {
  return `${JUDGE_RATER_PREFIX}${judgeId}@${model}#${runId}`;
}
