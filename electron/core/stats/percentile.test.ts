import { describe, expect, it } from 'vitest';
import { quantileSorted } from './percentile';

describe('quantileSorted', () => {
  it('interpolates like NumPy 1.24 np.percentile([1, 2, 3, 4, 10], [2.5, 97.5, 50]) = [1.1, 9.4, 3]', () => {
    const sorted = Float64Array.of(1, 2, 3, 4, 10);
    expect(quantileSorted(sorted, 0.025)).toBeCloseTo(1.1, 14);
    expect(quantileSorted(sorted, 0.975)).toBeCloseTo(9.4, 14);
    expect(quantileSorted(sorted, 0.5)).toBe(3);
  });

  it('returns the value for one element and NaN for none', () => {
    expect(quantileSorted([5], 0.975)).toBe(5);
    expect(quantileSorted([], 0.5)).toBeNaN();
  });
});
