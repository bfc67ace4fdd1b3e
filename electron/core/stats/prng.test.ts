import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from './prng';

describe('Xoshiro128', () => {
  it('follows the reference xoshiro128** (Blackman & Vigna): state {1, 2, 3, 4} gives 11520, 0, 5927040', () => {
    // Worked by hand from xoshiro128starstar.c: out = rotl(s1·5, 7)·9; then t = s1 << 9, s2 ^= s0,
    // s3 ^= s1, s1 ^= s2, s0 ^= s3, s2 ^= t, s3 = rotl(s3, 11).
    // 1st: rotl(10, 7)·9 = 11520. State → {7, 0, 1026, 12288}. 2nd: 0. State → {12295, 1029, 1029, 25165824}.
    // 3rd: rotl(5145, 7)·9 = 658560·9 = 5927040.
    const rng = new Xoshiro128([1, 2, 3, 4]);
    expect([rng.nextUint32(), rng.nextUint32(), rng.nextUint32()]).toEqual([11520, 0, 5927040]);
  });

  it('is reproducible from a seed and differs between seeds', () => {
    const draw = (seed: number): number[] => {
      const rng = new Xoshiro128(seed);
      return Array.from({ length: 5 }, () => rng.nextUint32());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    // Pinned so that a change of algorithm (and of every published bootstrap interval) is noticed.
    expect(draw(1)).toMatchInlineSnapshot(`
      [
        2442144158,
        3238099751,
        3819917871,
        2104621829,
        2021136066,
      ]
    `);
  });

  it('draws integers below n uniformly (chi-square over 10 bins, 100,000 draws)', () => {
    const rng = new Xoshiro128(7);
    const bins = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) bins[rng.nextBelow(10)]++;
    const chi2 = bins.reduce((sum, observed) => sum + (observed - 10_000) ** 2 / 10_000, 0);
    // χ²(9) has its 99.9th percentile at 27.88.
    expect(chi2).toBeLessThan(27.88);
  });

  it('stays in range for n = 1, n just above 2^21 and a non-power of two', () => {
    const rng = new Xoshiro128(3);
    for (let i = 0; i < 1000; i++) {
      expect(rng.nextBelow(1)).toBe(0);
      const big = rng.nextBelow(0x200001);
      expect(big).toBeGreaterThanOrEqual(0);
      expect(big).toBeLessThan(0x200001);
      expect(rng.nextBelow(3)).toBeLessThan(3);
    }
    expect(() => rng.nextBelow(0)).toThrow(RangeError);
  });

  it('fills uniforms as integer parts of exactly the doubles nextDouble gives, continuing the same stream', () => {
    const reference = new Xoshiro128(42);
    const filled = new Xoshiro128(42);
    const high = new Int32Array(300);
    const low = new Int32Array(300);
    for (let round = 0; round < 3; round++) {
      filled.fillUniformBits(high, low);
      for (let i = 0; i < high.length; i++) {
        expect(high[i]).toBeLessThan(2 ** 27);
        expect(low[i]).toBeLessThan(2 ** 26);
        expect((high[i] * 2 ** 26 + low[i]) / 2 ** 53).toBe(reference.nextDouble());
      }
    }
    expect(filled.nextUint32()).toBe(reference.nextUint32());
  });
});
