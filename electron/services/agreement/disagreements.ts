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
 * differ), then item and unit, so the worst cases come first; `total` counts them all, `units`
 * holds the first `limit`.
 */
export function disagreeingUnits(
  ratings: readonly AgreementRating[],
  raters: readonly string[],
  items: ReadonlyMap<number, TaskItemRecord>,
  rule: SpreadRule,
  limit = Number.POSITIVE_INFINITY,
): { units: DisagreeingUnit[]; total: number } {
  // One flat slot per (unit, rater): a Map per unit would dominate the cost on large tasks.
  const raterIndex = new Map(raters.map((rater, j) => [rater, j]));
  const r = raters.length;
  const unitIndex = new Map<string, number>();
  const unitNames: string[] = [];
  const itemOf: number[] = [];
  const values: (string | null | undefined)[] = [];
  for (const rating of ratings) {
    const j = raterIndex.get(rating.rater);
    if (j === undefined) continue;
    let u = unitIndex.get(rating.unit);
    if (u === undefined) {
      u = unitNames.length;
      unitIndex.set(rating.unit, u);
      unitNames.push(rating.unit);
      itemOf.push(rating.itemId);
      values.length += r;
    }
    values[u * r + j] = rating.value;
  }
  const position = rule.kind === 'ordered' ? new Map(rule.levels.map((level, i) => [level, i])) : undefined;
  // First find every disagreeing unit and its spread (numbers only), sort, then build objects
  // for the first `limit`: on a large task most of them are only counted.
  const found: number[] = [];
  const spreads: (number | null)[] = [];
  for (let u = 0; u < unitNames.length; u++) {
    const answers: string[] = [];
    for (let j = 0; j < r; j++) {
      const v = values[u * r + j];
      if (v !== null && v !== undefined) answers.push(v);
    }
    if (answers.length < 2 || answers.every((v) => v === answers[0]) || !items.has(itemOf[u])) continue;
    found.push(u);
    spreads[u] = spreadOf(answers, rule, position);
  }
  found.sort((a, b) => (spreads[b] ?? 0) - (spreads[a] ?? 0) || itemOf[a] - itemOf[b] || (unitNames[a] < unitNames[b] ? -1 : unitNames[a] > unitNames[b] ? 1 : 0));
  const judges = new Set(ratings.filter((rating) => rating.raterKind === 'judge').map((rating) => rating.rater));
  const units = found.slice(0, limit).map((u): DisagreeingUnit => ({
    ...unitPlace(unitNames[u], items.get(itemOf[u]) as TaskItemRecord),
    unit: unitNames[u],
    ratings: raters.map((rater, j) => ({ rater, value: values[u * r + j] ?? null, ...(judges.has(rater) ? { judge: true as const } : {}) })),
    spread: spreads[u] ?? null,
  }));
  return { units, total: found.length };
}

function spreadOf(answers: readonly string[], rule: SpreadRule, position?: ReadonlyMap<string, number>): number | null {
  if (rule.kind === 'nominal') return null;
  if (rule.kind === 'ordered') {
    const positions = answers.map((a) => position?.get(a) ?? rule.levels.indexOf(a));
    return Math.max(...positions) - Math.min(...positions);
  }
  const sets = answers.map((a) => new Set(a.split(';').filter((tag) => tag !== '')));
  const all = new Set(sets.flatMap((s) => [...s]));
  let differing = 0;
  for (const tag of all) if (!sets.every((s) => s.has(tag))) differing++;
  return differing;
}
