import { RatingsInputError } from './ratingsInputError';

/** Named agreement-weight schemes. */
export type WeightScheme = 'identity' | 'linear' | 'quadratic';

/**
 * A k × k matrix of *agreement* weights, row-major: 1 on the diagonal (full agreement), less
 * for partial agreement. This is the convention of Fleiss, Cohen & Everitt (1969), SAS PROC
 * FREQ and Gwet (2014); Cohen (1968) and scikit-learn use disagreement weights 1 − w, which
 * give the same κ.
 */
export type WeightMatrix = Float64Array;

/**
 * Agreement weights from the levels' numeric values x (Cicchetti & Allison 1971 for linear,
 * Fleiss & Cohen 1973 for quadratic):
 *
 *   identity   w_ij = [i = j]
 *   linear     w_ij = 1 − |x_i − x_j| / (x_max − x_min)
 *   quadratic  w_ij = 1 − (x_i − x_j)² / (x_max − x_min)²
 *
 * With one level, every scheme is the 1 × 1 matrix [1].
 *
 * @throws RatingsInputError when two or more levels all share one value (no spread to weigh).
 * @example weightMatrix('linear', [1, 2, 3]) // [1, .5, 0, .5, 1, .5, 0, .5, 1]
 */
export function weightMatrix(scheme: WeightScheme, values: readonly number[]): WeightMatrix {
  const k = values.length;
  const w = new Float64Array(k * k);
  if (scheme === 'identity' || k === 1) {
    for (let i = 0; i < k; i++) w[i * k + i] = 1;
    return w;
  }
  const range = Math.max(...values) - Math.min(...values);
  if (!(range > 0)) throw new RatingsInputError('levels: weighted statistics need levels with different numeric values');
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const d = Math.abs(values[i] - values[j]) / range;
      w[i * k + j] = scheme === 'linear' ? 1 - d : 1 - d * d;
    }
  }
  return w;
}

/**
 * Checks and flattens a custom agreement-weight matrix: k × k, finite, within [0, 1], with
 * ones on the diagonal.
 *
 * @throws RatingsInputError naming the first offending cell.
 */
export function customWeights(matrix: readonly (readonly number[])[], k: number): WeightMatrix {
  if (matrix.length !== k) throw new RatingsInputError(`custom weights: expected ${k} rows (one per level), found ${matrix.length}`);
  const w = new Float64Array(k * k);
  matrix.forEach((row, i) => {
    if (row.length !== k) throw new RatingsInputError(`custom weights: row ${i + 1} has ${row.length} values, expected ${k}`);
    row.forEach((value, j) => {
      if (!Number.isFinite(value) || value < 0 || value > 1) {
        throw new RatingsInputError(`custom weights: cell (${i + 1}, ${j + 1}) = ${value} is not within [0, 1]`);
      }
      if (i === j && value !== 1) throw new RatingsInputError(`custom weights: diagonal cell (${i + 1}, ${i + 1}) must be 1 (full agreement)`);
      w[i * k + j] = value;
    });
  });
  return w;
}
