import { describe, expect, it } from 'vitest';
import { customWeights, weightMatrix } from './weights';

describe('weightMatrix', () => {
  it('builds linear and quadratic agreement weights from the values (irrCAC weighting vignette, 1:3)', () => {
    // irrCAC: linear.weights(1:3) rows 1 .5 0 / .5 1 .5 / 0 .5 1; quadratic.weights(1:3) rows 1 .75 0 / .75 1 .75 / 0 .75 1.
    expect(Array.from(weightMatrix('linear', [1, 2, 3]))).toEqual([1, 0.5, 0, 0.5, 1, 0.5, 0, 0.5, 1]);
    expect(Array.from(weightMatrix('quadratic', [1, 2, 3]))).toEqual([1, 0.75, 0, 0.75, 1, 0.75, 0, 0.75, 1]);
  });

  it('follows unequal spacing of the values', () => {
    expect(Array.from(weightMatrix('linear', [0, 1, 4]))).toEqual([1, 0.75, 0, 0.75, 1, 0.25, 0, 0.25, 1]);
  });

  it('is [1] for a single level and refuses levels with no spread', () => {
    expect(Array.from(weightMatrix('quadratic', [3]))).toEqual([1]);
    expect(() => weightMatrix('linear', [2, 2])).toThrow(/different numeric values/);
  });
});

describe('customWeights', () => {
  it('names the offending cell', () => {
    expect(() => customWeights([[1, 2], [0, 1]], 2)).toThrow('custom weights: cell (1, 2) = 2 is not within [0, 1]');
    expect(() => customWeights([[0.9, 0], [0, 1]], 2)).toThrow(/diagonal cell \(1, 1\) must be 1/);
    expect(() => customWeights([[1, 0]], 2)).toThrow(/expected 2 rows/);
  });
});
