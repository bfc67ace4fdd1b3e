import { type ContingencyTable, margins, oneSharedCategory } from './contingencyTable';
import { type KappaEstimate, kappaWithErrors, undefinedKappa } from './kappaEstimate';
import { type WeightMatrix } from './weights';

/**
 * Weighted κ (Cohen 1968) with agreement weights w (1 on the diagonal; see `weightMatrix`
 * for linear and quadratic weights on the levels' values), and the standard errors of
 * Fleiss, Cohen & Everitt (1969):
 *
 *   p_o(w) = Σᵢⱼ w_ij p_ij,   p_e(w) = Σᵢⱼ w_ij p_i. p_.j,   κ_w = (p_o(w) − p_e(w)) / (1 − p_e(w))
 *   w̄_i. = Σⱼ p_.j w_ij,      w̄_.j = Σᵢ p_i. w_ij
 *
 *   Var(κ_w)  = [ Σᵢⱼ p_ij (w_ij − (w̄_i. + w̄_.j)(1 − κ_w))² − (κ_w − p_e(w)(1 − κ_w))² ] / (n (1 − p_e(w))²)
 *   Var₀(κ_w) = [ Σᵢⱼ p_i. p_.j (w_ij − (w̄_i. + w̄_.j))² − p_e(w)² ] / (n (1 − p_e(w))²)
 *
 * With identity weights this is Cohen's κ with the same standard errors. Linear weights give
 * SAS PROC FREQ's (Cicchetti–Allison) weighted kappa; quadratic weights give Fleiss–Cohen's.
 *
 * Degenerate input: no units → null; one shared category, or weights under which chance
 * disagreement is 0 → null with the reason.
 *
 * @example weightedKappa(tableFromRows([[0, 4, 1], [0, 8, 0], [0, 1, 5]]), weightMatrix('linear', [0, 1, 2]))
 *   // value 0.4701, se 0.1457, se0 0.1426 (SAS PROC FREQ example, as in statsmodels' tests)
 */
export function weightedKappa(table: ContingencyTable, weights: WeightMatrix): KappaEstimate {
  const { k, counts } = table;
  if (weights.length !== k * k) throw new RangeError(`weightedKappa: ${k} levels need a ${k}×${k} weight matrix`);
  const { n, rows, cols } = margins(table);
  if (n === 0) return undefinedKappa('no units rated by both raters');
  if (oneSharedCategory(rows, cols, n)) return undefinedKappa('only one category observed: expected agreement is 1');

  const pr = rows.map((x) => x / n);
  const pc = cols.map((x) => x / n);
  const rowMean = new Float64Array(k);
  const colMean = new Float64Array(k);
  let po = 0;
  let pe = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = weights[i * k + j];
      po += w * (counts[i * k + j] / n);
      pe += w * pr[i] * pc[j];
      rowMean[i] += pc[j] * w;
      colMean[j] += pr[i] * w;
    }
  }
  if (1 - pe <= 1e-15) return undefinedKappa('chance disagreement is 0 under these weights: κ is 0/0');
  const kappa = (po - pe) / (1 - pe);

  let termA = 0;
  let termH0 = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = weights[i * k + j];
      const spread = rowMean[i] + colMean[j];
      termA += (counts[i * k + j] / n) * (w - spread * (1 - kappa)) ** 2;
      termH0 += pr[i] * pc[j] * (w - spread) ** 2;
    }
  }
  const scale = n * (1 - pe) ** 2;
  const variance = (termA - (kappa - pe * (1 - kappa)) ** 2) / scale;
  const variance0 = (termH0 - pe * pe) / scale;
  return kappaWithErrors(kappa, variance, variance0, n);
}
