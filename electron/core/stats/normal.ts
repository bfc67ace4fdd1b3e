import { type Interval } from './stat';

/** The 0.975 quantile of the standard normal distribution, for 95% intervals. */
export const Z95 = 1.959963984540054;

const SQRT_PI = Math.sqrt(Math.PI);

/**
 * The complementary error function erfc(x) = 1 − erf(x), to about 1e-15 relative error.
 *
 * For x < 1: erfc = 1 − erf with erf(x) = (2/√π) e^(−x²) Σₙ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)),
 * a series of positive terms (Abramowitz & Stegun 7.1.6), so no cancellation inside the sum and
 * little in 1 − erf while erfc ≥ 0.15. From x = 1 on, where 1 − erf would lose digits, the
 * continued fraction erfc(x) = e^(−x²)/√π · 1/(x + ½/(x + 1/(x + (3/2)/(x + …)))) (A&S 7.1.14),
 * evaluated bottom-up from 250 terms (60 from x = 2, where it converges faster). Negative x
 * uses erfc(−x) = 2 − erfc(x).
 *
 * @example erfc(1) // 0.15729920705028513
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 1) {
    const x2 = x * x;
    let term = x;
    let sum = x;
    for (let n = 1; n < 200 && term > sum * 1e-17; n++) {
      term *= (2 * x2) / (2 * n + 1);
      sum += term;
    }
    return 1 - ((2 / SQRT_PI) * Math.exp(-x2) * sum);
  }
  if (x > 27) return 0;
  let f = x;
  for (let k = x < 2 ? 250 : 60; k >= 1; k--) f = x + k / 2 / f;
  return Math.exp(-x * x) / SQRT_PI / f;
}

/**
 * P(|Z| ≥ |z|) for a standard normal Z: the two-sided p-value of a z statistic, erfc(|z|/√2).
 * @example twoSidedP(1.959963984540054) // 0.05
 */
export function twoSidedP(z: number): number {
  return erfc(Math.abs(z) / Math.SQRT2);
}

/**
 * P(Z ≥ z): the one-sided (upper) p-value, erfc(z/√2)/2.
 * @example upperP(0) // 0.5
 */
export function upperP(z: number): number {
  return erfc(z / Math.SQRT2) / 2;
}

/**
 * The normal 95% interval `estimate ± 1.959964 · se`, not clipped to [−1, 1], as SAS PROC FREQ
 * and statsmodels report it.
 * @example normalInterval95(0.4842, 0.138) // [0.2137…, 0.7547…]
 */
export function normalInterval95(estimate: number, se: number): Interval {
  return [estimate - Z95 * se, estimate + Z95 * se];
}
