import type { TaskItemRecord } from '../../../db/queries/tasks';
import type { DisagreeingUnit } from '../../api/contract';
import type { AgreementRating } from '../annotation/agreementRatings';
import { unitPlace } from './unitNames';

/** How answers are compared when measuring how far apart they are. */
export type SpreadRule =
  | { kind: 'ordered'; levels: readonly string[] }
  | { kind: 'nominal' }
  | { kind: 'tags' };

/**
 * The units behind the disagreement figures: every unit with two or more answers that are not
 * all the same (N/A and missing answers are "not rated", as in the statistics), each with what
 * every rater said. Sorted by spread (level steps between the farthest answers, or tags that
 * differ), then item and unit, so the worst cases come first.
 */
export function disagreeingUnits(
  ratings: readonly AgreementRating[],
  raters: readonly string[],
  items: ReadonlyMap<number, TaskItemRecord>,
  rule: SpreadRule,
): DisagreeingUnit[] {
  const byUnit = new Map<string, { itemId: number; values: Map<string, string | null> }>();
  for (const rating of ratings) {
    const entry = byUnit.get(rating.unit) ?? { itemId: rating.itemId, values: new Map<string, string | null>() };
    entry.values.set(rating.rater, rating.value);
    byUnit.set(rating.unit, entry);
  }
  const out: DisagreeingUnit[] = [];
  for (const [unit, { itemId, values }] of byUnit) {
    const answers = [...values.values()].filter((v): v is string => v !== null);
    if (answers.length < 2 || answers.every((v) => v === answers[0])) continue;
    const item = items.get(itemId);
    if (!item) continue;
    out.push({
      ...unitPlace(unit, item),
      unit,
      ratings: raters.map((rater) => ({ rater, value: values.get(rater) ?? null })),
      spread: spreadOf(answers, rule),
    });
  }
  return out.sort(
    (a, b) => (b.spread ?? 0) - (a.spread ?? 0) || a.itemId - b.itemId || (a.unitKey < b.unitKey ? -1 : a.unitKey > b.unitKey ? 1 : 0),
  );
}

function spreadOf(answers: readonly string[], rule: SpreadRule): number | null {
  if (rule.kind === 'nominal') return null;
  if (rule.kind === 'ordered') {
    const positions = answers.map((a) => rule.levels.indexOf(a));
    return Math.max(...positions) - Math.min(...positions);
  }
  const sets = answers.map((a) => new Set(a.split(';').filter((tag) => tag !== '')));
  const all = new Set(sets.flatMap((s) => [...s]));
  let differing = 0;
  for (const tag of all) if (!sets.every((s) => s.has(tag))) differing++;
  return differing;
}
