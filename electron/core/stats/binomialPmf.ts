const LOG_2PI = Math.log(2 * Math.PI);

/** log(n!) for n ≤ 15, from the exact factorials (15! < 2⁵³). */
const LOG_FACTORIAL_SMALL = (() => {
  const out = [0];
  let f = 1;
  for (let n = 1; n <= 15; n++) {
    f *= n;
    out.push(Math.log(f));
  }
  return out;
})();

/**
 * Stirling's error δ(n) = log(n!) − log(√(2πn) (n/e)ⁿ) for integer n ≥ 1 (Loader 2000): exact
 * factorials up to 15, the asymptotic series 1/(12n) − 1/(360n³) + 1/(1260n⁵) − 1/(1680n⁷)
 * + 1/(1188n⁹) above (its next term is below 1e-17 there).
 */
function stirlingError(n: number): number {
  if (n <= 15) return LOG_FACTORIAL_SMALL[n] - 0.5 * Math.log(2 * Math.PI * n) - n * Math.log(n) + n;
  const n2 = n * n;
  return (1 / 12 - (1 / 360 - (1 / 1260 - (1 / 1680 - 1 / (1188 * n2)) / n2) / n2) / n2) / n;
}

/**
 * The deviance term D(x, μ) = x log(x/μ) + μ − x (Loader 2000), by a series in v = (x−μ)/(x+μ)
 * when x is near μ, where the direct formula would cancel.
 */
function deviance(x: number, mu: number): number {
  if (Math.abs(x - mu) < 0.1 * (x + mu)) {
    const v = (x - mu) / (x + mu);
    let sum = (x - mu) * v;
    let term = 2 * x * v;
    const v2 = v * v;
    for (let j = 1; j < 1000; j++) {
      term *= v2;
      const next = sum + term / (2 * j + 1);
      if (next === sum) return sum;
      sum = next;
    }
    return sum;
  }
  return x * Math.log(x / mu) + mu - x;
}

/**
 * The binomial probability P(X = x) for X ~ Bin(n, p), to about 1e-14 relative error even for
 * n in the millions, by Loader's (2000) saddle-point form ("Fast and accurate computation of
 * binomial probabilities"; the algorithm of R's dbinom):
 *
 *   P(X = x) = √(n / (2π x (n − x))) · exp(δ(n) − δ(x) − δ(n − x) − D(x, np) − D(n − x, nq))
 *
 * with δ Stirling's error and D the deviance term; x = 0 and x = n use qⁿ and pⁿ.
 *
 * Degenerate input: x outside 0…n gives 0; p = 0 or 1 gives the point mass.
 * @example binomialPmf(3, 10, 0.3) // 0.266827932 (= C(10,3) 0.3³ 0.7⁷)
 */
export function binomialPmf(x: number, n: number, p: number): number {
  if (x < 0 || x > n) return 0;
  const q = 1 - p;
  if (p === 0) return x === 0 ? 1 : 0;
  if (q === 0) return x === n ? 1 : 0;
  if (x === 0) return Math.exp(n * Math.log1p(-p));
  if (x === n) return Math.exp(n * Math.log(p));
  const exponent = stirlingError(n) - stirlingError(x) - stirlingError(n - x) - deviance(x, n * p) - deviance(n - x, n * q);
  return Math.exp(exponent - 0.5 * (LOG_2PI + Math.log(x) + Math.log1p(-x / n)));
}
