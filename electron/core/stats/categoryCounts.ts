import { MISSING, type RatingTable } from './ratingTable';
import { RatingsInputError } from './ratingsInputError';

/**
 * The "distribution of raters by unit and category" (Fleiss 1971; Gwet 2014, ch. 2) that the
 * multi-rater statistics — Fleiss' κ, Krippendorff's α, Gwet's AC1/AC2 — are defined on:
 * `counts[row * q + c]` = how many raters put the unit(s) of that row in category c.
 *
 * Rows may stand for several identical units: `weights[row]` says how many. The point
 * estimate uses one row per distinct rating pattern with its frequency, and the bootstrap
 * reuses the same rows with resampled frequencies — so a resample never rebuilds the matrix.
 */
export interface CategoryCounts {
  /** Number of categories (the size of the category universe). */
  readonly q: number;
  /** Number of rows. */
  readonly rows: number;
  readonly counts: Float64Array;
  /** How many units each row stands for (1 per unit, or a pattern's frequency). */
  readonly weights: Float64Array;
}

/**
 * One row per unit of the table that has at least one rating (units nobody rated carry no
 * information and are left out, as in Gwet 2014).
 */
export function categoryCounts(table: RatingTable): CategoryCounts {
  const q = table.levels.length;
  const r = table.raters.length;
  const perUnit: number[] = [];
  const rowsOfCounts: Float64Array[] = [];
  for (let u = 0; u < table.units.length; u++) {
    const row = new Float64Array(q);
    let rated = 0;
    for (let j = 0; j < r; j++) {
      const level = table.cells[u * r + j];
      if (level !== MISSING) {
        row[level] += 1;
        rated++;
      }
    }
    if (rated > 0) {
      rowsOfCounts.push(row);
      perUnit.push(u);
    }
  }
  const counts = new Float64Array(rowsOfCounts.length * q);
  rowsOfCounts.forEach((row, i) => counts.set(row, i * q));
  return { q, rows: rowsOfCounts.length, counts, weights: new Float64Array(rowsOfCounts.length).fill(1) };
}

/**
 * Counts from a units × categories matrix, as in Fleiss (1971) or statsmodels'
 * `aggregate_raters` output.
 *
 * @throws RatingsInputError when rows differ in length or hold a negative or non-integer count.
 */
export function countsFromRows(rows: readonly (readonly number[])[]): CategoryCounts {
  const q = rows[0]?.length ?? 0;
  const counts = new Float64Array(rows.length * q);
  rows.forEach((row, i) => {
    if (row.length !== q) throw new RatingsInputError(`row ${i + 1} has ${row.length} categories, expected ${q}`);
    row.forEach((count, c) => {
      if (!Number.isInteger(count) || count < 0) throw new RatingsInputError(`row ${i + 1}, category ${c + 1}: ${count} is not a count`);
      counts[i * q + c] = count;
    });
  });
  return { q, rows: rows.length, counts, weights: new Float64Array(rows.length).fill(1) };
}

/** Ratings in row `i` (the number of raters who rated the unit). */
export function ratingsInRow(counts: CategoryCounts, i: number): number {
  let total = 0;
  const base = i * counts.q;
  for (let c = 0; c < counts.q; c++) total += counts.counts[base + c];
  return total;
}

/**
 * Merges rows with identical category counts, adding their weights. The multi-rater statistics
 * see a unit only through its counts, so this loses nothing for them, and it bounds the rows
 * by the number of possible count vectors (462 for 6 raters on 5 levels) whatever the number
 * of units — which is what keeps a multi-rater bootstrap fast.
 * @example groupRows(countsFromRows([[2, 0], [1, 1], [2, 0]])).weights // Float64Array [2, 1]
 */
export function groupRows(counts: CategoryCounts): CategoryCounts {
  const { q } = counts;
  const index = new Map<string, number>();
  const rows: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < counts.rows; i++) {
    if (counts.weights[i] === 0) continue;
    const row = counts.counts.subarray(i * q, i * q + q);
    const key = row.join(',');
    const existing = index.get(key);
    if (existing === undefined) {
      index.set(key, weights.length);
      weights.push(counts.weights[i]);
      rows.push(...row);
    } else {
      weights[existing] += counts.weights[i];
    }
  }
  return { q, rows: weights.length, counts: Float64Array.from(rows), weights: Float64Array.from(weights) };
}
