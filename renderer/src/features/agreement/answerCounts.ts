import type { DisagreeingUnit } from '../../../../electron/api/contract';

/**
 * Raters beyond which the disagreements table counts answers instead of giving each rater a
 * column: a crowd (JUDGE-BENCH releases carry 100+ raters) would make a table as wide as the
 * crowd, scrolled sideways to read one row.
 */
export const CROWD_RATERS = 8;

/** A unit's answers and how many raters gave each: in the scale's order, tag sets most given first; no answer is not counted. */
export function answerCounts(ratings: DisagreeingUnit['ratings'], order: ReadonlyMap<string, number>): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of ratings) if (r.value !== null) counts.set(r.value, (counts.get(r.value) ?? 0) + 1);
  const rank = (value: string) => order.get(value) ?? Infinity;
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => rank(a.value) - rank(b.value) || b.count - a.count || (a.value < b.value ? -1 : 1));
}
