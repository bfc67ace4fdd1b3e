import { describe, expect, it } from 'vitest';
import { countsFromRows } from './categoryCounts';
import { fleissKappa, fleissKappaValue } from './fleissKappa';
import { countsFromScores } from './testdata/helpers';
import { FLEISS_1971_DIAGNOSES, KRIPPENDORFF_RELIABILITY_DATA, WIKIPEDIA_FLEISS_COUNTS } from './testdata/published';

describe('fleissKappa', () => {
  const diagnoses = countsFromScores(FLEISS_1971_DIAGNOSES, 5);

  it('reproduces Fleiss (1971): κ = .430 (R irr kappam.fleiss: 0.4302445, z = 17.65183; statsmodels test_fleiss_kappa_irr)', () => {
    const k = fleissKappa(diagnoses);
    expect(k.value).toBeCloseTo(0.4302445, 7);
    expect(k.z).toBeCloseTo(17.65183, 5);
    expect(k.p).toBeCloseTo(0, 12);
  });

  it('reproduces the per-category κ_j of Fleiss (1971): .245, .245, .520, .471, .566', () => {
    const perCategory = fleissKappa(diagnoses).perCategory.map((c) => c.value);
    [0.245, 0.245, 0.52, 0.471, 0.566].forEach((expected, j) => expect(perCategory[j]).toBeCloseTo(expected, 3));
  });

  it('gives each category the H0 standard error √(2/(n m (m−1))) (Fleiss, Nee & Landis 1979)', () => {
    const se0 = Math.sqrt(2 / (30 * 6 * 5));
    for (const c of fleissKappa(diagnoses).perCategory) {
      expect(c.se0).toBeCloseTo(se0, 14);
      expect(c.z).toBeCloseTo((c.value as number) / se0, 12);
    }
  });

  it("reproduces Wikipedia's Fleiss' κ example (κ = 0.210; statsmodels test_fleiss_kappa)", () => {
    expect(fleissKappa(countsFromRows(WIKIPEDIA_FLEISS_COUNTS)).value).toBeCloseTo(0.21, 3);
  });

  it("reproduces Randolph's calculator figures for the fixed-marginal κ (statsmodels test_fleis_randolph)", () => {
    expect(fleissKappa(countsFromRows([[7, 1], [3, 5]])).value).toBeCloseTo(0.161905, 5);
    expect(fleissKappa(countsFromRows([[6, 1, 0], [0, 7, 0]])).value).toBeCloseTo(0.708333, 5);
  });

  it("handles missing ratings as Gwet (2014) does (irrCAC fleiss.kappa.raw on cac.raw4raters: 0.761; afergadis/irrCAC test_fleiss)", () => {
    const k = fleissKappa(countsFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5));
    expect(k.value).toBeCloseTo(0.761, 3);
    // The FNL (1979) H0 standard error needs a constant number of ratings per unit.
    expect(k.se0).toBeNull();
    expect(k.reason).toMatch(/same number of ratings/);
  });

  it('is null with reasons on degenerate input', () => {
    expect(fleissKappa(countsFromRows([[1, 0], [0, 1]])).reason).toBe('no unit has two or more ratings');
    const one = fleissKappa(countsFromRows([[3, 0], [3, 0]]));
    expect(one.value).toBeNull();
    expect(one.reason).toBe('only one category observed: expected agreement is 1');
    expect(one.perCategory[0].reason).toBe('every rating is in this category');
    expect(one.perCategory[1].reason).toBe('no rater used this category');
  });
});

describe('fleissKappaValue', () => {
  it("equals fleissKappa's value, null included, with varying ratings per unit and rows drawn zero times", () => {
    const rows = [[2, 1, 0], [0, 3, 0], [1, 1, 1], [0, 0, 2], [1, 0, 0]];
    for (const w of [[1, 1, 1, 1, 1], [0, 2, 1, 0, 3], [0, 4, 0, 0, 0], [0, 0, 0, 0, 2]]) {
      const counts = { ...countsFromRows(rows), weights: Float64Array.from(w) };
      const expected = fleissKappa(counts).value;
      if (expected === null) expect(fleissKappaValue(counts)).toBeNull();
      else expect(fleissKappaValue(counts)).toBeCloseTo(expected, 12);
    }
  });
});
