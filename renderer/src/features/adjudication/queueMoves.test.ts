import { describe, expect, it } from 'vitest';
import { noMoveNotice, queueNeighbours } from './queueMoves';

const queue = [
  { itemId: 1, resolved: true },
  { itemId: 2, resolved: false },
  { itemId: 3, resolved: true },
];

describe('moving through the adjudication queue', () => {
  it('goes on to the next open item, round to the top, else simply the next one', () => {
    expect(queueNeighbours(queue, 1)).toMatchObject({ at: 0, previous: null, next: { itemId: 2 } });
    expect(queueNeighbours(queue, 3)).toMatchObject({ at: 2, previous: { itemId: 2 }, next: { itemId: 2 } });
    expect(queueNeighbours(queue, 2)).toMatchObject({ at: 1, next: { itemId: 3 } });
    expect(queueNeighbours(queue, 9)).toMatchObject({ at: -1, previous: null, next: { itemId: 2 } });
  });

  it('says why j or k has nowhere to go: the end, the top, the queue not loaded yet', () => {
    const settled = queue.map((e) => ({ ...e, resolved: true }));
    expect(queueNeighbours(settled, 3).next).toBeNull();
    expect(noMoveNotice('next', settled, 3)).toBe('Last item of the queue — every disagreement is settled');
    const lastOpen = [...settled.slice(0, 2), { itemId: 3, resolved: false }];
    expect(queueNeighbours(lastOpen, 3).next).toBeNull();
    expect(noMoveNotice('next', lastOpen, 3)).toBe('Last item of the queue — the only one left to settle');
    expect(noMoveNotice('previous', queue, 1)).toBe('First item of the queue — nothing before it');
    expect(noMoveNotice('next', undefined, 1)).toBe('The queue is still loading — press the key again in a moment');
    expect(noMoveNotice('next', settled, 9)).toBe('No open item left in the queue');
  });
});
