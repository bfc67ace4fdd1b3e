import { binomialPmf } from './binomialPmf';
import { type Xoshiro128 } from './prng';

/** Where draws take their uniforms from: a {@link Xoshiro128}, or a buffer of its next outputs. */
export interface UniformSource {
  /** The next uniform double in [0, 1). */
  nextDouble(): number;
}

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
export function sampleBinomial(rng: UniformSource, n: number, p: number): number {
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

/** Longest inversion order cached for one binomial; longer ones (n in the millions) are drawn directly. */
const MAX_ORDER = 2048;
/** Most cached probabilities in all (~12 MB). */
const MAX_CACHED = 1 << 20;
/** Up to this many (pattern, remaining) pairs, the cache is indexed by an array; beyond, by a Map. */
const MAX_INDEXED = 1 << 20;
/** Uniforms generated at a time. */
const BUFFER = 4096;
/** In the index: not built yet, or drawn by sampleBinomial. */
const UNBUILT = -1;
const DIRECT = -2;
/** 2²⁶ and 2⁵³: a uniform is (high · 2²⁶ + low) / 2⁵³ (see Xoshiro128.fillUniformBits). */
const LOW_SCALE = 67108864;
const GRID = 9007199254740992;

/**
 * `count` draws of {@link sampleMultinomial}(rng, n, weights, ·) in a row, written one after the
 * other into `out` (count × P): the same numbers from the same generator, drawn with less
 * arithmetic and no call per draw, which is what a bootstrap in a freshly started process (not
 * yet optimised by V8) spends its time on.
 *
 * Why it is the same: in the conditional-binomial scheme pattern p is drawn as
 * Bin(remaining, w_p / W_p), where W_p (the weight of patterns p…P−1) does not depend on the
 * draws, so each binomial is fixed by (p, remaining), and a bootstrap meets few of them. For each,
 * the probabilities {@link sampleBinomial} subtracts from its uniform — by its arithmetic, in its
 * order — are worked out once and reused: a draw is one uniform and a few subtractions, as in
 * sampleBinomial, without the exp/log and the products that make them. Orders longer than
 * {@link MAX_ORDER}, or past the cache's size, are drawn by {@link sampleBinomial} on the same
 * uniforms. Uniforms come from `rng.fillUniformBits` in blocks, in the stream's order (the
 * generator runs ahead of the draws, so it is not for sharing).
 */
export class MultinomialDraws implements UniformSource {
  private readonly patterns: number;
  /** Per pattern: w_p / W_p; −1 where it gets nothing (w ≤ 0 or W ≤ 0), 2 where it gets all that remains. */
  private readonly probability: Float64Array;
  /** Per (pattern, remaining): where its order starts in the cache, or UNBUILT / DIRECT. */
  private readonly indexed: Int32Array | null;
  private readonly mapped: Map<number, number> | null;
  /**
   * The cached orders: at `start`, outcomes[start] is the order's length L; then for j < L, at
   * start + 1 + j, the probability step j subtracts (terms) and the outcome it stands for.
   */
  private outcomes = new Int32Array(256);
  private terms = new Float64Array(256);
  private cached = 0;
  private readonly high = new Int32Array(BUFFER);
  private readonly low = new Int32Array(BUFFER);
  /** Uniforms in the buffer, and how many of them are used. */
  private filled = 0;
  private at = 0;

  constructor(
    private readonly rng: Xoshiro128,
    private readonly n: number,
    weights: Float64Array,
  ) {
    this.patterns = weights.length;
    this.probability = new Float64Array(this.patterns);
    // W_p as sampleMultinomial computes it: the total, then less each weight in turn.
    let remainingWeight = 0;
    for (let p = 0; p < weights.length; p++) remainingWeight += weights[p];
    for (let p = 0; p < weights.length; p++) {
      const w = weights[p];
      this.probability[p] = w <= 0 || remainingWeight <= 0 ? -1 : w >= remainingWeight ? 2 : w / remainingWeight;
      remainingWeight -= w;
    }
    const keys = this.patterns * (n + 1);
    this.indexed = keys <= MAX_INDEXED ? new Int32Array(keys).fill(UNBUILT) : null;
    this.mapped = this.indexed ? null : new Map();
  }

  /** Draws `count` multinomial vectors into `out`, row after row from index 0. */
  draw(out: Int32Array, count: number): void {
    const { patterns, probability, high, low, n, indexed } = this;
    let at = this.at;
    let filled = this.filled;
    for (let row = 0; row < count; row++) {
      const base = row * patterns;
      let remaining = n;
      for (let p = 0; p < patterns; p++) {
        if (remaining === 0 || probability[p] < 0) {
          out[base + p] = 0;
          continue;
        }
        if (probability[p] > 1) {
          out[base + p] = remaining;
          remaining = 0;
          continue;
        }
        let start = indexed ? indexed[p * (n + 1) + remaining] : UNBUILT;
        if (start === UNBUILT) start = this.orderOf(p, remaining);
        let x = -1;
        if (start === DIRECT) {
          this.at = at;
          x = sampleBinomial(this, remaining, probability[p]);
          at = this.at;
          filled = this.filled;
        } else {
          const { outcomes, terms } = this;
          const end = start + 1 + outcomes[start];
          while (x < 0) {
            if (at === filled) {
              at = this.refill();
              filled = this.filled;
            }
            let u = (high[at] * LOW_SCALE + low[at]) / GRID;
            at++;
            for (let j = start + 1; j < end; j++) {
              u -= terms[j];
              if (u < 0) {
                x = outcomes[j];
                break;
              }
            }
          }
        }
        out[base + p] = x;
        remaining -= x;
      }
      // Saved row by row, not once after the loop: V8 optimises this loop while it runs, and a
      // store it had never seen run would make it throw that code away at the end.
      this.at = at;
    }
  }

  /**
   * Refills the buffer with the generator's next uniforms; returns the new position (0). The
   * first fill is small: V8 optimises fillUniformBits while its loop runs, and a first call that
   * has already run to its end (the state written back) keeps that code from being thrown away.
   */
  private refill(): number {
    this.filled = this.filled === 0 ? 64 : BUFFER;
    this.rng.fillUniformBits(this.high, this.low, this.filled);
    this.at = 0;
    return 0;
  }

  /** The next buffered uniform (for {@link sampleBinomial} where the order is not cached). */
  nextDouble(): number {
    if (this.at === this.filled) this.refill();
    const u = (this.high[this.at] * LOW_SCALE + this.low[this.at]) / GRID;
    this.at++;
    return u;
  }

  /** Where pattern p's order with `remaining` units left starts, built on first use; DIRECT if it is not cached. */
  private orderOf(p: number, remaining: number): number {
    const key = p * (this.n + 1) + remaining;
    const known = this.indexed ? this.indexed[key] : (this.mapped?.get(key) ?? UNBUILT);
    if (known !== UNBUILT) return known;
    const start = this.build(remaining, this.probability[p]);
    if (this.indexed) this.indexed[key] = start;
    else this.mapped?.set(key, start);
    return start;
  }

  /**
   * Caches the order of Bin(n, p): the probabilities {@link sampleBinomial} subtracts, by its
   * arithmetic and in its order, with the outcome each stands for. DIRECT where p is degenerate
   * (sampleBinomial draws nothing) or the order is too long.
   */
  private build(n: number, p: number): number {
    const flip = p > 0.5;
    if (flip) p = 1 - p;
    if (!(p > 0 && p < 1)) return DIRECT;
    // The order is written straight into the cache (no call per step: a helper called that often
    // would itself be worth optimising to V8, which costs more than it saves here).
    const start = this.cached;
    // The header, up to MAX_ORDER steps, and one more that a step of the modal search may add.
    const room = Math.min(n, MAX_ORDER) + 3;
    if (start + room > MAX_CACHED) return DIRECT;
    this.reserve(start + room);
    const { terms, outcomes } = this;
    const odds = p / (1 - p);
    let length = 0;
    if (n * p < 10) {
      let probability = Math.exp(n * Math.log1p(-p));
      for (let k = 0; k <= n && probability > 0; k++) {
        if (length === MAX_ORDER) return DIRECT;
        length++;
        terms[start + length] = probability;
        outcomes[start + length] = flip ? n - k : k;
        probability *= ((n - k) * odds) / (k + 1);
      }
    } else {
      const mode = Math.min(n, Math.floor((n + 1) * p));
      const atMode = binomialPmf(mode, n, p);
      length = 1;
      terms[start + 1] = atMode;
      outcomes[start + 1] = flip ? n - mode : mode;
      let down = mode;
      let up = mode;
      let pDown = atMode;
      let pUp = atMode;
      while ((down > 0 && pDown > 0) || (up < n && pUp > 0)) {
        if (length >= MAX_ORDER) return DIRECT;
        if (down > 0 && pDown > 0) {
          pDown *= down / ((n - down + 1) * odds);
          down--;
          length++;
          terms[start + length] = pDown;
          outcomes[start + length] = flip ? n - down : down;
        }
        if (up < n && pUp > 0) {
          pUp *= ((n - up) * odds) / (up + 1);
          up++;
          length++;
          terms[start + length] = pUp;
          outcomes[start + length] = flip ? n - up : up;
        }
      }
    }
    if (length === 0) return DIRECT;
    outcomes[start] = length;
    this.cached += length + 1;
    return start;
  }

  /** Grows the cache to hold at least `size` entries. */
  private reserve(size: number): void {
    if (size <= this.outcomes.length) return;
    let length = this.outcomes.length;
    while (length < size) length *= 2;
    const outcomes = new Int32Array(length);
    outcomes.set(this.outcomes);
    this.outcomes = outcomes;
    const terms = new Float64Array(length);
    terms.set(this.terms);
    this.terms = terms;
  }
}
