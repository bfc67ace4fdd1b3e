import { type Stat, undefinedStat } from './stat';

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
  const why = { reason: '' };
  const value = alphaOf(coincidence, 0, q, metric, fixedDistances(metric, values), new Float64Array(q), new Float64Array(q + 1), why);
  return Number.isNaN(value) ? undefinedStat(why.reason) : { value };
}

/**
 * {@link krippendorffAlpha} of each of `count` resamples' coincidence matrices (`coincidences`,
 * count × q², as `countSumsOfResamples` gives them), into `out[at + b]` (NaN where undefined).
 */
export function krippendorffAlphaOfResamples(coincidences: Float64Array, count: number, metric: AlphaMetric, values: readonly number[], out: Float64Array, at: number): void {
  const q = values.length;
  const distances = fixedDistances(metric, values);
  const marginal = new Float64Array(q);
  const cumulative = new Float64Array(q + 1);
  const why = { reason: '' };
  for (let b = 0; b < count; b++) out[at + b] = alphaOf(coincidences, b * q * q, q, metric, distances, marginal, cumulative, why);
}

/**
 * δ²_ck of the metrics that depend on the levels' values alone (nominal, interval, ratio), as a
 * q × q table; null for ordinal, whose δ² depends on the marginals, and for the ratio metric on
 * negative values (undefined).
 */
function fixedDistances(metric: AlphaMetric, values: readonly number[]): Float64Array | null {
  if (metric === 'ordinal' || (metric === 'ratio' && values.some((x) => x < 0))) return null;
  const q = values.length;
  const d2 = new Float64Array(q * q);
  for (let c = 0; c < q; c++) {
    for (let k = 0; k < q; k++) {
      if (c === k) continue;
      if (metric === 'nominal') d2[c * q + k] = 1;
      else if (metric === 'interval') d2[c * q + k] = (values[c] - values[k]) ** 2;
      else d2[c * q + k] = values[c] + values[k] === 0 ? 0 : ((values[c] - values[k]) / (values[c] + values[k])) ** 2;
    }
  }
  return d2;
}

/**
 * α of the q × q coincidence matrix at `offset` in `coincidence`, or NaN with `why.reason` set.
 * `distances` is {@link fixedDistances}' table; `marginal` (q) and `cumulative` (q + 1) are
 * scratch space.
 */
function alphaOf(
  coincidence: Float64Array,
  offset: number,
  q: number,
  metric: AlphaMetric,
  distances: Float64Array | null,
  marginal: Float64Array,
  cumulative: Float64Array,
  why: { reason: string },
): number {
  let n = 0;
  for (let c = 0; c < q; c++) {
    let sum = 0;
    for (let k = 0; k < q; k++) sum += coincidence[offset + c * q + k];
    marginal[c] = sum;
    n += sum;
  }
  if (n < 2 - 1e-9) {
    why.reason = 'no unit has two or more ratings';
    return Number.NaN;
  }
  if (metric === 'ratio' && distances === null) {
    why.reason = 'the ratio metric needs level values ≥ 0 (a scale with a true zero)';
    return Number.NaN;
  }

  let observed = 0;
  let expected = 0;
  if (distances) {
    for (let c = 0; c < q; c++) {
      for (let k = 0; k < q; k++) {
        if (c === k) continue;
        const d2 = distances[c * q + k];
        observed += coincidence[offset + c * q + k] * d2;
        expected += marginal[c] * marginal[k] * d2;
      }
    }
  } else {
    // Ordinal. Cumulative marginals make each δ² O(1): Σ_{g=c..k} n_g = cum[k+1] − cum[c].
    cumulative[0] = 0;
    for (let c = 0; c < q; c++) cumulative[c + 1] = cumulative[c] + marginal[c];
    for (let c = 0; c < q; c++) {
      for (let k = 0; k < q; k++) {
        if (c === k) continue;
        const lo = Math.min(c, k);
        const hi = Math.max(c, k);
        const d2 = (cumulative[hi + 1] - cumulative[lo] - (marginal[c] + marginal[k]) / 2) ** 2;
        observed += coincidence[offset + c * q + k] * d2;
        expected += marginal[c] * marginal[k] * d2;
      }
    }
  }
  if (expected <= 0) {
    why.reason = 'only one category observed: expected disagreement is 0';
    return Number.NaN;
  }
  const value = 1 - ((n - 1) * observed) / expected;
  if (Number.isFinite(value)) return value;
  why.reason = 'expected disagreement is 0';
  return Number.NaN;
}
