import { describe, expect, it } from 'vitest';
import { errorRates } from './errorRates';

/** [judge, reference] pairs: `right` units where the judge matched the reference `ref`, `wrong` where it gave the other answer. */
function units(ref: 0 | 1, right: number, wrong = 0): [number, number][] {
  return [...Array.from({ length: right }, (): [number, number] => [ref, ref]), ...Array.from({ length: wrong }, (): [number, number] => [1 - ref, ref])];
}

describe('error-rate certification: certified, not certified, not enough evidence', () => {
  it('says a perfect judge on 5 units has not enough evidence, not that it is not certified', () => {
    const r = errorRates([...units(0, 3), ...units(1, 2)], ['pass', 'fail'], 'gold', 0.8);
    // statsmodels 0.13.5 proportion_confint(3, 3, method='beta')[0] = 0.2924017738212866; (2, 2) → 0.15811388300841897
    expect(r.classes[0].tpr.lower).toBeCloseTo(0.2924017738212866, 12);
    expect(r.classes[0].tnr.lower).toBeCloseTo(0.15811388300841897, 12);
    expect(r.status).toBe('not enough evidence');
    expect(r.certified).toBe(false);
    // At a rate of 1 the bound is 0.025^(1/n): 16 units give 0.794, 17 give 0.805 (proportion_confint(17, 17, method='beta')[0] = 0.8049356770309067).
    expect(r.shortfalls).toEqual([
      { units: '“pass” units', needed: 17, now: 3 },
      { units: '“fail” units', needed: 17, now: 2 },
    ]);
    expect(r.message).toBe(
      'not enough evidence at 0.80 against gold on 5 units: TPR 1.00 (lower bound 0.29, n = 3) needs about 17 “pass” units (3 now); TNR 1.00 (lower bound 0.16, n = 2) needs about 17 “fail” units (2 now) (exact (Clopper–Pearson) 95% lower bounds of TPR and TNR)',
    );
  });

  it('says a perfect judge on 18 pass and 12 fail units needs 17 fail units, and names no shortfall for pass', () => {
    const r = errorRates([...units(0, 18), ...units(1, 12)], ['pass', 'fail'], 'gold', 0.8);
    // proportion_confint(18, 18, method='beta')[0] = 0.8146980318621477 (clears 0.80); (12, 12) → 0.7353515306029488 (does not)
    expect(r.classes[0].tpr.lower).toBeCloseTo(0.8146980318621477, 12);
    expect(r.classes[0].tnr.lower).toBeCloseTo(0.7353515306029488, 12);
    expect(r.status).toBe('not enough evidence');
    expect(r.shortfalls).toEqual([{ units: '“fail” units', needed: 17, now: 12 }]);
    expect(r.message).toMatch(/^not enough evidence at 0\.80 against gold on 30 units: TNR 1\.00 \(lower bound 0\.74, n = 12\) needs about 17 “fail” units \(12 now\)/);
  });

  it('says not certified only when a rate is below the level even at its upper bound', () => {
    // TPR 30/50 = 0.60; TNR 2/2 is only short of units.
    const r = errorRates([...units(0, 30, 20), ...units(1, 2)], ['pass', 'fail'], 'gold', 0.8);
    // statsmodels 0.13.5 proportion_confint(30, 50, method='beta') = (0.45179402847918043, 0.7359216049054632): upper below 0.80
    expect(r.classes[0].tpr.ci95![0]).toBeCloseTo(0.45179402847918043, 12);
    expect(r.classes[0].tpr.ci95![1]).toBeCloseTo(0.7359216049054632, 12);
    expect(r.status).toBe('not certified');
    expect(r.shortfalls).toEqual([]);
    expect(r.message).toBe(
      'not certified at 0.80 against gold on 52 units: TPR 0.60 (95% 0.45 – 0.74, n = 50) is below 0.80 even at the upper bound, so the judge falls short (exact (Clopper–Pearson) 95% lower bounds of TPR and TNR, and their upper bounds)',
    );
  });

  it('has not enough evidence when a rate is at or below the level but its upper bound is above it (walkthrough finding 3)', () => {
    // TPR 35/50 = 0.70: proportion_confint(35, 50, method='beta') = (0.5539176743388218, 0.8213821543358532), upper above 0.80.
    const r = errorRates([...units(0, 35, 15), ...units(1, 2)], ['pass', 'fail'], 'gold', 0.8);
    expect(r.classes[0].tpr.lower).toBeCloseTo(0.5539176743388218, 12);
    expect(r.classes[0].tpr.ci95![1]).toBeCloseTo(0.8213821543358532, 12);
    expect(r.status).toBe('not enough evidence');
    expect(r.shortfalls).toEqual([
      { units: '“pass” units', needed: null, now: 50, notAbove: 'is not above 0.80, but its upper bound 0.82 is' },
      { units: '“fail” units', needed: 17, now: 2 },
    ]);
    expect(r.message).toBe(
      'not enough evidence at 0.80 against gold on 52 units: TPR 0.70 (lower bound 0.55, n = 50) is not above 0.80, but its upper bound 0.82 is: more “pass” units (50 now) would tell whether it falls short; TNR 1.00 (lower bound 0.16, n = 2) needs about 17 “fail” units (2 now) (exact (Clopper–Pearson) 95% lower bounds of TPR and TNR)',
    );
    // The walkthrough's case: TPR 0 of 1 (proportion_confint(0, 1, method='beta') = (0, 0.975)) is no evidence either way.
    const one = errorRates([[1, 0], [1, 1], [1, 1], [1, 1], [1, 1]], ['Very Good', 'Good', 'Bad'], 'gold', 0.8);
    expect(one.classes[0].tpr).toMatchObject({ x: 0, n: 1 });
    expect(one.classes[0].tpr.ci95![1]).toBeCloseTo(0.975, 12);
    expect(one.status).toBe('not enough evidence');
    expect(one.message).not.toMatch(/no number of units|not certified/);
    expect(one.message).toMatch(/TPR of Very Good 0\.00 \(lower bound 0\.00, n = 1\) is not above 0\.80, but its upper bound 0\.97 is/);
  });

  it('certifies when both bounds clear the level, stating them with their n', () => {
    const r = errorRates([...units(0, 18), ...units(1, 17)], ['pass', 'fail'], 'gold', 0.8);
    expect(r.status).toBe('certified');
    expect(r.certified).toBe(true);
    expect(r.message).toBe(
      'certified at 0.80 against gold on 35 units: exact (Clopper–Pearson) 95% lower bounds of TPR and TNR all reach 0.80 — TPR 1.00 (lower bound 0.81, n = 18), TNR 1.00 (lower bound 0.80, n = 17)',
    );
  });

  it('has not enough evidence when the reference has no units of one kind', () => {
    const r = errorRates(units(0, 40), ['pass', 'fail'], 'gold', 0.8);
    expect(r.status).toBe('not enough evidence');
    expect(r.shortfalls).toEqual([{ units: '“fail” units', needed: null, now: 0 }]);
    expect(r.message).toMatch(/TNR — \(lower bound —, n = 0\) has no “fail” units yet/);
  });
});
