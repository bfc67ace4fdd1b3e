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
  const patternOfUnit = plan.patternOfUnit;
  const exact = n <= 0x200000;
  const threshold = (0x100000000 - n) % n;
  for (let b = 0; b < resamples; b++) {
    frequency.fill(0);
    if (exact) {
      // Lemire's multiply-shift, inlined: this loop runs n × resamples times.
      for (let i = 0; i < n; i++) {
        let m = rng.nextUint32() * n;
        let low = m % 0x100000000;
        while (low < threshold) {
          m = rng.nextUint32() * n;
          low = m % 0x100000000;
        }
        frequency[patternOfUnit[Math.floor(m / 0x100000000)]] += 1;
      }
    } else {
      for (let i = 0; i < n; i++) frequency[patternOfUnit[rng.nextBelow(n)]] += 1;
    }
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
