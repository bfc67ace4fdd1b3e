import { type CategoryCounts } from './categoryCounts';
import { type ContingencyTable } from './contingencyTable';

/**
 * Krippendorff's coincidence matrix, q × q row-major: o_ck counts the pairable (c, k) value
 * pairs within units, each unit's m_u (m_u − 1) ordered pairs weighted 1/(m_u − 1) so that
 * every pairable value counts once (Krippendorff 2011, "Computing Krippendorff's α-reliability"):
 *
 *   o_ck = Σ_u r_uc (r_uk − [c = k]) / (m_u − 1)    over units with m_u ≥ 2 values
 *
 * Units with a single value are unpairable and drop out — this is how α handles missing data.
 * @example coincidenceFromCounts(countsFromRows([[2, 0], [1, 1]])) // [2, 1, 1, 0]
 */
export function coincidenceFromCounts(counts: CategoryCounts): Float64Array {
  const { q, rows, weights } = counts;
  const o = new Float64Array(q * q);
  for (let i = 0; i < rows; i++) {
    if (weights[i] !== 0) addRowCoincidences(counts, i, weights[i], o);
  }
  return o;
}

/**
 * Adds `weight` times row i's pairable value pairs, r_ic (r_ik − [c = k]) / (m − 1), into the
 * q × q matrix `o` (see {@link coincidenceFromCounts}); a row with fewer than two values adds nothing.
 */
export function addRowCoincidences(counts: CategoryCounts, i: number, weight: number, o: Float64Array): void {
  const { q } = counts;
  const base = i * q;
  let m = 0;
  for (let c = 0; c < q; c++) m += counts.counts[base + c];
  if (m < 2) return;
  const scale = weight / (m - 1);
  for (let c = 0; c < q; c++) {
    const rc = counts.counts[base + c];
    if (rc === 0) continue;
    for (let k = 0; k < q; k++) {
      const rk = counts.counts[base + k];
      if (rk === 0) continue;
      o[c * q + k] += scale * rc * (k === c ? rk - 1 : rk);
    }
  }
}

/**
 * The coincidence matrix of two raters over the units both rated: O = N + Nᵀ for their
 * contingency table N (each unit has m_u = 2, so its two ordered pairs count 1 each).
 * @example coincidenceFromTable(tableFromRows([[3, 1], [0, 2]])) // [6, 1, 1, 4]
 */
export function coincidenceFromTable(table: ContingencyTable): Float64Array {
  const { k, counts } = table;
  const o = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) o[i * k + j] = counts[i * k + j] + counts[j * k + i];
  }
  return o;
}
