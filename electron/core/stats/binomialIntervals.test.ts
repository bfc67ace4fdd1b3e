import { describe, expect, it } from 'vitest';
import { clopperPearson, unitsForLowerBound, wilson } from './binomialIntervals';
import { benjaminiYekutieli } from './multipleTesting';
import { oneSampleTLess, tCdf } from './tDistribution';

describe('Student t CDF', () => {
  it('equals scipy 1.10 stats.t.cdf to 1e-12', () => {
    const reference: [number, number, number][] = [
      [-2.0452296421327034, 29, 0.02500000000000005],
      [1.3, 4, 0.868274201764388],
      [-0.2, 1, 0.43716704181099886],
      [-8.5, 60, 3.454066608256583e-12],
      [3.1, 12.5, 0.9955999986738906],
    ];
    for (const [t, df, p] of reference) expect(Math.abs(tCdf(t, df) - p)).toBeLessThan(1e-12 * Math.max(1, p));
    expect(Math.abs(tCdf(-8.5, 60) - 3.454066608256583e-12) / 3.454066608256583e-12).toBeLessThan(1e-9);
  });

  it('takes the limits of a t-test whose values do not vary', () => {
    expect(oneSampleTLess([0, 0, 0], 0.1)).toMatchObject({ t: -Infinity, pValue: 0 });
    expect(oneSampleTLess([1, 1, 1], 0.1)).toMatchObject({ t: Infinity, pValue: 1 });
    expect(oneSampleTLess([0.1, 0.1], 0.1)).toMatchObject({ t: null, pValue: null });
    expect(oneSampleTLess([0.1], 0.1).note).toMatch(/at least 2 values/);
  });
});

describe('Benjamini–Yekutieli', () => {
  it('rejects what statsmodels multipletests(method="fdr_by") rejects', () => {
    // statsmodels 0.13.5: multipletests([0.001, 0.02, 0.3, 0.004, 0.012], alpha=0.05, method='fdr_by')[0]
    expect(benjaminiYekutieli([0.001, 0.02, 0.3, 0.004, 0.012], 0.05)).toEqual([true, false, false, true, true]);
  });

  it('counts an undefined p-value among the tests and never rejects it', () => {
    // m = 2, H_2 = 1.5: thresholds 0.01667 and 0.0333; alone (m = 1) 0.02 would pass at 0.05.
    expect(benjaminiYekutieli([0.02, null], 0.05)).toEqual([false, false]);
    expect(benjaminiYekutieli([0.02], 0.05)).toEqual([true]);
    expect(benjaminiYekutieli([], 0.05)).toEqual([]);
  });
});

describe('binomial intervals', () => {
  // statsmodels 0.13.5 proportion_confint(x, n, method='beta') and method='wilson'
  const cases: [number, number, [number, number], [number, number]][] = [
    [8, 10, [0.4439045376923585, 0.9747892736731666], [0.49016247153664183, 0.9433178485456247]],
    [0, 12, [0, 0.2646484693970512], [0, 0.24249400665524096]],
    [12, 12, [0.7353515306029488, 1], [0.7575059933447589, 0.9999999999999999]],
    [37, 45, [0.6794657566066298, 0.9199820425426939], [0.6867017537354022, 0.9070561048589584]],
    [1, 3, [0.008403758659612636, 0.9057006759497539], [0.06149194472039626, 0.7923403991979523]],
  ];
  it.each(cases)('%i of %i: Clopper–Pearson and Wilson as statsmodels, to 1e-12', (x, n, beta, score) => {
    const cp = clopperPearson(x, n)!;
    const w = wilson(x, n)!;
    for (let i = 0; i < 2; i++) {
      expect(Math.abs(cp[i] - beta[i])).toBeLessThan(1e-12);
      expect(Math.abs(w[i] - score[i])).toBeLessThan(1e-12);
    }
  });

  it('has no interval without trials', () => {
    expect(clopperPearson(0, 0)).toBeNull();
    expect(wilson(0, 0)).toBeNull();
  });

  it('finds the fewest trials whose exact lower bound reaches the threshold at the observed rate', () => {
    const n = unitsForLowerBound(0.9, 0.8)!;
    expect(clopperPearson(0.9 * n, n)![0]).toBeGreaterThanOrEqual(0.8);
    expect(clopperPearson(0.9 * (n - 1), n - 1)![0]).toBeLessThan(0.8);
    expect(unitsForLowerBound(0.8, 0.8)).toBeNull();
    expect(unitsForLowerBound(0.7, 0.8)).toBeNull();
  });
});
