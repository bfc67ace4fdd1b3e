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
 * Counted by distinct answer rather than by pair (O(r log r) for r raters, not O(r²)): an item
 * of a crowd release can carry thousands of raters. Pairs giving the same answer add 0; pairs of
 * two different answers on the scale add their gap, summed over the answers sorted by position
 * with a running total; every other pair of different answers adds 1.
 *
 * @example questionDispute(sevenLevels, [good, veryGood]) // 1/6
 * @example questionDispute(sevenLevels, [extremelyBad, extremelyGood]) // 1
 */
export function questionDispute(question: Question | undefined, answers: readonly StoredAnswer[]): number {
  const r = answers.length;
  if (r < 2) return 0;
  const scale = scaleOf(question);
  const counts = new Map<string, { count: number; answer: StoredAnswer }>();
  for (const answer of answers) {
    const key = answer.na === 1 ? 'N/A' : (answer.value ?? '');
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { count: 1, answer });
  }
  const pairsOf = (n: number) => (n * (n - 1)) / 2;
  let samePairs = 0;
  for (const { count } of counts.values()) samePairs += pairsOf(count);
  const differentPairs = pairsOf(r) - samePairs;
  // Answers with a place on the scale, by position: the gaps between them, weighted by how many
  // raters gave each, from a running count and sum of the positions before.
  const placed: { position: number; count: number }[] = [];
  if (scale) {
    for (const { count, answer } of counts.values()) {
      const position = answer.na === 1 || answer.value === null ? undefined : scale.numeric.get(JSON.parse(answer.value) as string | number);
      if (position !== undefined) placed.push({ position, count });
    }
    placed.sort((a, b) => a.position - b.position);
  }
  let gaps = 0;
  let placedBefore = 0;
  let positionsBefore = 0;
  let placedSamePairs = 0;
  for (const { position, count } of placed) {
    gaps += count * (placedBefore * position - positionsBefore);
    placedBefore += count;
    positionsBefore += count * position;
    placedSamePairs += pairsOf(count);
  }
  // Pairs of two different answers both on the scale were weighed by their gap; the rest count 1.
  const placedDifferentPairs = pairsOf(placedBefore) - placedSamePairs;
  const apart = (scale ? gaps / scale.range : 0) + (differentPairs - placedDifferentPairs);
  return apart / pairsOf(r);
}
