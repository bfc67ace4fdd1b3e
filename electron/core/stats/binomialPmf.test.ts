import { describe, expect, it } from 'vitest';
import { binomialPmf } from './binomialPmf';

describe('binomialPmf', () => {
  it('matches C(n,x) pˣ qⁿ⁻ˣ to 1e-13 relative error, from n = 1 to n = 10⁶', () => {
    // Exact values (Python 3.11 math.comb and decimal at 50 digits, p as an exact fraction), rounded to doubles.
    // (SciPy 1.10's binom.pmf(0, 100000, 1e-5) = 0.3678776017682465 is off in the 12th digit.)
    const reference: [number, number, number, number][] = [
      [2040, 100000, 1 / 49, 0.00892237461719132],
      [0, 100000, 1e-5, 0.36787760176657225],
      [3, 10, 0.3, 0.266827932],
      [1, 1, 0.5, 0.5],
      [50, 50, 0.99, 0.6050060671375367],
      [0, 7, 0.5, 0.0078125],
      [200000, 1000000, 0.2, 0.000997355264660558],
      [7, 20, 0.35, 0.18440118638393127],
    ];
    for (const [x, n, p, expected] of reference) {
      expect(Math.abs(binomialPmf(x, n, p) - expected) / expected, `pmf(${x}; ${n}, ${p})`).toBeLessThan(1e-13);
    }
  });

  it('sums to 1 over the support', () => {
    let sum = 0;
    for (let x = 0; x <= 1000; x++) sum += binomialPmf(x, 1000, 0.37);
    expect(sum).toBeCloseTo(1, 13);
  });

  it('is 0 outside the support and a point mass at p = 0 or 1', () => {
    expect(binomialPmf(-1, 5, 0.5)).toBe(0);
    expect(binomialPmf(6, 5, 0.5)).toBe(0);
    expect(binomialPmf(0, 5, 0)).toBe(1);
    expect(binomialPmf(5, 5, 1)).toBe(1);
    expect(binomialPmf(4, 5, 1)).toBe(0);
  });
});
