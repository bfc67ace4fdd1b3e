import { describe, expect, it } from 'vitest';
import { countsFromRows } from './categoryCounts';
import { tableFromRows } from './contingencyTable';
import { multiRaterAgreement, percentAgreement } from './percentAgreement';
import { countsFromScores } from './testdata/helpers';
import { GWET_ABSTRACTORS_TABLE, KRIPPENDORFF_RELIABILITY_DATA } from './testdata/published';

describe('percentAgreement', () => {
  it("reproduces Gwet's irrCAC pa2.table on cont3x3abstractors (0.89)", () => {
    expect(percentAgreement(tableFromRows(GWET_ABSTRACTORS_TABLE)).value).toBeCloseTo(0.89, 12);
  });

  it('is null with a reason for an empty table', () => {
    expect(percentAgreement(tableFromRows([[0, 0], [0, 0]]))).toEqual({ value: null, reason: 'no units rated by both raters' });
  });
});

describe('multiRaterAgreement', () => {
  it("reproduces Gwet's pa for the 4-rater data with missing values (irrCAC: pa = 0.818…, afergadis/irrCAC test_gwet)", () => {
    // By hand: units 1–11 have ≥ 2 ratings; P̄ = (1+0.5+1+1+1+0+1+0.5+1+1+1)/11 = 9/11.
    expect(multiRaterAgreement(countsFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5)).value).toBeCloseTo(9 / 11, 14);
  });

  it('equals the two-rater percent agreement on complete data', () => {
    expect(multiRaterAgreement(countsFromRows([[2, 0], [1, 1], [0, 2], [0, 2]])).value).toBe(0.75);
  });

  it('is null when no unit has two ratings', () => {
    expect(multiRaterAgreement(countsFromRows([[1, 0], [0, 1]]))).toEqual({ value: null, reason: 'no unit has two or more ratings' });
  });
});
