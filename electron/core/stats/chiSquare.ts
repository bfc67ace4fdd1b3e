import { lnGamma } from './fDistribution';

/**
 * P(χ²_df ≥ x): the regularized upper incomplete gamma Q(df/2, x/2), by its series below
 * a + 1 and its continued fraction above (Numerical Recipes 6.2).
 * @example upperChiSquare(3.841458820694124, 1) // 0.05
 */
export function upperChiSquare(x: number, df: number): number {
  if (!(df > 0)) return Number.NaN;
  if (!(x > 0)) return 1;
  const a = df / 2;
  const z = x / 2;
  const front = Math.exp(-z + a * Math.log(z) - lnGamma(a));
  if (z < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 100_000; n++) {
      term *= z / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-17) break;
    }
    return 1 - front * sum;
  }
  const tiny = 1e-300;
  let b = z + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 100_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return front * h;
}
