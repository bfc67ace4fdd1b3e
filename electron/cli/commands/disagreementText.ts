import type { DisagreeingUnit } from '../../api/contract';
import { answerCounts, judgesAnswers, type AnswerScale } from '../../common/answerCounts';
import { count } from '../../common/numberFormat';
import { CROWD_RATERS } from '../../common/raterList';

/**
 * A disagreeing unit's answers on one line of the terminal: each rater's (`ana=low  ben=mid`)
 * while few, else each answer with how many gave it (`low ×101  mid ×17`), as the app's
 * disagreements table does: a crowd release's 120 raters would make a line of 120 answers.
 */
export function disagreementAnswers(ratings: DisagreeingUnit['ratings'], raters: number, scale: AnswerScale): string {
  if (raters <= CROWD_RATERS) return ratings.map((r) => `${r.rater}=${r.value ?? '—'}`).join('  ');
  const shown = (value: string) => (value === '' ? '(no tag)' : value);
  return [...answerCounts(ratings, scale).map(({ value, count: n }) => `${shown(value)} ×${count(n)}`), ...judgesAnswers(ratings).map((r) => `${r.rater}=${shown(r.value!)}`)].join('  ');
}
