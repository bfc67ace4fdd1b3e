import { type CategoryCounts, categoryCounts } from '../categoryCounts';
import { type ContingencyTable } from '../contingencyTable';
import { type RatingTable, ratingTableFromMatrix } from '../ratingTable';

/** The contingency table of two label vectors over levels 0…k−1 (like sklearn's confusion_matrix). */
export function tableFromLabels(a: readonly number[], b: readonly number[], k: number): ContingencyTable {
  const counts = new Float64Array(k * k);
  a.forEach((x, i) => {
    counts[x * k + b[i]] += 1;
  });
  return { k, counts };
}

/** A rating table from 1-based score rows (null = missing) on the levels "1"…"k". */
export function tableFromScores(rows: readonly (readonly (number | null)[])[], k: number): RatingTable {
  const levels = Array.from({ length: k }, (_, i) => String(i + 1));
  return ratingTableFromMatrix(rows.map((row) => row.map((x) => (x === null ? null : x - 1))), levels);
}

/** Category counts of 1-based score rows on k levels. */
export function countsFromScores(rows: readonly (readonly (number | null)[])[], k: number): CategoryCounts {
  return categoryCounts(tableFromScores(rows, k));
}
