import { regularizedBeta } from './fDistribution';

/**
 * P(T ≤ t) for Student's t with ν degrees of freedom, from the regularized incomplete beta:
 * P(T ≤ t) = ½ I_{ν/(ν+t²)}(ν/2, ½) for t ≤ 0, and 1 minus that for t > 0 (Abramowitz &
 * Stegun 26.7.1). ±∞ give 0 and 1, as the distribution's limits.
 *
 * @example tCdf(-2.0452296421327034, 29) // 0.025 (scipy: stats.t.ppf(0.025, 29))
 */
export function tCdf(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return Number.NaN;
  if (t === -Infinity) return 0;
  if (t === Infinity) return 1;
  const tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
  return t <= 0 ? tail : 1 - tail;
}

/** A one-sample t-test's outcome: the statistic and p-value, or why they are not defined. */
export interface OneSampleT {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1 in the denominator). */
  sd: number;
  /** (mean − μ0) / (sd / √n); ±∞ when every value is the same and differs from μ0; null when it equals μ0. */
  t: number | null;
  /** P(T ≤ t) under H0: mean ≥ μ0 (the alternative "less"); null when undefined. */
  pValue: number | null;
  /** Set when the values do not vary, saying which limit of the test applies. */
  note?: string;
}

/**
 * One-sided one-sample t-test of H0: E[x] ≥ μ0 against H1: E[x] < μ0 — scipy's
 * `ttest_1samp(x, μ0, alternative='less')`. Values that do not vary follow the test's limits
 * as scipy computes them: a mean below μ0 gives t = −∞ and p = 0, above gives t = +∞ and
 * p = 1, and a mean equal to μ0 gives 0/0, an undefined p (which rejects nothing). Fewer than
 * two values: undefined.
 */
export function oneSampleTLess(values: readonly number[], mu0: number): OneSampleT {
  const n = values.length;
  let sum = 0;
  for (const v of values) sum += v;
  const mean = n > 0 ? sum / n : Number.NaN;
  if (n < 2) return { n, mean, sd: Number.NaN, t: null, pValue: null, note: `a t-test needs at least 2 values, not ${n}` };
  let ss = 0;
  for (const v of values) ss += (v - mean) * (v - mean);
  const sd = Math.sqrt(ss / (n - 1));
  if (sd === 0) {
    if (mean < mu0) return { n, mean, sd, t: -Infinity, pValue: 0, note: `every difference is ${mean}, below ${mu0}: the t-test's limit t = −∞, p = 0` };
    if (mean > mu0) return { n, mean, sd, t: Infinity, pValue: 1, note: `every difference is ${mean}, above ${mu0}: the t-test's limit t = +∞, p = 1` };
    return { n, mean, sd, t: null, pValue: null, note: `every difference equals ${mu0}: t = 0/0 is undefined, so the test rejects nothing` };
  }
  const t = (mean - mu0) / (sd / Math.sqrt(n));
  return { n, mean, sd, t, pValue: tCdf(t, n - 1) };
}
