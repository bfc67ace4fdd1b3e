import { describe, expect, it } from 'vitest';
import { percentileBootstrap } from './bootstrap';
import { Xoshiro128 } from './prng';

/** Units 0…n−1 each their own pattern; the statistic is the mean of their values. */
function meanBootstrap(values: number[], resamples: number, seed: number) {
  const n = values.length;
  return percentileBootstrap(
    { patternOfUnit: Int32Array.from(values, (_, i) => i), patternCount: n, resamples, seed },
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

  it('resamples units exactly as Xoshiro128.nextBelow draws them (the inlined loop is the same sampler)', () => {
    const patternOfUnit = Int32Array.of(0, 1, 1, 2, 2, 2, 0);
    const seen: number[][] = [];
    percentileBootstrap({ patternOfUnit, patternCount: 3, resamples: 3, seed: 99 }, ['x'], (frequency, out) => {
      seen.push(Array.from(frequency));
      out[0] = 0;
    });
    const rng = new Xoshiro128(99);
    const expected = Array.from({ length: 3 }, () => {
      const frequency = [0, 0, 0];
      for (let i = 0; i < patternOfUnit.length; i++) frequency[patternOfUnit[rng.nextBelow(patternOfUnit.length)]] += 1;
      return frequency;
    });
    expect(seen).toEqual(expected);
  });

  it('leaves out resamples where the statistic is undefined and says how many', () => {
    let call = 0;
    const [interval] = percentileBootstrap(
      { patternOfUnit: Int32Array.of(0, 1, 2), patternCount: 3, resamples: 10, seed: 1 },
      ['odd'],
      (_frequency, out) => {
        out[0] = call++ % 2 === 0 ? Number.NaN : call;
      },
    );
    expect(interval.defined).toBe(5);
    expect(interval.reason).toBe('undefined in 5 of 10 resamples, which are left out');
  });

  it('returns null intervals with reasons for no units, no resamples, or never defined', () => {
    const plan = { patternOfUnit: new Int32Array(0), patternCount: 0, resamples: 10, seed: 1 };
    expect(percentileBootstrap(plan, ['x'], () => undefined)[0]).toEqual({ ci95: null, defined: 0, reason: 'no units to resample' });
    const none = { ...plan, patternOfUnit: Int32Array.of(0), patternCount: 1, resamples: 0 };
    expect(percentileBootstrap(none, ['x'], () => undefined)[0].reason).toBe('the bootstrap was not requested');
    const never = { ...none, resamples: 5 };
    expect(percentileBootstrap(never, ['x'], () => undefined)[0]).toEqual({ ci95: null, defined: 0, reason: 'the statistic was undefined in every resample' });
  });
});
