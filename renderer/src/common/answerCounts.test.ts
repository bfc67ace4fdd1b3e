import { describe, expect, it } from 'vitest';
import { answerCounts } from './answerCounts';

describe("a crowd's answers on one unit", () => {
  const ratings = (...values: (string | null)[]) => values.map((value, i) => ({ rater: `rater ${i + 1}`, value }));

  it('are counted per level, in the scale order, without the raters who gave none', () => {
    const order = new Map(['1', '2', '3'].map((name, i) => [name, i]));
    expect(answerCounts(ratings('3', '1', null, '3', '2', '3'), order)).toEqual([
      { value: '1', count: 1 },
      { value: '2', count: 1 },
      { value: '3', count: 3 },
    ]);
  });

  it('list tag sets (no scale) most given first', () => {
    expect(answerCounts(ratings('a;b', 'a', 'a;b', 'b', 'a;b', 'a'), new Map())).toEqual([
      { value: 'a;b', count: 3 },
      { value: 'a', count: 2 },
      { value: 'b', count: 1 },
    ]);
  });
});
