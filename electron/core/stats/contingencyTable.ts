import { MISSING, type RatingTable } from './ratingTable';
import { RatingsInputError } from './ratingsInputError';

/**
 * A k × k table of counts for two raters: `counts[i * k + j]` = units the first rater put in
 * level i and the second in level j. Every pairwise statistic (Cohen's κ, weighted κ,
 * Scott's π, PABAK, percent agreement) is a function of this table alone, which is what makes
 * them O(k²) once the table exists — and the bootstrap cheap.
 */
export interface ContingencyTable {
  readonly k: number;
  readonly counts: Float64Array;
}

/** Row and column totals of a {@link ContingencyTable}, with the grand total. */
export interface Margins {
  readonly n: number;
  readonly rows: Float64Array;
  readonly cols: Float64Array;
}

/**
 * Cross-tabulates raters `a` and `b` of a rating table over the units both rated.
 *
 * @example contingencyTable(ratingTableFromMatrix([[0, 1], [1, 1]], ['no', 'yes']), 0, 1).counts
 *   // Float64Array [0, 1, 0, 1]
 */
export function contingencyTable(table: RatingTable, a: number, b: number): ContingencyTable {
  const k = table.levels.length;
  const r = table.raters.length;
  const counts = new Float64Array(k * k);
  const cells = table.cells;
  for (let u = 0, base = 0; u < table.units.length; u++, base += r) {
    const x = cells[base + a];
    const y = cells[base + b];
    if (x !== MISSING && y !== MISSING) counts[x * k + y] += 1;
  }
  return { k, counts };
}

/**
 * A table from nested arrays (rows = first rater), as printed in papers.
 *
 * @throws RatingsInputError when the array is not square or holds a negative or non-finite count.
 */
export function tableFromRows(rows: readonly (readonly number[])[]): ContingencyTable {
  const k = rows.length;
  const counts = new Float64Array(k * k);
  rows.forEach((row, i) => {
    if (row.length !== k) throw new RatingsInputError(`contingency table row ${i + 1} has ${row.length} cells, expected ${k}`);
    row.forEach((count, j) => {
      if (!Number.isFinite(count) || count < 0) throw new RatingsInputError(`contingency table cell (${i + 1}, ${j + 1}) is not a count`);
      counts[i * k + j] = count;
    });
  });
  return { k, counts };
}

/** Row totals (first rater), column totals (second rater) and n. */
export function margins(table: ContingencyTable): Margins {
  const { k, counts } = table;
  const rows = new Float64Array(k);
  const cols = new Float64Array(k);
  let n = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const c = counts[i * k + j];
      rows[i] += c;
      cols[j] += c;
      n += c;
    }
  }
  return { n, rows, cols };
}

/**
 * True when both raters put every unit in one and the same category: chance agreement is then
 * exactly 1 and every chance-corrected coefficient is 0/0. Tested on counts, not on a
 * floating-point p_e, so that it is exact.
 */
export function oneSharedCategory(rows: Float64Array, cols: Float64Array, n: number): boolean {
  for (let i = 0; i < rows.length; i++) if (rows[i] === n && cols[i] === n) return true;
  return false;
}

/** Nested-array copy of a table, for JSON output (the confusion matrix). */
export function tableToRows(table: ContingencyTable): number[][] {
  const { k, counts } = table;
  return Array.from({ length: k }, (_, i) => Array.from(counts.subarray(i * k, i * k + k)));
}
