/**
 * Who labels which items, in what order (DESIGN.md §4 "Tasks"): pure and seeded, so that the
 * same task definition gives every annotator the same queue on every machine.
 */

/** How items are shared: everyone labels everything, or each item goes to a fixed number of annotators. */
export type OverlapMode = 'all' | 'fixed';

/**
 * A 32-bit hash of a string: FNV-1a, then the MurmurHash3 finaliser so that keys differing in
 * one character land far apart.
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Orders items by a seeded hash of their stable key (e.g. `dataset/externalId`, never a
 * database id, so that two workspaces agree). Each item's place depends only on the seed, the
 * salt and its own key, so adding items later does not reshuffle the others.
 *
 * @example seededOrder(['a', 'b', 'c'], (x) => x, 7, 'ana') // the same permutation on every run
 */
export function seededOrder<T>(items: readonly T[], keyOf: (item: T) => string, seed: number, salt: string): T[] {
  const keyed = items.map((item) => {
    const key = keyOf(item);
    return { item, key, rank: hash32(`${seed}\u0000${salt}\u0000${key}`) };
  });
  keyed.sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.item);
}

/** What {@link assignItems} needs. */
export interface AssignmentInput<T> {
  items: readonly T[];
  /** Stable key of an item (dataset + external id). */
  keyOf: (item: T) => string;
  /** Annotator names. */
  annotators: readonly string[];
  mode: OverlapMode;
  /** Annotators per item in `fixed` mode (ignored in `all` mode). */
  perItem: number;
  seed: number;
}

/**
 * Assigns items to annotators and orders each annotator's queue.
 *
 * - `all`: every annotator gets every item.
 * - `fixed`: each item goes to exactly `perItem` annotators, dealt round-robin over the
 *   items in seeded order, so that loads differ by at most one item and every pair of
 *   annotators shares items.
 *
 * Each annotator's queue is then in a seeded order of its own (salted with the name), so two
 * annotators do not work through the items in the same order.
 *
 * @throws Error when `fixed` asks for more annotators per item than there are annotators.
 */
export function assignItems<T>(input: AssignmentInput<T>): Map<string, T[]> {
  const names = [...new Set(input.annotators)];
  const assigned = new Map<string, T[]>(names.map((name) => [name, []]));
  if (names.length === 0) return assigned;
  if (input.mode === 'all') {
    for (const name of names) assigned.set(name, [...input.items]);
  } else {
    if (!Number.isInteger(input.perItem) || input.perItem < 1) throw new Error('annotators per item must be a whole number ≥ 1');
    if (input.perItem > names.length) {
      throw new Error(`each item needs ${input.perItem} annotators, but the task has ${names.length} (${names.join(', ')})`);
    }
    const dealers = seededOrder(names, (n) => n, input.seed, 'annotators');
    seededOrder(input.items, input.keyOf, input.seed, 'deal').forEach((item, k) => {
      for (let j = 0; j < input.perItem; j++) assigned.get(dealers[(k * input.perItem + j) % dealers.length])!.push(item);
    });
  }
  for (const name of names) assigned.set(name, seededOrder(assigned.get(name)!, input.keyOf, input.seed, `queue:${name}`));
  return assigned;
}
