import { binomialPmf } from './binomialPmf';
import { type Xoshiro128 } from './prng';

/**
 * A draw of X ~ Binomial(n, p) by inversion (Devroye 1986, Non-Uniform Random Variate
 * Generation, §X.4): one uniform u is compared with the probabilities taken in a fixed order,
 * each obtained from its neighbour by the ratio P(k±1)/P(k). For np < 10 the order is 0, 1, 2, …
 * from P(0) = qⁿ; otherwise it starts at the mode and alternates mode − 1, mode + 1, … (Kemp 1986,
 * "A modal method for generating binomial variables"), with P(mode) from {@link binomialPmf},
 * so the expected number of steps is of the order of the standard deviation, not of n. Should
 * rounding leave u unspent after the whole support (probability ~1e-15), a fresh u is drawn.
 *
 * Degenerate input: n = 0 or p ≤ 0 gives 0; p ≥ 1 gives n.
 * @example sampleBinomial(new Xoshiro128(1), 10, 0.5) // an integer in 0…10
 */
export function sampleBinomial(rng: Xoshiro128, n: number, p: number): number {
  if (n === 0 || p <= 0) return 0;
  if (p >= 1) return n;
  // Work with the smaller of p and q so that the ratios stay well scaled.
  if (p > 0.5) return n - sampleBinomial(rng, n, 1 - p);
  const odds = p / (1 - p);
  if (n * p < 10) {
    // Small mean: plain inversion from 0, P(0) = qⁿ; about np + 1 steps and no Stirling terms.
    for (;;) {
      let u = rng.nextDouble();
      let probability = Math.exp(n * Math.log1p(-p));
      for (let k = 0; k <= n && probability > 0; k++) {
        u -= probability;
        if (u < 0) return k;
        probability *= ((n - k) * odds) / (k + 1);
      }
    }
  }
  const mode = Math.min(n, Math.floor((n + 1) * p));
  const atMode = binomialPmf(mode, n, p);
  for (;;) {
    let u = rng.nextDouble() - atMode;
    if (u < 0) return mode;
    let down = mode;
    let up = mode;
    let pDown = atMode;
    let pUp = atMode;
    while ((down > 0 && pDown > 0) || (up < n && pUp > 0)) {
      if (down > 0 && pDown > 0) {
        pDown *= down / ((n - down + 1) * odds);
        down--;
        u -= pDown;
        if (u < 0) return down;
      }
      if (up < n && pUp > 0) {
        pUp *= ((n - up) * odds) / (up + 1);
        up++;
        u -= pUp;
        if (u < 0) return up;
      }
    }
  }
}

/**
 * A draw of the counts (N₁, …, N_P) ~ Multinomial(n; w₁/W, …, w_P/W), W = Σ w, into `out`, by
 * conditional binomials: N₁ ~ Bin(n, w₁/W), N₂ ~ Bin(n − N₁, w₂/(W − w₁)), … (Devroye 1986,
 * §XI.1). Resampling n units with replacement from units whose patterns occur w_p times gives
 * exactly this distribution of pattern counts, in P binomial draws instead of n uniform ones.
 *
 * Degenerate input: n = 0 or W = 0 gives all zeros.
 * @example sampleMultinomial(rng, 100, Float64Array.of(30, 70), out) // out = [N₁, 100 − N₁]
 */
export function sampleMultinomial(rng: Xoshiro128, n: number, weights: Float64Array, out: Float64Array): void {
  let remaining = n;
  let remainingWeight = 0;
  for (let p = 0; p < weights.length; p++) remainingWeight += weights[p];
  for (let p = 0; p < weights.length; p++) {
    const w = weights[p];
    if (remaining === 0 || w <= 0 || remainingWeight <= 0) {
      out[p] = 0;
    } else if (w >= remainingWeight) {
      out[p] = remaining;
      remaining = 0;
    } else {
      const x = sampleBinomial(rng, remaining, w / remainingWeight);
      out[p] = x;
      remaining -= x;
    }
    remainingWeight -= w;
  }
}
