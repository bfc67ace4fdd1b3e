import type { QuestionAgreementRow } from '../../../../electron/api/contract';
import { isJudgeRater } from '../../../../electron/common/judgeRater';

/**
 * Questions whose headline statistic changed because judges were counted as raters: two
 * annotators and a judge make three raters, so an ordinal or score question is headed by
 * Krippendorff's α instead of the two annotators' weighted κ. Both are labelled in the table;
 * this says why the statistic changed when the switch is turned on.
 */
export function switchedByJudges(rows: QuestionAgreementRow[]): QuestionAgreementRow[] {
  return rows.filter((row) => {
    const people = row.raters.filter((name) => !isJudgeRater(name)).length;
    return row.headline.statistic.startsWith('krippendorffAlpha') && people === 2 && row.raters.length > people;
  });
}

/** The notice above the table, or null when no headline changed. */
export function judgeSwitchText(rows: QuestionAgreementRow[]): string | null {
  const switched = switchedByJudges(rows);
  if (switched.length === 0) return null;
  const which = switched.length === 1 ? `“${switched[0].title}” has` : `${switched.length} questions (${switched.map((row) => `“${row.title}”`).join(', ')}) have`;
  return (
    `With the judges counted as raters, ${which} three or more raters, so ${switched.length === 1 ? 'its' : 'their'} headline is ` +
    `Krippendorff's α (at the question's level of measurement) instead of the two annotators' weighted κ.`
  );
}
