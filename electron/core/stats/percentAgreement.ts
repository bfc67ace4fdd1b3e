import { type CategoryCounts } from './categoryCounts';
import { type ContingencyTable } from './contingencyTable';
import { defined, type Stat, undefinedStat } from './stat';

/**
 * Observed agreement of two raters, as a proportion in [0, 1]:
 *
 *   p_o = Σᵢ n_ii / n
 *
 * over the units both rated (Cohen 1960, the p_o of κ).
 *
 * Degenerate input: no units → null ("no units rated by both raters").
 * @example percentAgreement(tableFromRows([[20, 20], [10, 50]])) // { value: 0.7 }
 */
export function percentAgreement(table: ContingencyTable): Stat {
  const { k, counts } = table;
  let n = 0;
  let agree = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) n += counts[i * k + j];
    agree += counts[i * k + i];
  }
  if (n === 0) return undefinedStat('no units rated by both raters');
  return defined(agree / n);
}

/**
 * Observed agreement among any number of raters: the share of agreeing rater pairs within a
 * unit, averaged over the units with two or more ratings (Fleiss 1971, P̄):
 *
 *   P̄ = (1/n′) Σ_{i: rᵢ ≥ 2} Σ_c r_ic (r_ic − 1) / (rᵢ (rᵢ − 1))
 *
 * For two raters with complete data this equals {@link percentAgreement}.
 *
 * Degenerate input: no unit with two ratings → null.
 * @example multiRaterAgreement(countsFromRows([[3, 0], [2, 1]])) // { value: (1 + 1/3) / 2 }
 */
export function multiRaterAgreement(counts: CategoryCounts): Stat {
  const { rows, weights } = counts;
  let units = 0;
  let sum = 0;
  for (let i = 0; i < rows; i++) {
    const w = weights[i];
    if (w === 0) continue;
    const agreement = rowAgreement(counts, i);
    if (agreement === null) continue;
    units += w;
    sum += w * agreement;
  }
  if (units === 0) return undefinedStat('no unit has two or more ratings');
  return defined(sum / units);
}

/**
 * Row i's share of agreeing rater pairs, Σ_c r_ic (r_ic − 1) / (rᵢ (rᵢ − 1)); null when the row
 * has fewer than two ratings (it has no pairs).
 */
export function rowAgreement(counts: CategoryCounts, i: number): number | null {
  const { q } = counts;
  let r = 0;
  let pairs = 0;
  for (let c = 0; c < q; c++) {
    const x = counts.counts[i * q + c];
    r += x;
    pairs += x * (x - 1);
  }
  return r < 2 ? null : pairs / (r * (r - 1));
}
