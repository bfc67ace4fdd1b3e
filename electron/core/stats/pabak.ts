import { type CategoryCounts } from './categoryCounts';
import { type ContingencyTable } from './contingencyTable';
import { multiRaterAgreement } from './percentAgreement';
import { defined, type Stat, undefinedStat } from './stat';

/**
 * Prevalence-adjusted bias-adjusted κ (Byrt, Bishop & Carlin 1993): κ with the chance term
 * fixed at 1/k, i.e. as if categories were equally prevalent and raters unbiased. For k = 2
 * it is 2p_o − 1; for k levels (k p_o − 1)/(k − 1), Brennan & Prediger's (1981) free-marginal
 * κ. k is the size of the category universe, not the number of categories observed.
 *
 * Degenerate input: no units → null; a single level → null (nothing to disagree on).
 * @example pabak(tableFromRows([[20, 20], [10, 50]])) // { value: 0.4 }  (p_o = 0.7)
 */
export function pabak(table: ContingencyTable): Stat {
  const { k, counts } = table;
  if (k < 2) return undefinedStat('PABAK needs at least two levels');
  let n = 0;
  let agree = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) n += counts[i * k + j];
    agree += counts[i * k + i];
  }
  if (n === 0) return undefinedStat('no units rated by both raters');
  return defined((k * (agree / n) - 1) / (k - 1));
}

/**
 * The prevalence index of a 2 × 2 table (Byrt, Bishop & Carlin 1993): PI = (a − d) / n, where a
 * counts units both raters put in the first level and d units both put in the second. Near ±1
 * one category dominates and κ is depressed (the first kappa paradox).
 *
 * Degenerate input: not 2 × 2 → null ("defined for two levels only"); no units → null.
 * @example prevalenceIndex(tableFromRows([[20, 20], [10, 50]])) // { value: -0.3 }
 */
export function prevalenceIndex(table: ContingencyTable): Stat {
  if (table.k !== 2) return undefinedStat('the prevalence index is defined for two levels only');
  const [a, b, c, d] = table.counts;
  const n = a + b + c + d;
  if (n === 0) return undefinedStat('no units rated by both raters');
  return defined((a - d) / n);
}

/**
 * The bias index of a 2 × 2 table (Byrt, Bishop & Carlin 1993): BI = (b − c) / n, the first
 * rater's share of the first level minus the second rater's. Large |BI| inflates κ (the
 * second kappa paradox).
 *
 * Degenerate input: not 2 × 2 → null; no units → null.
 * @example biasIndex(tableFromRows([[20, 20], [10, 50]])) // { value: 0.1 }
 */
export function biasIndex(table: ContingencyTable): Stat {
  if (table.k !== 2) return undefinedStat('the bias index is defined for two levels only');
  const [a, b, c, d] = table.counts;
  const n = a + b + c + d;
  if (n === 0) return undefinedStat('no units rated by both raters');
  return defined((b - c) / n);
}

/**
 * PABAK for any number of raters: Randolph's (2005) free-marginal multirater κ,
 * (P̄ − 1/q) / (1 − 1/q), with P̄ the multi-rater observed agreement. Equals {@link pabak} for two
 * raters with complete data, and statsmodels' `fleiss_kappa(…, method='randolph')`.
 *
 * Degenerate input: one level, or no unit with two ratings → null.
 * @example freeMarginalKappa(countsFromRows([[6, 1, 0], [0, 7, 0]])) // { value: 0.785714… } (statsmodels' tests, Randolph's calculator)
 */
export function freeMarginalKappa(counts: CategoryCounts): Stat {
  if (counts.q < 2) return undefinedStat('PABAK needs at least two levels');
  const observed = multiRaterAgreement(counts);
  if (observed.value === null) return observed;
  return defined(freeMarginalFromObserved(observed.value, counts.q));
}

/** Randolph's free-marginal κ from the observed agreement P̄ over q ≥ 2 levels: (P̄ − 1/q) / (1 − 1/q). */
export function freeMarginalFromObserved(observed: number, q: number): number {
  return (observed - 1 / q) / (1 - 1 / q);
}
