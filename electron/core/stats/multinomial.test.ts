import { describe, expect, it } from 'vitest';
import { binomialPmf } from './binomialPmf';
import { MultinomialDraws, sampleBinomial, sampleMultinomial } from './multinomial';
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

describe('MultinomialDraws', () => {
  /** `count` draws of sampleMultinomial from seed, and the same from MultinomialDraws, in blocks of `block`. */
  function both(n: number, weights: number[], seed: number, count: number, block: number): { reference: number[]; drawn: number[] } {
    const w = Float64Array.from(weights);
    const rng = new Xoshiro128(seed);
    const row = new Float64Array(w.length);
    const reference: number[] = [];
    for (let i = 0; i < count; i++) {
      sampleMultinomial(rng, n, w, row);
      reference.push(...row);
    }
    const draws = new MultinomialDraws(new Xoshiro128(seed), n, w);
    const out = new Int32Array(block * w.length);
    const drawn: number[] = [];
    for (let first = 0; first < count; first += block) {
      const size = Math.min(block, count - first);
      draws.draw(out, size);
      drawn.push(...out.subarray(0, size * w.length));
    }
    return { reference, drawn };
  }

  it('draws exactly what sampleMultinomial draws from the same seed, block after block', () => {
    const shapes: [number, number[]][] = [
      [20, [2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1]], // the CLI bench's patterns: small means, inversion from 0
      [400, [180, 30, 40, 150]], // large means: the modal search, and p > 1/2
      [1000, [5, 0, 20, 75]], // an empty pattern
      [30, [1e-300, 1, 29]], // a probability that rounds to nothing
      [50, [0, 0, 50]], // one pattern takes all
      [0, [1, 1]], // nothing to draw
    ];
    for (const [n, weights] of shapes) {
      for (const seed of [1, 7, 2026]) {
        const { reference, drawn } = both(n, weights, seed, 700, 256);
        expect(drawn, `n = ${n}, seed ${seed}`).toEqual(reference);
      }
    }
  });

  it('draws the orders too long to cache as sampleBinomial does, on the same uniforms', () => {
    // n in the millions: the modal search runs for thousands of steps, past what is cached.
    const { reference, drawn } = both(5_000_000, [1, 2, 3], 3, 40, 16);
    expect(drawn).toEqual(reference);
  });

  it('matches sampleMultinomial on random shapes (60 of them, 100 draws each)', () => {
    const shapes = new Xoshiro128(12345);
    for (let trial = 0; trial < 60; trial++) {
      const weights = Array.from({ length: 1 + shapes.nextBelow(30) }, () => (shapes.nextBelow(4) === 0 ? 0 : 1 + shapes.nextBelow(trial % 3 === 0 ? 200 : 5)));
      const n = weights.reduce((a, b) => a + b, 0);
      const { reference, drawn } = both(n, weights, shapes.nextBelow(1 << 30), 100, 32);
      expect(drawn, `trial ${trial}`).toEqual(reference);
    }
  });
});
