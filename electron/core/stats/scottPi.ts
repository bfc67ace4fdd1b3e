import { type ContingencyTable, margins, oneSharedCategory } from './contingencyTable';
import { finiteOr, type Stat, undefinedStat } from './stat';

/**
 * Scott's π for two raters (Scott 1955): like Cohen's κ, but chance agreement uses the pooled
 * category shares of both raters, πᵢ = (p_i. + p_.i) / 2:
 *
 *   p_o = Σᵢ p_ii,   p_e = Σᵢ πᵢ²,   π = (p_o − p_e) / (1 − p_e)
 *
 * For two raters with complete data it equals Fleiss' κ.
 *
 * Degenerate input: no units → null; both raters used one and the same category → null
 * ("only one category observed: expected agreement is 1").
 *
 * @example scottPi(tableFromRows([[13, 0, 0], [0, 20, 7], [0, 4, 56]])) // { value: 0.7962397… } (Gwet, irrCAC vignette)
 */
export function scottPi(table: ContingencyTable): Stat {
  const { k, counts } = table;
  const { n, rows, cols } = margins(table);
  if (n === 0) return undefinedStat('no units rated by both raters');
  if (oneSharedCategory(rows, cols, n)) return undefinedStat('only one category observed: expected agreement is 1');
  let po = 0;
  let pe = 0;
  for (let i = 0; i < k; i++) {
    po += counts[i * k + i] / n;
    const pooled = (rows[i] + cols[i]) / (2 * n);
    pe += pooled * pooled;
  }
  return finiteOr((po - pe) / (1 - pe), 'expected agreement is 1');
}
