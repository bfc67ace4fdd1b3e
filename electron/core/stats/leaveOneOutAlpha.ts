import { type CategoryCounts } from './categoryCounts';
import { addRowCoincidences, coincidenceFromCounts } from './coincidenceMatrix';
import { type AlphaMetric, krippendorffAlpha } from './krippendorffAlpha';
import { MISSING, type RatingTable } from './ratingTable';
import { type Stat } from './stat';

/** Krippendorff's α of all raters, and of all raters but each one in turn. */
export interface LeaveOneOutAlpha {
  metric: AlphaMetric;
  /** α of every rater. */
  all: Stat;
  /** α without the rater at the same index of `table.raters`. */
  without: Stat[];
}

/**
 * Krippendorff's α with each rater left out, from one pass over the units (issue 18 part 6).
 *
 * Why subtracting is exact: α depends on the data only through the coincidence matrix
 * O = Σ_u C_u, a sum of one term per unit (see coincidenceMatrix.ts):
 *
 *   C_u = (r_u r_uᵀ − diag r_u) / (m_u − 1)      (r_u: the unit's counts per value, m_u = Σ r_u)
 *
 * Leaving rater j out touches only the units j rated. On such a unit, with j's value v, the
 * counts become r_u − e_v and m_u − 1, so C_u becomes C'_u (the same formula on the new counts;
 * zero when one value is left, since a lone value is unpairable). Every other unit keeps its
 * term. Hence
 *
 *   O^(−j) = O − Σ_{u rated by j} (C_u − C'_u)
 *
 * exactly — no approximation, only the terms of j's units recomputed. α's expected
 * disagreement is then computed from O^(−j)'s own marginals by {@link krippendorffAlpha} (the
 * one implementation), so the ordinal metric's ranks are those of the data without j.
 *
 * Cost: O(units × raters) to read the table, then O(q²) per rating: a 123-rater file with
 * thousands of units takes milliseconds, where recomputing α from scratch 123 times would read
 * the whole table 123 times.
 *
 * @example three raters agree on every unit and a fourth does not: α without the fourth is 1.
 */
export function leaveOneOutAlpha(table: RatingTable, metric: AlphaMetric): LeaveOneOutAlpha {
  const values = table.levels.map((level) => level.value);
  const q = values.length;
  const r = table.raters.length;
  const perUnit = countsPerUnit(table);
  const full = coincidenceFromCounts(perUnit);
  const all = krippendorffAlpha(full, metric, values);

  // Per rater, Σ over its units of (C_u − C'_u), built in one pass over the cells.
  const removed = Array.from({ length: r }, () => new Float64Array(q * q));
  const before = new Float64Array(q * q);
  const after = new Float64Array(q * q);
  const row = new Float64Array(q);
  const one = { q, rows: 1, counts: row, weights: new Float64Array([1]) };
  for (let u = 0; u < table.units.length; u++) {
    const base = u * q;
    let m = 0;
    for (let c = 0; c < q; c++) m += perUnit.counts[base + c]!;
    if (m < 2) continue; // An unpairable unit adds nothing with or without anyone.
    row.set(perUnit.counts.subarray(base, base + q));
    before.fill(0);
    addRowCoincidences(one, 0, 1, before);
    for (let j = 0; j < r; j++) {
      const v = table.cells[u * r + j]!;
      if (v === MISSING) continue;
      row[v]!--;
      after.fill(0);
      addRowCoincidences(one, 0, 1, after);
      row[v]!++;
      const sum = removed[j]!;
      for (let i = 0; i < q * q; i++) sum[i]! += before[i]! - after[i]!;
    }
  }
  const without = removed.map((sum) => {
    const o = new Float64Array(q * q);
    // Tiny negative residues of floating-point subtraction are clamped: a count is never below 0.
    for (let i = 0; i < q * q; i++) o[i] = Math.max(0, full[i]! - sum[i]!);
    return krippendorffAlpha(o, metric, values);
  });
  return { metric, all, without };
}

/** One row of counts per unit of the table, in the table's unit order (unrated units as zero rows). */
function countsPerUnit(table: RatingTable): CategoryCounts {
  const q = table.levels.length;
  const r = table.raters.length;
  const rows = table.units.length;
  const counts = new Float64Array(rows * q);
  for (let u = 0; u < rows; u++) {
    for (let j = 0; j < r; j++) {
      const v = table.cells[u * r + j]!;
      if (v !== MISSING) counts[u * q + v]!++;
    }
  }
  return { q, rows, counts, weights: new Float64Array(rows).fill(1) };
}
