/** What moving through the queue needs of an entry. */
export interface QueuePlace {
  itemId: number;
  resolved: boolean;
}

/**
 * Where an item stands in its queue (`at`: -1 when it is not there) and its neighbours: `previous`
 * the entry before it; `next` the next unsettled entry after it (wrapping round to the top),
 * else simply the entry after it; with the item not in the queue, the first unsettled entry.
 */
export function queueNeighbours<E extends QueuePlace>(entries: readonly E[], itemId: number): { at: number; previous: E | null; next: E | null } {
  const at = entries.findIndex((e) => e.itemId === itemId);
  const previous = at > 0 ? entries[at - 1] : null;
  const next = at >= 0 ? ([...entries.slice(at + 1), ...entries.slice(0, at)].find((e) => !e.resolved) ?? entries[at + 1] ?? null) : (entries.find((e) => !e.resolved) ?? null);
  return { at, previous, next };
}

/**
 * What j (`'next'`) or k (`'previous'`) says where it has nowhere to go, so the key is not
 * dropped without a word: at the end of the queue, at its top, before the queue has loaded.
 * `entries` undefined: the queue has not come back yet.
 */
export function noMoveNotice(direction: 'next' | 'previous', entries: readonly QueuePlace[] | undefined, itemId: number): string {
  if (entries === undefined) return 'The queue is still loading — press the key again in a moment';
  const at = entries.findIndex((e) => e.itemId === itemId);
  if (direction === 'previous') return at === 0 ? 'First item of the queue — nothing before it' : 'This item is not in the queue under its filter — nothing before it';
  if (at < 0) return 'No open item left in the queue';
  return entries[at].resolved ? 'Last item of the queue — every disagreement is settled' : 'Last item of the queue — the only one left to settle';
}
