import { describe, expect, it } from 'vitest';
import { cohenKappa } from './cohenKappa';
import { tableFromRows } from './contingencyTable';
import { tableFromLabels } from './testdata/helpers';
import { ARTSTEIN_POESIO, GWET_ABSTRACTORS_TABLE, SAS_PROC_FREQ_TABLE } from './testdata/published';
import { weightedKappa } from './weightedKappa';
import { customWeights, weightMatrix } from './weights';

describe('weightedKappa', () => {
  it('reproduces the SAS PROC FREQ weighted kappa printout (statsmodels test_inter_rater.py, TestWeightedCohens)', () => {
    // SAS (Cicchetti–Allison weights on scores 0, 1, 2): Weighted Kappa 0.4701, ASE 0.1457,
    // 95% CI 0.1845–0.7558; ASE under H0 0.1426, Z 3.2971, two-sided p 0.0010.
    const k = weightedKappa(tableFromRows(SAS_PROC_FREQ_TABLE), weightMatrix('linear', [0, 1, 2]));
    expect(k.value).toBeCloseTo(0.4701, 4);
    expect(k.se).toBeCloseTo(0.1457, 4);
    // SAS's 0.1845–0.7558 is the untransformed Wald interval; Accord's is on Fisher's z.
    expect(k.ci95?.[0]).toBeCloseTo(0.1426, 3);
    expect(k.ci95?.[1]).toBeCloseTo(0.7048, 3);
    expect(k.se0).toBeCloseTo(0.1426, 4);
    expect(k.z).toBeCloseTo(3.2971, 4);
    expect(k.p).toBeCloseTo(0.001, 4);
  });

  it("reproduces scikit-learn's weighting example (test_cohen_kappa: linear 0.9412, quadratic 0.9541)", () => {
    const w = ARTSTEIN_POESIO.weighting;
    const table = tableFromLabels(w.a, w.b, 3);
    expect(weightedKappa(table, weightMatrix('linear', [0, 1, 2])).value).toBeCloseTo(0.9412, 4);
    expect(weightedKappa(table, weightMatrix('quadratic', [0, 1, 2])).value).toBeCloseTo(0.9541, 4);
  });

  it("reproduces Gwet's irrCAC weighting vignette: quadratic weighted κ on cont3x3abstractors = 0.8921569", () => {
    const k = weightedKappa(tableFromRows(GWET_ABSTRACTORS_TABLE), weightMatrix('quadratic', [1, 2, 3]));
    expect(k.value).toBeCloseTo(0.8921569, 7);
  });

  it('equals Cohen’s κ, standard errors included, under identity weights', () => {
    const table = tableFromRows(SAS_PROC_FREQ_TABLE);
    const plain = cohenKappa(table);
    const identity = weightedKappa(table, weightMatrix('identity', [0, 1, 2]));
    expect(identity.value).toBeCloseTo(plain.value as number, 14);
    expect(identity.se).toBeCloseTo(plain.se as number, 14);
    expect(identity.se0).toBeCloseTo(plain.se0 as number, 14);
  });

  it('uses the levels’ numeric values: an affine change of scale changes nothing, unequal spacing does', () => {
    const table = tableFromRows([[10, 3, 1], [2, 12, 4], [1, 2, 9]]);
    const base = weightedKappa(table, weightMatrix('quadratic', [1, 2, 3])).value as number;
    expect(weightedKappa(table, weightMatrix('quadratic', [10, 20, 30])).value).toBeCloseTo(base, 14);
    expect(weightedKappa(table, weightMatrix('quadratic', [1, 2, 10])).value).not.toBeCloseTo(base, 3);
  });

  it('accepts a custom agreement-weight matrix', () => {
    const table = tableFromRows([[10, 3, 1], [2, 12, 4], [1, 2, 9]]);
    const linear = weightedKappa(table, weightMatrix('linear', [1, 2, 3]));
    const custom = weightedKappa(table, customWeights([[1, 0.5, 0], [0.5, 1, 0.5], [0, 0.5, 1]], 3));
    expect(custom.value).toBeCloseTo(linear.value as number, 14);
    expect(custom.se).toBeCloseTo(linear.se as number, 14);
  });

  it('is null with a reason for no units and for one shared category', () => {
    const w = weightMatrix('linear', [1, 2]);
    expect(weightedKappa(tableFromRows([[0, 0], [0, 0]]), w)).toMatchObject({ value: null, reason: 'no units rated by both raters' });
    expect(weightedKappa(tableFromRows([[0, 0], [0, 6]]), w)).toMatchObject({ value: null, reason: 'only one category observed: expected agreement is 1' });
  });

  it('is null when the weights leave no chance disagreement', () => {
    const allAgree = customWeights([[1, 1], [1, 1]], 2);
    expect(weightedKappa(tableFromRows([[3, 1], [2, 4]]), allAgree).value).toBeNull();
  });
});
