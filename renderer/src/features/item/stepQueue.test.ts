import { describe, expect, it } from 'vitest';
import { IDLE_QUEUE, pressStep, takeStep, type StepQueue, type StepView } from './stepQueue';
import type { Neighbours } from './useItemNeighbours';

/** Items 1…10 in a row: the view of item `id` once its neighbours have arrived. */
function at(id: number): StepView {
  const link = (n: number) => (n >= 1 && n <= 10 ? { id: n, href: `#/items/${n}`, externalId: `item-${n}` } : null);
  const neighbours: Neighbours = { position: id - 1, total: 10, previous: link(id - 1), next: link(id + 1), loading: false };
  return { id, neighbours };
}

/** Item `id` on screen while its neighbours are still being asked for. */
function loading(id: number): StepView {
  return { id, neighbours: { position: null, total: null, previous: null, next: null, loading: true } };
}

/** Presses `keys` (+1 / −1) back to back, taking a step after each as the key handler does. */
function pressAll(queue: StepQueue, view: StepView, keys: (1 | -1)[]): { queue: StepQueue; went: number[] } {
  const went: number[] = [];
  for (const key of keys) {
    const taken = takeStep(pressStep(queue, key), view);
    queue = taken.queue;
    if (taken.go) went.push(taken.go.id);
  }
  return { queue, went };
}

describe('stepping through items with queued key presses', () => {
  it('moves at once from an item whose neighbours are known', () => {
    const { queue, go } = takeStep(pressStep(IDLE_QUEUE, 1), at(3));
    expect(go?.id).toBe(4);
    expect(queue).toEqual({ owed: 0, awaiting: 4, leaving: 3 });
  });

  it('five presses before the page has moved make one move now and owe four, instead of five moves to the same item', () => {
    // The bug: every press followed the links of item 1 still on screen, so all went to item 2.
    const { queue, went } = pressAll(IDLE_QUEUE, at(1), [1, 1, 1, 1, 1]);
    expect(went).toEqual([2]);
    expect(queue).toEqual({ owed: 4, awaiting: 2, leaving: 1 });
  });

  it('carries out what is owed one item at a time, each from where the last one landed, and then stops', () => {
    let queue = pressAll(IDLE_QUEUE, at(1), [1, 1, 1, 1, 1]).queue;
    const went: number[] = [];
    for (let id = 2; id <= 8; id++) {
      // The new item first shows without neighbours, then with them.
      for (const view of [loading(id), at(id)]) {
        const taken = takeStep(queue, view);
        queue = taken.queue;
        if (taken.go) went.push(taken.go.id);
      }
      if (queue.awaiting === null) break;
    }
    expect(went).toEqual([3, 4, 5, 6]);
    expect(queue).toEqual(IDLE_QUEUE);
  });

  it('waits while the item left is still on screen or the new one has no neighbours yet', () => {
    const queue: StepQueue = { owed: 2, awaiting: 5, leaving: 4 };
    expect(takeStep(queue, at(4))).toEqual({ queue, go: null });
    expect(takeStep(queue, loading(5))).toEqual({ queue, go: null });
    expect(takeStep(queue, at(5)).go?.id).toBe(6);
  });

  it('nets presses in both directions: three back and one on is two back', () => {
    const pressed = pressAll(IDLE_QUEUE, at(6), [-1, -1, -1, 1]);
    expect(pressed.went).toEqual([5]);
    expect(pressed.queue.owed).toBe(-1 - 1 + 1);
    const taken = takeStep(pressed.queue, at(5));
    expect(taken.go?.id).toBe(4);
    expect(takeStep(taken.queue, at(4))).toEqual({ queue: IDLE_QUEUE, go: null });
  });

  it('drops presses that have nowhere to go at the end of the list, so none is carried out later', () => {
    const { queue, went } = pressAll(IDLE_QUEUE, at(10), [1, 1]);
    expect(went).toEqual([]);
    expect(queue).toEqual(IDLE_QUEUE);
    // The next press back moves exactly one item.
    expect(takeStep(pressStep(queue, -1), at(10)).go?.id).toBe(9);
  });

  it('keeps a press made before the first neighbours arrive (a bare deep link) and makes it when they do', () => {
    const { queue, went } = pressAll(IDLE_QUEUE, loading(3), [1, 1]);
    expect(went).toEqual([]);
    expect(queue.owed).toBe(2);
    const taken = takeStep(queue, at(3));
    expect(taken.go?.id).toBe(4);
    expect(taken.queue).toEqual({ owed: 1, awaiting: 4, leaving: 3 });
  });

  it('forgets what is owed when the page went to another item meanwhile (a click, Back)', () => {
    const queue: StepQueue = { owed: 3, awaiting: 5, leaving: 4 };
    expect(takeStep(queue, at(8))).toEqual({ queue: IDLE_QUEUE, go: null });
  });

  it('does not queue the repeats of a key held down while a move is under way', () => {
    const moving: StepQueue = { owed: 0, awaiting: 5, leaving: 4 };
    expect(pressStep(moving, 1, true)).toBe(moving);
    expect(pressStep({ ...moving, awaiting: null, leaving: null, owed: 1 }, 1, true).owed).toBe(1);
    // Idle, a repeat moves like a press; a real press is always queued.
    expect(pressStep(IDLE_QUEUE, 1, true).owed).toBe(1);
    expect(pressStep(moving, 1, false).owed).toBe(1);
  });
});
