import { describe, expect, it } from 'vitest';
import { countsFromRows } from './categoryCounts';
import { coincidenceFromCounts, coincidenceFromTable } from './coincidenceMatrix';
import { tableFromRows } from './contingencyTable';
import { krippendorffAlpha } from './krippendorffAlpha';
import { countsFromScores } from './testdata/helpers';
import { GWET_ABSTRACTORS_TABLE, KRIPPENDORFF_RELIABILITY_DATA } from './testdata/published';

describe('krippendorffAlpha', () => {
  const coincidence = coincidenceFromCounts(countsFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5));
  const values = [1, 2, 3, 4, 5];

  it("reproduces Krippendorff's (2011) reliability data with missing values: nominal .743, ordinal .815, interval .849", () => {
    expect(krippendorffAlpha(coincidence, 'nominal', values).value).toBeCloseTo(0.743, 3);
    expect(krippendorffAlpha(coincidence, 'ordinal', values).value).toBeCloseTo(0.815, 3);
    expect(krippendorffAlpha(coincidence, 'interval', values).value).toBeCloseTo(0.849, 3);
  });

  it("matches Gwet's irrCAC krippen.alpha.raw with quadratic weights on the same data (0.84911, weighting vignette)", () => {
    expect(krippendorffAlpha(coincidence, 'interval', values).value).toBeCloseTo(0.84911, 5);
  });

  it("builds the coincidence matrix of Krippendorff (2011) for that data", () => {
    // Krippendorff's table of coincidences (values 1–5), row by row; n.. = 40.
    const expected = [
      7, 4 / 3, 1 / 3, 1 / 3, 0,
      4 / 3, 10, 4 / 3, 1 / 3, 0,
      1 / 3, 4 / 3, 8, 1 / 3, 0,
      1 / 3, 1 / 3, 1 / 3, 4, 0,
      0, 0, 0, 0, 3,
    ];
    Array.from(coincidence).forEach((o, i) => expect(o).toBeCloseTo(expected[i], 12));
  });

  it("matches Gwet's irrCAC krippen2.table on cont3x3abstractors (nominal 0.7972585; quadratic 0.8926487)", () => {
    const o = coincidenceFromTable(tableFromRows(GWET_ABSTRACTORS_TABLE));
    expect(krippendorffAlpha(o, 'nominal', [1, 2, 3]).value).toBeCloseTo(0.7972585, 7);
    expect(krippendorffAlpha(o, 'interval', [1, 2, 3]).value).toBeCloseTo(0.8926487, 7);
  });

  it('uses only the order for the ordinal metric, and the values for the interval metric', () => {
    const o = coincidenceFromCounts(countsFromRows([[2, 0, 0], [1, 1, 0], [0, 1, 1], [0, 0, 2], [1, 0, 1]]));
    const ordinal = krippendorffAlpha(o, 'ordinal', [1, 2, 3]).value;
    expect(krippendorffAlpha(o, 'ordinal', [1, 5, 100]).value).toBe(ordinal);
    expect(krippendorffAlpha(o, 'interval', [1, 5, 100]).value).not.toBeCloseTo(krippendorffAlpha(o, 'interval', [1, 2, 3]).value as number, 3);
  });

  it('is null with reasons when undefined', () => {
    const none = coincidenceFromCounts(countsFromRows([[1, 0], [0, 1]]));
    expect(krippendorffAlpha(none, 'nominal', [1, 2])).toEqual({ value: null, reason: 'no unit has two or more ratings' });
    const one = coincidenceFromCounts(countsFromRows([[2, 0], [3, 0]]));
    expect(krippendorffAlpha(one, 'interval', [1, 2])).toEqual({ value: null, reason: 'only one category observed: expected disagreement is 0' });
  });
});
