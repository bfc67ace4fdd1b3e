import { describe, expect, it } from 'vitest';
import { compareQuestion } from './compareRuns';
import { mcnemarExact, mcnemarSentence } from './mcnemar';

describe('mcnemarExact', () => {
  it('gives the two-sided exact p of fixed against regressed', () => {
    // scipy 1.10.1 binomtest(min(b, c), b + c, 0.5).pvalue, equal to statsmodels 0.13.5 mcnemar([[0, b], [c, 0]], exact=True).pvalue:
    // (5, 1) → 0.21875; (7, 0) → 0.015625; (10, 2) → 0.03857421875; (3, 3) → 1.0; (40, 20) → 0.01348929373119186
    expect(mcnemarExact(5, 1)).toMatchObject({ test: 'exact McNemar', fixed: 5, regressed: 1, better: null });
    expect(mcnemarExact(5, 1).pValue).toBeCloseTo(0.21875, 14);
    expect(mcnemarExact(7, 0).pValue).toBeCloseTo(0.015625, 14);
    expect(mcnemarExact(7, 0).better).toBe('b');
    expect(mcnemarExact(2, 10).pValue).toBeCloseTo(0.03857421875, 14);
    expect(mcnemarExact(2, 10).better).toBe('a');
    expect(mcnemarExact(3, 3).pValue).toBe(1);
    expect(mcnemarExact(40, 20).pValue).toBeCloseTo(0.01348929373119186, 12);
    expect(mcnemarExact(0, 0)).toEqual({ test: 'exact McNemar', fixed: 0, regressed: 0, pValue: null, better: null });
  });

  it('says "no evidence of a difference" with n and p unless p < 0.05', () => {
    expect(mcnemarSentence(mcnemarExact(5, 1), 20, 'run 1', 'run 2')).toBe('no evidence of a difference (n = 20, McNemar exact p = 0.219 on 5 fixed vs 1 regressed)');
    expect(mcnemarSentence(mcnemarExact(7, 0), 20, 'run 1', 'run 2')).toBe('run 2 is more accurate (n = 20, McNemar exact p = 0.016 on 7 fixed vs 0 regressed)');
    expect(mcnemarSentence(mcnemarExact(0, 0), 20, 'run 1', 'run 2')).toBe('no evidence of a difference (n = 20; no unit is right in one run and wrong in the other)');
    // No unit with gold: nothing compared, not "no evidence of a difference (n = 0)" (walkthrough finding 10).
    expect(mcnemarSentence(mcnemarExact(0, 0), 0, 'run 1', 'run 2')).toBe('cannot compare accuracy: no unit both runs answered has gold');
  });
});

describe('compareQuestion with its test', () => {
  it('gives 55% → 75% on 20 gold units, 5 fixed and 1 regressed, Wilson intervals and no winner', () => {
    const categories = [
      { name: 'pass', value: 1 },
      { name: 'fail', value: 0 },
    ];
    // Gold says pass on all 20. A right on u1–u11; B right on u1–u10 (regressing u11) and u12–u16 (fixing five).
    const units = Array.from({ length: 20 }, (_, i) => `u${i + 1}`);
    const rightA = (i: number) => i < 11;
    const rightB = (i: number) => i < 10 || (i >= 11 && i < 16);
    const ratings = units.flatMap((unit, i) => [
      { unit, rater: 'A', value: rightA(i) ? 'pass' : 'fail' },
      { unit, rater: 'B', value: rightB(i) ? 'pass' : 'fail' },
    ]);
    const c = compareQuestion({ question: 'q', tag: null, type: 'binary', categories, a: 'A', b: 'B', ratings, gold: new Map(units.map((u) => [u, 'pass'])) });
    expect(c).toMatchObject({ withGold: 20, accuracyA: 0.55, accuracyB: 0.75, fixed: ['u12', 'u13', 'u14', 'u15', 'u16'], regressed: ['u11'] });
    // statsmodels 0.13.5 proportion_confint(11, 20, method='wilson') = (0.34208534245034233, 0.7418021417443759); (15, 20) → (0.5312991223812559, 0.8881382985923344)
    expect(c.accuracyACi95![0]).toBeCloseTo(0.34208534245034233, 12);
    expect(c.accuracyACi95![1]).toBeCloseTo(0.7418021417443759, 12);
    expect(c.accuracyBCi95![0]).toBeCloseTo(0.5312991223812559, 12);
    expect(c.accuracyBCi95![1]).toBeCloseTo(0.8881382985923344, 12);
    expect(c.mcnemar).toMatchObject({ test: 'exact McNemar', fixed: 5, regressed: 1, better: null });
    expect(c.mcnemar.pValue).toBeCloseTo(0.21875, 14);
    expect(c.difference).toBe('no evidence of a difference (n = 20, McNemar exact p = 0.219 on 5 fixed vs 1 regressed)');
  });
});
