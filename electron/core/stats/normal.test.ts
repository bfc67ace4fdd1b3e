import { describe, expect, it } from 'vitest';
import { erfc, normalInterval95, twoSidedP, upperP, Z95 } from './normal';

describe('erfc', () => {
  it('matches CPython 3.11 math.erfc to 1e-14 relative error on both sides of the series/fraction switch', () => {
    const reference: [number, number][] = [
      [0, 1], [0.1, 0.8875370839817152], [0.5, 0.4795001221869535], [0.9999, 0.15734072195124052], [1, 0.15729920705028513],
      [2, 0.004677734981047265], [2.4999, 0.0004071699003334514], [2.5, 0.0004069520174449589],
      [3, 2.2090496998585438e-5], [4, 1.541725790028002e-8], [6, 2.1519736712498916e-17], [-1, 1.842700792949715],
    ];
    for (const [x, expected] of reference) expect(Math.abs(erfc(x) - expected) / expected).toBeLessThan(1e-14);
  });

  it('underflows to 0 far in the tail and keeps NaN as NaN', () => {
    expect(erfc(40)).toBe(0);
    expect(erfc(Number.NaN)).toBeNaN();
  });
});

describe('normal p-values and intervals', () => {
  it('gives two-sided p = 2·Φ(−|z|) (scipy 1.10: 2*norm.sf(3.2625909799013244) = 0.0011039873017298187)', () => {
    expect(twoSidedP(3.2625909799013244)).toBeCloseTo(0.0011039873017298187, 15);
    expect(twoSidedP(-3.2625909799013244)).toBeCloseTo(0.0011039873017298187, 15);
    expect(upperP(0)).toBe(0.5);
  });

  it('uses z = 1.959963984540054 (scipy norm.ppf(0.975)) for 95% intervals', () => {
    expect(Z95).toBe(1.959963984540054);
    expect(normalInterval95(0.5, 0.1)).toEqual([0.5 - 0.1959963984540054, 0.5 + 0.1959963984540054]);
  });
});
