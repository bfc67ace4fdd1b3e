import type { NeighbourLink, Neighbours } from './useItemNeighbours';

/**
 * The item-stepping keys as a queue, kept apart from React so it can be tested without a
 * browser. A key press is owed until it is made, and a move is made only from the item the
 * page shows with that item's own neighbours: the links on screen after a navigation still
 * point around the item being left, so a move made from them goes to where the previous move
 * already went and is lost.
 */
export interface StepQueue {
  /** Moves pressed and not made yet: +n is n items on, −n is n items back. */
  owed: number;
  /** The item the last move went to, until the page shows it with its neighbours; else null. */
  awaiting: number | null;
  /** The item that last move left, which the page may still show for a moment. */
  leaving: number | null;
}

/** What the item page shows: its item and that item's neighbours (loading while asked for). */
export interface StepView {
  id: number | null;
  neighbours: Neighbours;
}

/** Nothing owed, nothing under way. */
export const IDLE_QUEUE: StepQueue = { owed: 0, awaiting: null, leaving: null };

/**
 * Adds one key press: `+1` next, `−1` previous. A key held down repeats at the keyboard's rate;
 * those repeats are not queued while a move is under way, so letting go stops the page at once
 * instead of carrying out every repeat that piled up.
 */
export function pressStep(queue: StepQueue, direction: 1 | -1, repeat = false): StepQueue {
  if (repeat && (queue.owed !== 0 || queue.awaiting !== null)) return queue;
  return { ...queue, owed: queue.owed + direction };
}

/**
 * The next move to make now, if any, and the queue after it. Waits while the last move has not
 * landed (the page still shows the item it left, or the new item's neighbours are on their way);
 * drops what is owed when the page went somewhere else meanwhile (a click, the browser's Back)
 * or when there is no item further that way (the end of the list).
 */
export function takeStep(queue: StepQueue, view: StepView): { queue: StepQueue; go: NeighbourLink | null } {
  const wait = { queue, go: null };
  if (queue.awaiting !== null) {
    if (view.id === queue.leaving) return wait;
    if (view.id !== queue.awaiting) return { queue: IDLE_QUEUE, go: null };
    if (view.neighbours.loading) return wait;
  }
  const landed: StepQueue = { owed: queue.owed, awaiting: null, leaving: null };
  if (queue.owed === 0) return { queue: landed, go: null };
  const direction = queue.owed > 0 ? 1 : -1;
  const target = direction > 0 ? view.neighbours.next : view.neighbours.previous;
  if (!target) return view.neighbours.loading ? { queue: landed, go: null } : { queue: IDLE_QUEUE, go: null };
  return { queue: { owed: queue.owed - direction, awaiting: target.id, leaving: view.id }, go: target };
}
