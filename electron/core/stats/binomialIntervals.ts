import { betaQuantile } from './fDistribution';
import { Z95 } from './normal';
import { type Interval } from './stat';

/**
 * The exact (Clopper & Pearson 1934) 95% interval of a binomial proportion, x successes in n:
 * [B(0.025; x, n − x + 1), B(0.975; x + 1, n − x)] with B the Beta quantile, 0 and 1 at the
 * ends (x = 0, x = n). Its coverage is at least 95% for every true proportion. `x` may be
 * fractional (used for the sample size needed at an observed rate). Null for n = 0.
 *
 * @example clopperPearson(8, 10) // [0.4439…, 0.9747…] (statsmodels proportion_confint(8, 10, method='beta'))
 */
export function clopperPearson(x: number, n: number): Interval | null {
  if (!(n > 0) || x < 0 || x > n) return null;
  const low = x === 0 ? 0 : betaQuantile(0.025, x, n - x + 1);
  const high = x === n ? 1 : betaQuantile(0.975, x + 1, n - x);
  return [low, high];
}

/**
 * Wilson's (1927) score 95% interval of a binomial proportion:
 * (p̂ + z²/2n ± z √(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n). Null for n = 0.
 *
 * @example wilson(8, 10) // [0.4901…, 0.9433…] (statsmodels proportion_confint(8, 10, method='wilson'))
 */
export function wilson(x: number, n: number): Interval | null {
  if (!(n > 0) || x < 0 || x > n) return null;
  const p = x / n;
  const z2 = Z95 * Z95;
  const centre = p + z2 / (2 * n);
  const spread = Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  return [Math.max(0, (centre - spread) / denominator), Math.min(1, (centre + spread) / denominator)];
}

/** Largest n {@link unitsForLowerBound} looks at. */
export const MAX_NEEDED_UNITS = 10_000_000;

/**
 * The fewest trials at which the Clopper–Pearson 95% lower bound reaches `threshold`, if the
 * observed rate `rate` held (x = rate · n, fractional allowed). Null when it never can: a rate
 * at or below the threshold, or more than {@link MAX_NEEDED_UNITS} trials.
 *
 * @example unitsForLowerBound(0.9, 0.8) // 65: clopperPearson(58.5, 65)[0] ≥ 0.8, not so at 64
 */
export function unitsForLowerBound(rate: number, threshold: number): number | null {
  if (!(rate > threshold)) return null;
  const reaches = (n: number) => (clopperPearson(rate * n, n) as Interval)[0] >= threshold;
  let hi = 1;
  while (!reaches(hi)) {
    hi *= 2;
    if (hi > MAX_NEEDED_UNITS) return null;
  }
  let lo = Math.floor(hi / 2);
  // reaches(hi) holds, reaches(lo) does not (or lo = 0); the bound grows with n at a fixed rate.
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (reaches(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
