import { type ContingencyTable, margins, oneSharedCategory } from './contingencyTable';
import { type KappaEstimate, kappaWithErrors, undefinedKappa } from './kappaEstimate';

/**
 * Cohen's κ for two raters (Cohen 1960), with the large-sample standard errors of Fleiss,
 * Cohen & Everitt (1969). With p_ij = n_ij / n, row margins p_i. and column margins p_.j:
 *
 *   p_o = Σᵢ p_ii,   p_e = Σᵢ p_i. p_.i,   κ = (p_o − p_e) / (1 − p_e)
 *
 *   Var(κ)  = [ Σᵢ p_ii (1 − (p_i. + p_.i)(1 − κ))²
 *              + (1 − κ)² Σ_{i≠j} p_ij (p_.i + p_j.)²
 *              − (κ − p_e (1 − κ))² ] / (n (1 − p_e)²)
 *   Var₀(κ) = [ p_e + p_e² − Σᵢ p_i. p_.i (p_i. + p_.i) ] / (n (1 − p_e)²)      (under κ = 0)
 *
 * These are the "ASE" and "ASE under H0" of SAS PROC FREQ and the `std_kappa` / `std_kappa0`
 * of statsmodels' `cohens_kappa`. The table must span the whole category universe.
 *
 * Degenerate input: no units → null ("no units rated by both raters"); both raters used the
 * same single category → null ("only one category observed: expected agreement is 1").
 *
 * @example cohenKappa(tableFromRows([[0, 4, 1], [0, 8, 0], [0, 1, 5]]))
 *   // value 0.4842, se 0.1380, se0 0.1484 (SAS PROC FREQ example, as in statsmodels' tests)
 */
export function cohenKappa(table: ContingencyTable): KappaEstimate {
  const { k, counts } = table;
  const { n, rows, cols } = margins(table);
  if (n === 0) return undefinedKappa('no units rated by both raters');
  let po = 0;
  let pe = 0;
  for (let i = 0; i < k; i++) {
    po += counts[i * k + i] / n;
    pe += (rows[i] / n) * (cols[i] / n);
  }
  if (oneSharedCategory(rows, cols, n)) return undefinedKappa('only one category observed: expected agreement is 1');
  const kappa = (po - pe) / (1 - pe);

  let termA = 0;
  let termB = 0;
  let termH0 = 0;
  for (let i = 0; i < k; i++) {
    const pi = rows[i] / n;
    const qi = cols[i] / n;
    termA += (counts[i * k + i] / n) * (1 - (pi + qi) * (1 - kappa)) ** 2;
    termH0 += pi * qi * (pi + qi);
    for (let j = 0; j < k; j++) {
      if (i !== j) termB += (counts[i * k + j] / n) * (cols[i] / n + rows[j] / n) ** 2;
    }
  }
  const scale = n * (1 - pe) ** 2;
  const variance = (termA + (1 - kappa) ** 2 * termB - (kappa - pe * (1 - kappa)) ** 2) / scale;
  const variance0 = (pe + pe * pe - termH0) / scale;
  return kappaWithErrors(kappa, variance, variance0, n);
}
