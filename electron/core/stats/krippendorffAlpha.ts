import { finiteOr, type Stat, undefinedStat } from './stat';

/** The difference functions of Krippendorff's α used by Accord. */
export type AlphaMetric = 'nominal' | 'ordinal' | 'interval' | 'ratio';

export const ALPHA_METRICS: readonly AlphaMetric[] = ['nominal', 'ordinal', 'interval', 'ratio'];

/**
 * Krippendorff's α from a coincidence matrix (Krippendorff 2011, "Computing Krippendorff's
 * α-reliability"; Hayes & Krippendorff 2007):
 *
 *   n_c = Σ_k o_ck,   n = Σ_c n_c,
 *   α = 1 − (n − 1) Σ_ck o_ck δ²_ck / Σ_ck n_c n_k δ²_ck
 *
 * with δ²_ck = [c ≠ k] (nominal); (Σ_{g=c..k} n_g − (n_c + n_k)/2)² (ordinal, using the levels'
 * order and the marginal frequencies, so only ranks matter); (x_c − x_k)² (interval, using the
 * levels' numeric values x); ((x_c − x_k)/(x_c + x_k))² (ratio, for values ≥ 0 on a scale with a
 * true zero; Krippendorff 2011, eq. for "ratio metric"). Missing data are handled by the
 * coincidence matrix itself (see `coincidenceFromCounts`).
 *
 * Degenerate input: fewer than two pairable values → null ("no unit has two or more ratings");
 * no expected disagreement (one category observed) → null; the ratio metric on a negative value
 * → null.
 *
 * @example
 *   // Krippendorff (2011) reliability data, 4 observers × 12 units with missing values:
 *   krippendorffAlpha(o, 'nominal', values)  // 0.743
 *   krippendorffAlpha(o, 'ordinal', values)  // 0.815
 *   krippendorffAlpha(o, 'interval', values) // 0.849
 */
export function krippendorffAlpha(coincidence: Float64Array, metric: AlphaMetric, values: readonly number[]): Stat {
  const q = values.length;
  if (coincidence.length !== q * q) throw new RangeError(`krippendorffAlpha: ${q} levels need a ${q}×${q} coincidence matrix`);
  const marginal = new Float64Array(q);
  let n = 0;
  for (let c = 0; c < q; c++) {
    for (let k = 0; k < q; k++) marginal[c] += coincidence[c * q + k];
    n += marginal[c];
  }
  if (n < 2 - 1e-9) return undefinedStat('no unit has two or more ratings');
  if (metric === 'ratio' && values.some((x) => x < 0)) return undefinedStat('the ratio metric needs level values ≥ 0 (a scale with a true zero)');

  // Cumulative marginals make each ordinal δ² O(1): Σ_{g=c..k} n_g = cum[k+1] − cum[c].
  const cumulative = new Float64Array(q + 1);
  for (let c = 0; c < q; c++) cumulative[c + 1] = cumulative[c] + marginal[c];

  let observed = 0;
  let expected = 0;
  for (let c = 0; c < q; c++) {
    for (let k = 0; k < q; k++) {
      if (c === k) continue;
      let d2: number;
      if (metric === 'nominal') d2 = 1;
      else if (metric === 'interval') d2 = (values[c] - values[k]) ** 2;
      else if (metric === 'ratio') d2 = values[c] + values[k] === 0 ? 0 : ((values[c] - values[k]) / (values[c] + values[k])) ** 2;
      else {
        const lo = Math.min(c, k);
        const hi = Math.max(c, k);
        d2 = (cumulative[hi + 1] - cumulative[lo] - (marginal[c] + marginal[k]) / 2) ** 2;
      }
      observed += coincidence[c * q + k] * d2;
      expected += marginal[c] * marginal[k] * d2;
    }
  }
  if (expected <= 0) return undefinedStat('only one category observed: expected disagreement is 0');
  return finiteOr(1 - ((n - 1) * observed) / expected, 'expected disagreement is 0');
}
