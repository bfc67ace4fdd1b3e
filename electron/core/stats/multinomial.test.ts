import { describe, expect, it } from 'vitest';
import { binomialPmf } from './binomialPmf';
import { sampleBinomial, sampleMultinomial } from './multinomial';
import { Xoshiro128 } from './prng';

/** Pearson's χ² of `draws` samples against the binomial pmf, pooling cells with expectation < 5. */
function chiSquare(n: number, p: number, draws: number, seed: number): { chi2: number; df: number } {
  const rng = new Xoshiro128(seed);
  const observed = new Map<number, number>();
  for (let i = 0; i < draws; i++) {
    const x = sampleBinomial(rng, n, p);
    expect(Number.isInteger(x) && x >= 0 && x <= n).toBe(true);
    observed.set(x, (observed.get(x) ?? 0) + 1);
  }
  let chi2 = 0;
  let df = -1;
  let pooledObserved = 0;
  let pooledExpected = 0;
  for (let x = 0; x <= n; x++) {
    pooledObserved += observed.get(x) ?? 0;
    pooledExpected += draws * binomialPmf(x, n, p);
    if (pooledExpected >= 5) {
      chi2 += (pooledObserved - pooledExpected) ** 2 / pooledExpected;
      df++;
      pooledObserved = 0;
      pooledExpected = 0;
    }
  }
  chi2 += pooledExpected > 0 ? (pooledObserved - pooledExpected) ** 2 / pooledExpected : pooledObserved;
  return { chi2, df };
}

describe('sampleBinomial', () => {
  // Upper 99.9% points of χ²(df) by the Wilson–Hilferty approximation (accurate to ~1% here).
  const critical = (df: number): number => df * (1 - 2 / (9 * df) + 3.0902 * Math.sqrt(2 / (9 * df))) ** 3;

  it.each([
    [10, 0.3], [1, 0.5], [50, 0.99], [7, 0.5], [200, 0.01], [100_000, 1 / 49],
  ])('follows Binomial(%i, %f) (χ² goodness of fit, 20,000 draws)', (n, p) => {
    const { chi2, df } = chiSquare(n, p, 20_000, n + 17);
    expect(chi2).toBeLessThan(critical(Math.max(df, 1)));
  });

  it('has mean np and variance npq for a large n', () => {
    const rng = new Xoshiro128(11);
    const n = 1_000_000;
    const p = 0.2;
    let sum = 0;
    let squares = 0;
    const draws = 20_000;
    for (let i = 0; i < draws; i++) {
      const x = sampleBinomial(rng, n, p);
      sum += x;
      squares += x * x;
    }
    const mean = sum / draws;
    const variance = squares / draws - mean * mean;
    expect(Math.abs(mean - n * p)).toBeLessThan(4 * Math.sqrt((n * p * (1 - p)) / draws));
    expect(variance / (n * p * (1 - p))).toBeGreaterThan(0.95);
    expect(variance / (n * p * (1 - p))).toBeLessThan(1.05);
  });

  it('handles the degenerate cases', () => {
    const rng = new Xoshiro128(1);
    expect(sampleBinomial(rng, 0, 0.5)).toBe(0);
    expect(sampleBinomial(rng, 9, 0)).toBe(0);
    expect(sampleBinomial(rng, 9, 1)).toBe(9);
  });
});

describe('sampleMultinomial', () => {
  it('always sums to n, leaves empty cells empty, and has mean n·w/W', () => {
    const rng = new Xoshiro128(3);
    const weights = Float64Array.of(5, 0, 20, 75);
    const out = new Float64Array(4);
    const totals = [0, 0, 0, 0];
    for (let i = 0; i < 5000; i++) {
      sampleMultinomial(rng, 1000, weights, out);
      expect(out[0] + out[1] + out[2] + out[3]).toBe(1000);
      expect(out[1]).toBe(0);
      out.forEach((x, j) => (totals[j] += x));
    }
    [50, 0, 200, 750].forEach((expected, j) => {
      const sd = Math.sqrt((1000 * (weights[j] / 100) * (1 - weights[j] / 100)) / 5000);
      expect(Math.abs(totals[j] / 5000 - expected)).toBeLessThanOrEqual(4 * sd);
    });
  });

  it('gives all zeros for n = 0', () => {
    const out = Float64Array.of(9, 9);
    sampleMultinomial(new Xoshiro128(1), 0, Float64Array.of(1, 1), out);
    expect(Array.from(out)).toEqual([0, 0]);
  });
});
