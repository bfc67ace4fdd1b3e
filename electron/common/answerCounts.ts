import { counted } from './numberFormat';

/** The answers a unit can get: the levels of a scale in order, or tag sets (multilabel: no order). */
export interface AnswerScale {
  categories: readonly { name: string }[];
  multilabel: boolean;
}

/** Answers without a scale (the queue's answer texts): most given first. */
export const NO_SCALE: AnswerScale = { categories: [], multilabel: false };

/**
 * A unit's answers and how many raters gave each, for a crowd (see CROWD_RATERS): in the scale's
 * order, others most given first; no answer is not counted, nor an LLM judge's (`judge`: shown
 * apart, see {@link judgesAnswers}, not folded into the humans' counts). A multilabel question's
 * categories are its tags, not an order of its answers: a set of one tag is a set like any other.
 */
export function answerCounts(ratings: readonly { value: string | null; judge?: true }[], scale: AnswerScale): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of ratings) if (r.value !== null && !r.judge) counts.set(r.value, (counts.get(r.value) ?? 0) + 1);
  const order = new Map(scale.multilabel ? [] : scale.categories.map((c, i) => [c.name, i]));
  const rank = (value: string) => order.get(value) ?? Infinity;
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => rank(a.value) - rank(b.value) || b.count - a.count || (a.value < b.value ? -1 : 1));
}

/** The LLM judges' answers among a unit's (judges included as raters), each named beside a crowd's counted answers. */
export function judgesAnswers<R extends { value: string | null; judge?: true }>(ratings: readonly R[]): R[] {
  return ratings.filter((r) => r.judge && r.value !== null);
}

/** How many raters gave an answer, in words: "11 raters", "1 rater" (a screen reader reads "×11" as "times 11"). */
export function raterCount(n: number): string {
  return counted(n, 'rater');
}

/**
 * A unit's counted answers, the judges' after, as assistive technology should read them where
 * the screen shows them compact ("1 ×11"): "1: 11 raters; 2: 2 raters; 5: gpt-judge". `say`
 * gives an answer in words (a level's label, a tag set); semicolons part the answers, whose
 * words may hold commas.
 */
export function answerCountsSpoken(counts: readonly { value: string; count: number }[], judges: readonly { rater: string; value: string | null }[], say: (value: string) => string): string {
  return [...counts.map((c) => `${say(c.value)}: ${raterCount(c.count)}`), ...judges.map((j) => `${say(j.value ?? '')}: ${j.rater}`)].join('; ');
}
