import type { Question } from '../../core/schemas/model';

/** An answer as stored: its value as JSON text, and whether it is N/A (1). */
interface StoredAnswer {
  value: string | null;
  na: number;
}

/**
 * The numeric value of each answer a scale question can take (ordinal: each level's `numeric`;
 * score: the value itself) and the scale's range (highest − lowest); null for a question
 * without a scale (binary, nominal, multilabel) or with a range of 0.
 */
function scaleOf(question: Question | undefined): { numeric: Map<string | number, number>; range: number } | null {
  const points: (readonly [string | number, number])[] =
    question?.type === 'ordinal'
      ? question.levels.map((l) => [l.value, l.numeric] as const)
      : question?.type === 'score'
        ? question.values.map((v) => [v.value, v.value] as const)
        : [];
  if (points.length < 2) return null;
  const values = points.map(([, n]) => n);
  const range = Math.max(...values) - Math.min(...values);
  return range > 0 ? { numeric: new Map(points), range } : null;
}

/**
 * How disputed one question's answers are, from 0 (everyone gives the same answer) to 1 (every
 * pair of raters as far apart as answers go): the mean, over every pair of raters, of how far
 * apart the two answers are.
 *
 * - Binary, nominal, multilabel: two different answers are 1 apart, so the dispute is the share
 *   of rater pairs that disagree (1 − pair agreement), as the queue always counted it.
 * - Ordinal and score: the gap between the two answers' numeric values over the scale's range,
 *   so on a 7-level scale neighbouring levels ("Good" and "Very Good") are 1/6 apart and the two
 *   ends 1. N/A (or a value off the scale) against another answer is 1 apart.
 *
 * Fewer than two answers: 0.
 *
 * @example questionDispute(sevenLevels, [good, veryGood]) // 1/6
 * @example questionDispute(sevenLevels, [extremelyBad, extremelyGood]) // 1
 */
export function questionDispute(question: Question | undefined, answers: readonly StoredAnswer[]): number {
  if (answers.length < 2) return 0;
  const scale = scaleOf(question);
  const key = (a: StoredAnswer) => (a.na === 1 ? 'N/A' : (a.value ?? ''));
  const position = (a: StoredAnswer) => (a.na === 1 || a.value === null || !scale ? undefined : scale.numeric.get(JSON.parse(a.value) as string | number));
  let apart = 0;
  let pairs = 0;
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      pairs++;
      if (key(answers[i]) === key(answers[j])) continue;
      const a = position(answers[i]);
      const b = position(answers[j]);
      apart += scale && a !== undefined && b !== undefined ? Math.abs(a - b) / scale.range : 1;
    }
  }
  return apart / pairs;
}
