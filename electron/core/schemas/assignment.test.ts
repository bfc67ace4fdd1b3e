import { describe, expect, it } from 'vitest';
import { assignItems, hash32, seededOrder } from './assignment';

const items = Array.from({ length: 40 }, (_, i) => `plans/q-${String(i).padStart(3, '0')}`);
const id = (x: string) => x;

describe('seededOrder', () => {
  it('is the same for the same seed and salt, whatever the input order', () => {
    const a = seededOrder(items, id, 42, 'queue:ana');
    expect(seededOrder([...items].reverse(), id, 42, 'queue:ana')).toEqual(a);
    expect(a).not.toEqual(items);
    expect([...a].sort()).toEqual(items);
  });

  it('differs between seeds and between annotators', () => {
    expect(seededOrder(items, id, 42, 'queue:ana')).not.toEqual(seededOrder(items, id, 43, 'queue:ana'));
    expect(seededOrder(items, id, 42, 'queue:ana')).not.toEqual(seededOrder(items, id, 42, 'queue:ben'));
  });

  it('keeps the relative order of existing items when items are added', () => {
    const before = seededOrder(items.slice(0, 30), id, 7, 's');
    const after = seededOrder(items, id, 7, 's').filter((x) => before.includes(x));
    expect(after).toEqual(before);
  });

  it('hashes to unsigned 32-bit integers that spread similar keys', () => {
    expect(hash32('a')).toBe(hash32('a'));
    expect(hash32('a')).not.toBe(hash32('b'));
    expect(hash32('a')).toBeGreaterThanOrEqual(0);
    expect(hash32('a')).toBeLessThan(2 ** 32);
  });
});

describe('assignItems', () => {
  it('gives everyone everything in all mode, each in their own order', () => {
    const queues = assignItems({ items, keyOf: id, annotators: ['ana', 'ben'], mode: 'all', perItem: 2, seed: 1 });
    expect([...queues.get('ana')!].sort()).toEqual(items);
    expect(queues.get('ana')).not.toEqual(queues.get('ben'));
  });

  it('gives each item exactly perItem annotators in fixed mode, loads within one item', () => {
    const queues = assignItems({ items, keyOf: id, annotators: ['ana', 'ben', 'cy'], mode: 'fixed', perItem: 2, seed: 9 });
    for (const item of items) expect([...queues.values()].filter((q) => q.includes(item))).toHaveLength(2);
    const loads = [...queues.values()].map((q) => q.length);
    // 40 items × 2 = 80 assignments over 3 annotators: 27, 27, 26.
    expect(loads.reduce((a, b) => a + b)).toBe(80);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect(assignItems({ items, keyOf: id, annotators: ['ben', 'cy', 'ana'], mode: 'fixed', perItem: 2, seed: 9 })).toEqual(queues);
  });

  it('refuses more annotators per item than there are annotators', () => {
    expect(() => assignItems({ items, keyOf: id, annotators: ['ana'], mode: 'fixed', perItem: 2, seed: 1 })).toThrow(/needs 2 annotators, but the task has 1/);
  });
});
