import { describe, expect, it } from 'vitest';
import { groupRows } from './categoryCounts';
import { contingencyTable } from './contingencyTable';
import { pairTableFromPatterns, ratingPatterns } from './ratingPatterns';
import { MISSING, ratingTableFromMatrix } from './ratingTable';

describe('ratingPatterns', () => {
  it('groups units by who gave which rating, leaving out units nobody rated', () => {
    const table = ratingTableFromMatrix([[0, 1], [0, 1], [1, 0], [null, null], [1, null]], ['a', 'b']);
    const patterns = ratingPatterns(table);
    expect(patterns.count).toBe(3);
    expect(patterns.ratedUnits).toBe(4);
    expect(Array.from(patterns.frequency)).toEqual([2, 1, 1]);
    expect(Array.from(patterns.ratings)).toEqual([0, 1, 1, 0, 1, MISSING]);
    // (0,1) and (1,0) are different patterns but have the same category counts.
    expect(Array.from(patterns.counts.counts)).toEqual([1, 1, 1, 1, 0, 1]);
  });

  it('rebuilds any pair table from the patterns', () => {
    const table = ratingTableFromMatrix([[0, 1, 2], [2, 2, null], [0, 1, 2], [1, null, 0]], ['x', 'y', 'z']);
    const patterns = ratingPatterns(table);
    for (const [a, b] of [[0, 1], [0, 2], [1, 2]]) {
      expect(pairTableFromPatterns(patterns, patterns.frequency, a, b)).toEqual(contingencyTable(table, a, b));
    }
  });

  it('falls back to string keys for wide tables and still groups exactly', () => {
    // 20 raters on 6 levels: 7^20 > 2^52, so keys are strings.
    const row = Array.from({ length: 20 }, (_, r) => r % 6);
    const other = row.map((x) => (x + 1) % 6);
    const patterns = ratingPatterns(ratingTableFromMatrix([row, other, row], ['1', '2', '3', '4', '5', '6']));
    expect(patterns.count).toBe(2);
    expect(Array.from(patterns.frequency)).toEqual([2, 1]);
  });
});

describe('groupRows', () => {
  it('merges identical count vectors and adds their weights', () => {
    const grouped = groupRows({ q: 2, rows: 4, counts: Float64Array.of(2, 0, 1, 1, 2, 0, 0, 2), weights: Float64Array.of(1, 3, 2, 0) });
    expect(grouped.rows).toBe(2);
    expect(Array.from(grouped.counts)).toEqual([2, 0, 1, 1]);
    expect(Array.from(grouped.weights)).toEqual([3, 3]);
  });
});
