import { describe, expect, it } from 'vitest';
import { countsFromRows } from './categoryCounts';
import { tableFromRows } from './contingencyTable';
import { fleissKappa } from './fleissKappa';
import { scottPi } from './scottPi';
import { GWET_ABSTRACTORS_TABLE } from './testdata/published';

describe('scottPi', () => {
  it("reproduces Gwet's irrCAC scott2.table on cont3x3abstractors (0.7962397)", () => {
    expect(scottPi(tableFromRows(GWET_ABSTRACTORS_TABLE)).value).toBeCloseTo(0.7962397, 7);
  });

  it("equals Fleiss' κ for two raters with complete data", () => {
    const table = [[13, 0, 0], [0, 20, 7], [0, 4, 56]];
    // Each cell (i, j) is a unit with one rating in i and one in j.
    const units: number[][] = [];
    table.forEach((row, i) => row.forEach((count, j) => {
      for (let c = 0; c < count; c++) {
        const counts = [0, 0, 0];
        counts[i] += 1;
        counts[j] += 1;
        units.push(counts);
      }
    }));
    expect(scottPi(tableFromRows(table)).value).toBeCloseTo(fleissKappa(countsFromRows(units)).value as number, 14);
  });

  it('is null with a reason on degenerate tables', () => {
    expect(scottPi(tableFromRows([[0, 0], [0, 0]]))).toEqual({ value: null, reason: 'no units rated by both raters' });
    expect(scottPi(tableFromRows([[4, 0], [0, 0]]))).toEqual({ value: null, reason: 'only one category observed: expected agreement is 1' });
  });
});
