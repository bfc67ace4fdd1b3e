/**
 * A unit's answers and how many raters gave each, for a crowd (see CROWD_RATERS): in the scale's
 * order (`order`: answer → position), others (tag sets) most given first; no answer is not counted.
 */
export function answerCounts(ratings: readonly { value: string | null }[], order: ReadonlyMap<string, number>): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of ratings) if (r.value !== null) counts.set(r.value, (counts.get(r.value) ?? 0) + 1);
  const rank = (value: string) => order.get(value) ?? Infinity;
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => rank(a.value) - rank(b.value) || b.count - a.count || (a.value < b.value ? -1 : 1));
}
