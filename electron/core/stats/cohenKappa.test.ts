import { describe, expect, it } from 'vitest';
import { cohenKappa } from './cohenKappa';
import { tableFromRows } from './contingencyTable';
import { tableFromLabels } from './testdata/helpers';
import { ARTSTEIN_POESIO, GWET_ABSTRACTORS_TABLE, SAS_PROC_FREQ_TABLE } from './testdata/published';

describe('cohenKappa', () => {
  it('reproduces the SAS PROC FREQ simple kappa printout (statsmodels test_inter_rater.py, TestUnweightedCohens)', () => {
    // SAS: Kappa 0.4842, ASE 0.1380, 95% CI 0.2137–0.7547; ASE under H0 0.1484, Z 3.2626, two-sided p 0.0011.
    const k = cohenKappa(tableFromRows(SAS_PROC_FREQ_TABLE));
    expect(k.value).toBeCloseTo(0.4842, 4);
    expect(k.se).toBeCloseTo(0.138, 4);
    // SAS prints the untransformed Wald interval 0.2137–0.7547; Accord's interval is the Wald
    // interval on Fisher's z from the same κ and ASE: tanh(atanh(0.4842) ± 1.96 × 0.1380 / (1 − 0.4842²)).
    expect(k.conventions).toEqual({ se: 'fce1969', se0: 'fce1969-h0', ci95: 'wald-fisher-z' });
    expect(k.ci95?.[0]).toBeCloseTo(0.1734, 3);
    expect(k.ci95?.[1]).toBeCloseTo(0.7073, 3);
    expect(k.se0).toBeCloseTo(0.1484, 4);
    expect(k.z).toBeCloseTo(3.2626, 4);
    expect(k.p).toBeCloseTo(0.0011, 4);
    expect(k.reason).toBeUndefined();
  });

  it('reproduces Artstein & Poesio (2008) tables 1 and 4 (values asserted in scikit-learn test_cohen_kappa)', () => {
    const t1 = ARTSTEIN_POESIO.table1;
    expect(cohenKappa(tableFromLabels(t1.a, t1.b, 2)).value).toBeCloseTo(0.348, 3);
    const t4 = ARTSTEIN_POESIO.table4;
    expect(cohenKappa(tableFromLabels(t4.a, t4.b, 3)).value).toBeCloseTo(0.8013, 4);
    const w = ARTSTEIN_POESIO.weighting;
    expect(cohenKappa(tableFromLabels(w.a, w.b, 3)).value).toBeCloseTo(0.9315, 4);
  });

  it("reproduces Gwet's irrCAC kappa2.table on cont3x3abstractors (0.7964094)", () => {
    expect(cohenKappa(tableFromRows(GWET_ABSTRACTORS_TABLE)).value).toBeCloseTo(0.7964094, 7);
  });

  it('is symmetric in the two raters', () => {
    const t4 = ARTSTEIN_POESIO.table4;
    const ab = cohenKappa(tableFromLabels(t4.a, t4.b, 3));
    const ba = cohenKappa(tableFromLabels(t4.b, t4.a, 3));
    expect(ba.value).toBeCloseTo(ab.value as number, 14);
    expect(ba.se).toBeCloseTo(ab.se as number, 14);
    expect(ba.se0).toBeCloseTo(ab.se0 as number, 14);
  });

  it('uses the whole category universe: an unused level changes nothing but must be allowed', () => {
    // Adding an empty level leaves p_o and p_e unchanged, hence κ and its SEs too.
    const three = cohenKappa(tableFromRows([[20, 20, 0], [10, 50, 0], [0, 0, 0]]));
    const two = cohenKappa(tableFromRows([[20, 20], [10, 50]]));
    expect(three.value).toBeCloseTo(two.value as number, 14);
    expect(three.se).toBeCloseTo(two.se as number, 14);
  });

  it('gives κ = 1 with se 0 under perfect agreement, and no zero-width interval', () => {
    const k = cohenKappa(tableFromRows([[5, 0], [0, 7]]));
    expect(k.value).toBe(1);
    expect(k.se).toBeCloseTo(0, 12);
    expect(k.ci95).toBeNull();
    expect(k.ciReason).toMatch(/^not estimable/);
  });

  it('keeps the interval within [−1, 1] where the plain Wald interval leaves it (20 units, κ 0.8)', () => {
    // 20 units, 9 + 9 agreements and 2 disagreements: κ = 0.8, ASE 0.134; κ + 1.96 ASE = 1.06.
    const k = cohenKappa(tableFromRows([[9, 1], [1, 9]]));
    expect((k.value as number) + 1.959964 * (k.se as number)).toBeGreaterThan(1);
    expect(k.ci95?.[1]).toBeLessThan(1);
    expect(k.ci95?.[0]).toBeGreaterThan(-1);
  });

  it('gives no interval on fewer than 10 units', () => {
    const k = cohenKappa(tableFromRows([[3, 1], [1, 3]]));
    expect(k.value).toBeCloseTo(0.5, 12);
    expect(k.ci95).toBeNull();
    expect(k.ciReason).toBe('not estimable: 8 units; an interval needs at least 10');
  });

  it('is null with a reason when there are no units', () => {
    expect(cohenKappa(tableFromRows([[0, 0], [0, 0]]))).toMatchObject({ value: null, se: null, reason: 'no units rated by both raters' });
  });

  it('is null with a reason when both raters used one and the same category', () => {
    const k = cohenKappa(tableFromRows([[9, 0], [0, 0]]));
    expect(k).toMatchObject({ value: null, reason: 'only one category observed: expected agreement is 1' });
  });

  it('is defined (not null) when each rater used a different single category', () => {
    // p_o = 0 and p_e = 0: κ = 0 is a genuine value here, not a degenerate case.
    expect(cohenKappa(tableFromRows([[0, 4], [0, 0]])).value).toBe(0);
  });
});
