import { describe, expect, it } from 'vitest';
import { percentileBootstrap } from './bootstrap';
import { cohenKappa } from './cohenKappa';
import { Xoshiro128 } from './prng';

/** Units 0…n−1 each their own pattern; the statistic is the mean of their values. */
function meanBootstrap(values: number[], resamples: number, seed: number) {
  const n = values.length;
  return percentileBootstrap(
    { frequency: new Float64Array(n).fill(1), resamples, seed },
    ['mean'],
    (frequency, out) => {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += frequency[i] * values[i];
      out[0] = sum / n;
    },
  )[0];
}

describe('percentileBootstrap', () => {
  const values = Array.from({ length: 200 }, (_, i) => (i * 37) % 11);

  it('is reproducible with a seed and changes with the seed', () => {
    const a = meanBootstrap(values, 500, 42);
    expect(meanBootstrap(values, 500, 42)).toEqual(a);
    expect(meanBootstrap(values, 500, 43).ci95).not.toEqual(a.ci95);
    expect(a.defined).toBe(500);
  });

  it('gives an interval near the normal theory one for a mean (se = sd/√n)', () => {
    const n = values.length;
    const mean = values.reduce((s, v) => s + v, 0) / n;
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / n);
    const { ci95 } = meanBootstrap(values, 4000, 1);
    const half = 1.96 * sd / Math.sqrt(n);
    expect(ci95?.[0]).toBeCloseTo(mean - half, 1);
    expect(ci95?.[1]).toBeCloseTo(mean + half, 1);
  });

  it('draws pattern counts with the distribution of resampling units (chi-square, 20,000 resamples)', () => {
    // Units in patterns [0, 0, 0, 1]: resampling 4 units puts Bin(4, 3/4) of them in pattern 0.
    const counts = [0, 0, 0, 0, 0];
    percentileBootstrap({ frequency: Float64Array.of(3, 1), resamples: 20_000, seed: 5, minUnits: 0 }, ['x'], (frequency, out) => {
      expect(frequency[0] + frequency[1]).toBe(4);
      counts[frequency[0]] += 1;
      out[0] = 0;
    });
    const pmf = [1, 12, 54, 108, 81].map((c) => c / 256); // C(4,k) 3^k / 4^4
    const chi2 = counts.reduce((sum, observed, k) => sum + (observed - 20_000 * pmf[k]) ** 2 / (20_000 * pmf[k]), 0);
    expect(chi2).toBeLessThan(18.47); // χ²(4) 99.9th percentile
  });

  it('agrees with literal unit resampling on the spread of κ (2,000 resamples each)', () => {
    // 300 units in the 9 cells of a 3 × 3 table; statistic: Cohen's κ of the resampled table.
    const cells = [60, 10, 5, 12, 70, 8, 3, 12, 120];
    const kappaOf = (f: ArrayLike<number>): number => cohenKappa({ k: 3, counts: Float64Array.from(f) }).value as number;
    const sd = (xs: number[]): number => {
      const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
      return Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1));
    };
    const multinomial: number[] = [];
    percentileBootstrap({ frequency: Float64Array.from(cells), resamples: 2000, seed: 8 }, ['κ'], (f, out) => {
      multinomial.push(kappaOf(f));
      out[0] = 0;
    });
    const cellOfUnit = cells.flatMap((count, cell) => Array<number>(count).fill(cell));
    const rng = new Xoshiro128(9);
    const literal = Array.from({ length: 2000 }, () => {
      const f = new Array<number>(9).fill(0);
      for (let i = 0; i < cellOfUnit.length; i++) f[cellOfUnit[rng.nextBelow(cellOfUnit.length)]] += 1;
      return kappaOf(f);
    });
    // The SD of a 2,000-sample SD is ~1.6% of it; 8% is five of those.
    expect(sd(multinomial) / sd(literal)).toBeGreaterThan(0.92);
    expect(sd(multinomial) / sd(literal)).toBeLessThan(1.08);
  });

  it('leaves out resamples where the statistic is undefined and says how many', () => {
    let call = 0;
    const [interval] = percentileBootstrap(
      { frequency: Float64Array.of(4, 4, 4), resamples: 10, seed: 1 },
      ['sometimes'],
      (_frequency, out) => {
        out[0] = call++ % 5 === 0 ? Number.NaN : call;
      },
    );
    expect(interval.defined).toBe(8);
    expect(interval.reason).toBe('undefined in 2 of 10 resamples, which are left out');
  });

  it('calls an interval not estimable when the statistic is undefined in more than half the resamples', () => {
    let call = 0;
    const [interval] = percentileBootstrap({ frequency: Float64Array.of(4, 4, 4), resamples: 10, seed: 1 }, ['rare'], (_f, out) => {
      out[0] = call++ % 5 === 0 ? call : Number.NaN;
    });
    expect(interval).toEqual({ ci95: null, defined: 2, reason: 'not estimable: the statistic was defined in only 2 of 10 resamples' });
  });

  it('gives no zero-width interval, and none on fewer than 10 units', () => {
    const [flat] = percentileBootstrap({ frequency: Float64Array.of(20), resamples: 100, seed: 1 }, ['flat'], (_f, out) => {
      out[0] = 1;
    });
    expect(flat.ci95).toBeNull();
    expect(flat.reason).toMatch(/^not estimable: 95% or more of the resamples gave the same value/);
    const [few] = percentileBootstrap({ frequency: Float64Array.of(2, 2), resamples: 100, seed: 1 }, ['few'], (f, out) => {
      out[0] = f[0];
    });
    expect(few).toEqual({ ci95: null, defined: 0, reason: 'not estimable: 4 units; an interval needs at least 10' });
  });

  it('returns null intervals with reasons for no units, no resamples, or never defined', () => {
    const plan = { frequency: new Float64Array(0), resamples: 10, seed: 1 };
    expect(percentileBootstrap(plan, ['x'], () => undefined)[0]).toEqual({ ci95: null, defined: 0, reason: 'no units to resample' });
    const none = { frequency: Float64Array.of(1), resamples: 0, seed: 1 };
    expect(percentileBootstrap(none, ['x'], () => undefined)[0].reason).toBe('the bootstrap was not requested');
    const never = { frequency: Float64Array.of(12), resamples: 5, seed: 1 };
    expect(percentileBootstrap(never, ['x'], () => undefined)[0]).toEqual({ ci95: null, defined: 0, reason: 'not estimable: the statistic was undefined in every resample' });
  });
});
