import { quantileSorted } from './percentile';
import { Xoshiro128 } from './prng';
import { type Interval } from './stat';

/** Default number of bootstrap resamples (DESIGN.md §5). */
export const DEFAULT_RESAMPLES = 1000;
/** Default seed, so that an unseeded run is still reproducible. */
export const DEFAULT_SEED = 1;

/** A percentile bootstrap interval and how many resamples it rests on. */
export interface BootstrapInterval {
  /** 2.5th and 97.5th percentiles of the statistic over the resamples where it was defined. */
  readonly ci95: Interval | null;
  /** Resamples in which the statistic was defined (e.g. not all one category). */
  readonly defined: number;
  readonly reason?: string;
}

/** What to resample and how often. */
export interface BootstrapPlan {
  /** For each unit, the pattern it belongs to (see `ratingPatterns`). */
  readonly patternOfUnit: Int32Array;
  readonly patternCount: number;
  readonly resamples: number;
  readonly seed: number;
}

/**
 * Computes every statistic of one resample from its pattern frequencies, writing each into
 * `out` (NaN where the statistic is undefined in that resample).
 */
export type ResampleEvaluator = (frequency: Float64Array, out: Float64Array) => void;

/**
 * Seeded nonparametric percentile bootstrap over units (Efron & Tibshirani 1993, ch. 13):
 * each resample draws n units with replacement, turns them into pattern frequencies (one
 * typed-array increment per draw, no allocation), evaluates every statistic, and the 95%
 * interval is the 2.5th–97.5th percentile (type 7) of the defined resample values. Identical
 * seeds give identical intervals on every platform (see {@link Xoshiro128}).
 *
 * Degenerate input: no units or zero resamples → every interval null with the reason;
 * a statistic undefined in every resample → null; undefined in some → interval over the rest,
 * with the count in `defined`.
 *
 * @returns one interval per name, in the order of `names`.
 * @example
 *   // 95% interval of the share of units in pattern 0, resampling 4 units (3 in pattern 0):
 *   percentileBootstrap({ patternOfUnit: Int32Array.of(0, 0, 0, 1), patternCount: 2, resamples: 1000, seed: 1 },
 *     ['share'], (f, out) => { out[0] = f[0] / 4; })[0].ci95 // [0.25, 1]
 */
export function percentileBootstrap(
  plan: BootstrapPlan,
  names: readonly string[],
  evaluate: ResampleEvaluator,
): BootstrapInterval[] {
  const n = plan.patternOfUnit.length;
  const { resamples } = plan;
  if (n === 0) return names.map(() => ({ ci95: null, defined: 0, reason: 'no units to resample' }));
  if (resamples <= 0) return names.map(() => ({ ci95: null, defined: 0, reason: 'the bootstrap was not requested' }));

  const rng = new Xoshiro128(plan.seed);
  const frequency = new Float64Array(plan.patternCount);
  const out = new Float64Array(names.length);
  const draws = names.map(() => new Float64Array(resamples));
  const lookup = narrowest(plan.patternOfUnit, plan.patternCount);
  for (let b = 0; b < resamples; b++) {
    frequency.fill(0);
    resampleInto(rng, lookup, frequency);
    out.fill(Number.NaN);
    evaluate(frequency, out);
    for (let s = 0; s < names.length; s++) draws[s][b] = out[s];
  }

  return draws.map((values) => {
    const finite = values.filter((v) => Number.isFinite(v)).sort();
    if (finite.length === 0) return { ci95: null, defined: 0, reason: 'the statistic was undefined in every resample' };
    const ci95: Interval = [quantileSorted(finite, 0.025), quantileSorted(finite, 0.975)];
    if (finite.length < resamples) {
      return { ci95, defined: finite.length, reason: `undefined in ${resamples - finite.length} of ${resamples} resamples, which are left out` };
    }
    return { ci95, defined: finite.length };
  });
}

/**
 * The pattern lookup in the narrowest integer array: with two raters on a 7-point scale there
 * are at most 64 patterns, so one byte per unit keeps the 100,000-unit array in the CPU cache
 * that the random draws hit n × resamples times.
 */
function narrowest(patternOfUnit: Int32Array, patternCount: number): Uint8Array | Uint16Array | Int32Array {
  if (patternCount <= 0x100) return Uint8Array.from(patternOfUnit);
  if (patternCount <= 0x10000) return Uint16Array.from(patternOfUnit);
  return patternOfUnit;
}

const TWO_POW_32 = 0x100000000;
const INV_TWO_POW_32 = 1 / TWO_POW_32;

/** Draws n units with replacement and counts their patterns into `frequency`. */
function resampleInto(rng: Xoshiro128, lookup: Uint8Array | Uint16Array | Int32Array, frequency: Float64Array): void {
  const n = lookup.length;
  if (n > 0x200000) {
    for (let i = 0; i < n; i++) frequency[lookup[rng.nextBelow(n)]] += 1;
    return;
  }
  // Lemire's multiply-shift of Xoshiro128.nextBelow, inlined: this line runs n × resamples times.
  const threshold = (TWO_POW_32 - n) % n;
  for (let i = 0; i < n; i++) {
    let r = rng.nextUint32();
    while (Math.imul(r, n) >>> 0 < threshold) r = rng.nextUint32();
    frequency[lookup[(r * n * INV_TWO_POW_32) | 0]] += 1;
  }
}
