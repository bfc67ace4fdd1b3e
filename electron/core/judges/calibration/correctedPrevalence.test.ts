import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../stats/prng';
import { correctedPrevalence } from './correctedPrevalence';

/**
 * A simulated study: a population with pass rate `prevalence`, a judge with the given TPR and
 * TNR on every item, a reference (gold) on `labeled` random items of `labeled + unlabeled`.
 */
function simulate(rng: Xoshiro128, o: { prevalence: number; tpr: number; tnr: number; labeled: number; unlabeled: number }) {
  const item = () => {
    const truth = rng.nextDouble() < o.prevalence;
    const judge = truth ? rng.nextDouble() < o.tpr : rng.nextDouble() >= o.tnr;
    return [judge, truth] as const;
  };
  const labeled = Array.from({ length: o.labeled }, item);
  const unlabeled = Array.from({ length: o.unlabeled }, () => item()[0]);
  return correctedPrevalence({ labeled, unlabeled, targetHalfWidth: 0.05 });
}

describe('the pass rate corrected for judge error', () => {
  it('computes Rogan–Gladen, its delta-method interval and the PPI estimate by hand', () => {
    // Labeled: 40 positives (judge right on 32: TPR 0.8), 60 negatives (judge right on 54: TNR 0.9).
    // Unlabeled: 1,000 items, 350 called positive: p = 0.35.
    const labeled = [
      ...Array.from({ length: 32 }, () => [true, true] as const),
      ...Array.from({ length: 8 }, () => [false, true] as const),
      ...Array.from({ length: 54 }, () => [false, false] as const),
      ...Array.from({ length: 6 }, () => [true, false] as const),
    ];
    const unlabeled = Array.from({ length: 1000 }, (_, i) => i < 350);
    const r = correctedPrevalence({ labeled, unlabeled, targetHalfWidth: 0.05 });
    // π = (0.35 + 0.9 − 1) / (0.8 + 0.9 − 1) = 0.25 / 0.7
    const pi = 0.25 / 0.7;
    expect(r.roganGladen.estimate).toBeCloseTo(pi, 12);
    // Var π = [0.35·0.65/1000 + π²·0.8·0.2/40 + (1 − π)²·0.9·0.1/60] / 0.7²
    const variance = (0.35 * 0.65 / 1000 + pi * pi * 0.16 / 40 + (1 - pi) ** 2 * 0.09 / 60) / 0.49;
    expect(r.roganGladen.halfWidth).toBeCloseTo(1.959963984540054 * Math.sqrt(variance), 12);
    // PPI: θ = 0.35 − mean(f − y) = 0.35 − (38 − 40)/100 = 0.37; σ²_f = 0.35·0.65·1000/999; σ²_{f−y} over the 100 rectifiers.
    expect(r.ppi.estimate).toBeCloseTo(0.37, 12);
    const rect = [...Array(32).fill(0), ...Array(8).fill(-1), ...Array(54).fill(0), ...Array(6).fill(1)];
    const m = rect.reduce((a, b) => a + b, 0) / 100;
    const varR = rect.reduce((s, x) => s + (x - m) ** 2, 0) / 99;
    const varF = (0.35 * 0.65 * 1000) / 999;
    expect(r.ppi.halfWidth).toBeCloseTo(1.959963984540054 * Math.sqrt(varF / 1000 + varR / 100), 12);
    // The label budget: the smallest n with z √(σ²_f/N + σ²_{f−y}/n) ≤ 0.05.
    const needed = r.ppi.labelsNeeded!;
    const at = (n: number) => 1.959963984540054 * Math.sqrt(varF / 1000 + varR / n);
    expect(at(needed)).toBeLessThanOrEqual(0.05);
    expect(at(needed - 1)).toBeGreaterThan(0.05);
    expect(r.ppi.moreLabels).toBe(needed - 100);
    expect(r.roganGladen.labelsNeeded).toBeGreaterThan(100);
  });

  it('says when labels alone cannot reach the target, and when the judge is no better than chance', () => {
    const coin = correctedPrevalence({ labeled: [[true, true], [false, true], [true, false], [false, false]], unlabeled: [true, false], targetHalfWidth: 0.05 });
    expect(coin.roganGladen.estimate).toBeNull();
    expect(coin.roganGladen.reason).toMatch(/no better than chance/);
    // Ten unlabeled items: σ²_f/N alone is wider than a 0.01 half-width.
    const few = correctedPrevalence({ labeled: [[true, true], [false, false], [true, false]], unlabeled: [true, false, true, false, true, false, true, false, true, false], targetHalfWidth: 0.01 });
    expect(few.ppi.labelsNeeded).toBeNull();
  });

  it('reaches 95% ± 2% coverage for both intervals over 2,000 seeded simulated studies', () => {
    const rng = new Xoshiro128(20251125);
    const truth = 0.3;
    let rg = 0;
    let ppi = 0;
    const studies = 2000;
    for (let s = 0; s < studies; s++) {
      const r = simulate(rng, { prevalence: truth, tpr: 0.85, tnr: 0.9, labeled: 300, unlabeled: 1500 });
      const [rl, rh] = r.roganGladen.ci95!;
      const [pl, ph] = r.ppi.ci95!;
      if (rl <= truth && truth <= rh) rg++;
      if (pl <= truth && truth <= ph) ppi++;
    }
    expect(rg / studies).toBeGreaterThanOrEqual(0.93);
    expect(rg / studies).toBeLessThanOrEqual(0.97);
    expect(ppi / studies).toBeGreaterThanOrEqual(0.93);
    expect(ppi / studies).toBeLessThanOrEqual(0.97);
  });
});
