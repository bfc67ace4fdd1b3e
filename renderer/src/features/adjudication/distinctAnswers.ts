import type { GoldView, RaterAnswer } from '../../../../electron/api/contract';
import type { LabelValue } from '../../../../electron/api/labelSchemas';

/** One answer the raters gave, with who gave it. */
export interface DistinctAnswer {
  value: LabelValue | null;
  na: boolean;
  raters: string[];
}

const keyOf = (a: { value: LabelValue | null; na: boolean }) => (a.na ? 'N/A' : JSON.stringify(a.value));

/**
 * The different answers to one question on one unit, most-given first (ties in the order
 * they appear), each with its raters — what the adjudicator picks gold from with keys 1…n.
 * Tags compare as stored (canonical order), so the same set is the same answer.
 */
export function distinctAnswers(answers: readonly RaterAnswer[]): DistinctAnswer[] {
  const byKey = new Map<string, DistinctAnswer>();
  for (const a of answers) {
    const key = keyOf(a);
    const entry = byKey.get(key) ?? { value: a.na ? null : a.value, na: a.na, raters: [] };
    entry.raters.push(a.rater);
    byKey.set(key, entry);
  }
  return [...byKey.values()].sort((a, b) => b.raters.length - a.raters.length);
}

/** Whether the gold label is this answer. */
export function isGold(gold: GoldView | null, answer: { value: LabelValue | null; na: boolean }): boolean {
  return gold !== null && keyOf(gold) === keyOf(answer);
}
