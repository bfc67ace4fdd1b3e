import { describe, expect, it } from 'vitest';
import { cohenKappa } from './cohenKappa';
import { contingencyTable } from './contingencyTable';
import { raterMatrix } from './raterMatrix';
import { tableFromScores } from './testdata/helpers';
import { KRIPPENDORFF_RELIABILITY_DATA } from './testdata/published';
import { weightMatrix } from './weights';

describe('raterMatrix', () => {
  const table = tableFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5);

  it('holds, for each pair, Cohen’s κ and percent agreement over the units both rated; null diagonal', () => {
    const matrix = raterMatrix(table);
    expect(matrix.raters).toHaveLength(4);
    expect(matrix.cells[0][0]).toBeNull();
    // Raters 1 and 2 share units 1–9: they disagree on unit 6 only.
    expect(matrix.cells[0][1]?.units).toBe(9);
    expect(matrix.cells[0][1]?.percentAgreement.value).toBeCloseTo(8 / 9, 14);
    expect(matrix.cells[0][1]?.kappa.value).toBeCloseTo(cohenKappa(contingencyTable(table, 0, 1)).value as number, 14);
    expect(matrix.cells[1][0]).toBe(matrix.cells[0][1]);
  });

  it('uses weighted κ when given weights', () => {
    const matrix = raterMatrix(table, weightMatrix('quadratic', [1, 2, 3, 4, 5]));
    expect(matrix.statistic).toBe('weightedKappa');
    expect(matrix.cells[0][1]?.kappa.value).not.toBeCloseTo(raterMatrix(table).cells[0][1]?.kappa.value as number, 3);
  });

  it('explains a pair with no shared unit', () => {
    const sparse = tableFromScores([[1, null], [null, 2]], 2);
    expect(raterMatrix(sparse).cells[0][1]?.kappa).toEqual({ value: null, reason: 'no units rated by both raters' });
  });
});
