import { checkedInterval, MIN_INTERVAL_UNITS, type StatRange, tooFewUnits } from './intervals';
import { MultinomialDraws } from './multinomial';
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
  /** Share of the defined resamples below `BootstrapPlan.thresholds` (e.g. P(α < 0.8)), where asked. */
  readonly belowThreshold?: number;
  readonly reason?: string;
}

/** What to resample and how often. */
export interface BootstrapPlan {
  /** Units per rating pattern (see `ratingPatterns`); n = their sum, or that of the pairable patterns. */
  readonly frequency: Float64Array;
  /**
   * Per pattern, 1 where its units carry agreement information (two or more ratings) and 0
   * where they do not (rated once). When given, n is the number of pairable units: the
   * `minUnits` rule counts them alone, and each resample draws n of them from the pairable
   * units and, separately, as many units rated once as there are from those (a stratified
   * bootstrap; Davison & Hinkley 1997, §3.2.2). Without it every unit is pairable.
   */
  readonly pairable?: Uint8Array;
  readonly resamples: number;
  readonly seed: number;
  /** Fewest units for an interval; default {@link MIN_INTERVAL_UNITS}. */
  readonly minUnits?: number;
  /** Each statistic's range, in the order of the names (rounding past a bound is clamped onto it). */
  readonly ranges?: readonly StatRange[];
  /** Per name, a threshold t for the share of resamples below it (P(stat < t)), or undefined. */
  readonly thresholds?: readonly (number | undefined)[];
}

/** Share of resamples in which a statistic must be defined for its interval to be given. */
export const MIN_DEFINED_SHARE = 0.5;

/**
 * Computes every statistic of one resample from its pattern frequencies, writing each into
 * `out` (NaN where the statistic is undefined in that resample).
 */
export type ResampleEvaluator = (frequency: Float64Array, out: Float64Array) => void;

/**
 * Resamples `first` … `first + count − 1`, drawn: row b of `counts` (count × patterns, row-major)
 * holds resample `first + b`'s pattern frequencies.
 */
export interface ResampleBlock {
  readonly counts: Int32Array;
  readonly patterns: number;
  readonly first: number;
  readonly count: number;
}

/**
 * Computes the statistics of every resample of a block: statistic s of resample `first + b`
 * goes to `values[s][first + b]`, which is NaN until written (so: left alone where undefined).
 * One loop per statistic over the block's rows, not one call per resample, is what makes a
 * cold process fast (see `bootstrapReport`).
 */
export type BlockEvaluator = (block: ResampleBlock, values: readonly Float64Array[]) => void;

/** Pattern counts drawn at a time (1 MB): every resample at once unless there are very many patterns. */
const BLOCK_CELLS = 1 << 18;

/**
 * Seeded nonparametric percentile bootstrap over units (Efron & Tibshirani 1993, ch. 13).
 *
 * A resample draws n units with replacement. With `plan.pairable`, n is the number of units
 * rated by two or more raters — the units that carry agreement — and the units rated once are
 * drawn apart, as many as there are, from their own generator (stream 1 of the seed): every
 * resample has the n pairable units the point estimate has, not a random share of them (with 8
 * of 30 units pairable, resampling all 30 gives one resample in 25 with 3 or fewer pairable
 * units, or 14 or more: Binomial(30, 8/30)), and adding units rated once leaves every statistic that ignores them (percent
 * agreement, κ, α, PABAK) with the same interval. Only the chance terms of Fleiss' κ, Conger's
 * κ and Gwet's AC use the units rated once; they vary with those units' own resampling.
 *
 * Every statistic depends on the units only through how many fall in each rating pattern, and
 * those counts are Multinomial(n; f_p / n) for pattern frequencies f (in each stratum, over its
 * own patterns and units) — so each resample is drawn directly as one multinomial vector
 * (`sampleMultinomial`'s draws, by `MultinomialDraws`: P binomial draws) rather than n unit
 * indices: the same distribution, at a cost independent of n. The 95% interval is the 2.5th–97.5th percentile (type 7) of the
 * resample values where the statistic is defined. Identical seeds give identical intervals on
 * every platform (see {@link Xoshiro128}).
 *
 * Not estimable (null with a reason starting "not estimable"): fewer than `minUnits` units
 * (pairable units with `plan.pairable`; default 10; no resampling is done); a statistic undefined in every resample, or in more
 * than half of them; an interval of zero width (95% or more of the resamples gave one value, as
 * under perfect agreement on few units) — a zero-width interval would claim a certainty the
 * bootstrap cannot show. Undefined in fewer than half → interval over the rest, with the count
 * in `defined`. No units or zero resamples → every interval null with the reason.
 *
 * @returns one interval per name, in the order of `names`.
 * @example
 *   // 95% interval of the share of units in pattern 0, 30 of 40 units in it:
 *   percentileBootstrap({ frequency: Float64Array.of(30, 10), resamples: 1000, seed: 1 },
 *     ['share'], (f, out) => { out[0] = f[0] / 40; })[0].ci95 // ≈ [0.6, 0.875]
 */
export function percentileBootstrap(
  plan: BootstrapPlan,
  names: readonly string[],
  evaluate: ResampleEvaluator,
): BootstrapInterval[] {
  const frequency = new Float64Array(plan.frequency.length);
  const out = new Float64Array(names.length);
  return percentileBootstrapBlocks(plan, names, ({ counts, patterns, first, count }, values) => {
    for (let b = 0; b < count; b++) {
      for (let p = 0; p < patterns; p++) frequency[p] = counts[b * patterns + p];
      out.fill(Number.NaN);
      evaluate(frequency, out);
      for (let s = 0; s < names.length; s++) values[s][first + b] = out[s];
    }
  });
}

/**
 * {@link percentileBootstrap} with the statistics computed a block of resamples at a time
 * (see {@link BlockEvaluator}): the same resamples, in the same order, so the same intervals.
 */
export function percentileBootstrapBlocks(
  plan: BootstrapPlan,
  names: readonly string[],
  evaluate: BlockEvaluator,
): BootstrapInterval[] {
  const { frequency, pairable, resamples } = plan;
  let total = 0;
  let n = 0;
  for (let p = 0; p < frequency.length; p++) {
    total += frequency[p];
    if (!pairable || pairable[p]) n += frequency[p];
  }
  if (total === 0) return names.map(() => ({ ci95: null, defined: 0, reason: 'no units to resample' }));
  if (resamples <= 0) return names.map(() => ({ ci95: null, defined: 0, reason: 'the bootstrap was not requested' }));
  const few = n < (plan.minUnits ?? MIN_INTERVAL_UNITS) ? tooFewUnits(n) ?? `not estimable: ${n} units` : null;
  if (few) return names.map(() => ({ ci95: null, defined: 0, reason: few }));

  const patterns = frequency.length;
  // The pairable stratum from stream 0 of the seed (all units when there are no strata, as before
  // strata existed), the units rated once from stream 1; a pattern outside a stratum has weight 0
  // there, which draws nothing and uses no uniform.
  const inStratum = (wanted: number): Float64Array => frequency.map((f, p) => ((pairable ? pairable[p] : 1) === wanted ? f : 0));
  const multinomial = new MultinomialDraws(new Xoshiro128(plan.seed), n, pairable ? inStratum(1) : frequency);
  const singles = pairable && total > n ? new MultinomialDraws(new Xoshiro128(plan.seed, 1), total - n, inStratum(0)) : null;
  const draws = names.map(() => new Float64Array(resamples).fill(Number.NaN));
  const blockSize = Math.max(1, Math.min(resamples, Math.floor(BLOCK_CELLS / Math.max(1, patterns))));
  const counts = new Int32Array(blockSize * patterns);
  const singleCounts = singles ? new Int32Array(blockSize * patterns) : null;
  for (let first = 0; first < resamples; first += blockSize) {
    const count = Math.min(blockSize, resamples - first);
    multinomial.draw(counts, count);
    if (singles && singleCounts) {
      singles.draw(singleCounts, count);
      for (let i = 0; i < count * patterns; i++) counts[i] += singleCounts[i];
    }
    evaluate({ counts, patterns, first, count }, draws);
  }
  return intervalsOf(plan, draws);
}

/** Each statistic's interval from its resample values (NaN where undefined). */
function intervalsOf(plan: BootstrapPlan, draws: readonly Float64Array[]): BootstrapInterval[] {
  const { resamples } = plan;
  const scratch = new Float64Array(resamples);
  return draws.map((values, s) => {
    let count = 0;
    for (let b = 0; b < resamples; b++) if (Number.isFinite(values[b])) scratch[count++] = values[b];
    const finite = scratch.subarray(0, count).sort();
    if (finite.length === 0) return { ci95: null, defined: 0, reason: 'not estimable: the statistic was undefined in every resample' };
    if (finite.length < MIN_DEFINED_SHARE * resamples) {
      return { ci95: null, defined: finite.length, reason: `not estimable: the statistic was defined in only ${finite.length} of ${resamples} resamples` };
    }
    const checked = checkedInterval([quantileSorted(finite, 0.025), quantileSorted(finite, 0.975)], plan.ranges?.[s] ?? [-Infinity, Infinity]);
    if (checked.ci95 === null) {
      const reason = /zero width/.test(checked.reason ?? '')
        ? 'not estimable: 95% or more of the resamples gave the same value (e.g. perfect agreement on few units), so the bootstrap shows no spread'
        : (checked.reason as string);
      return { ci95: null, defined: finite.length, reason };
    }
    const ci95: Interval = checked.ci95;
    const threshold = plan.thresholds?.[s];
    if (threshold !== undefined) {
      let below = 0;
      for (const v of finite) if (v < threshold) below++;
      const belowThreshold = below / finite.length;
      if (finite.length < resamples) {
        return { ci95, defined: finite.length, belowThreshold, reason: `undefined in ${resamples - finite.length} of ${resamples} resamples, which are left out` };
      }
      return { ci95, defined: finite.length, belowThreshold };
    }
    if (finite.length < resamples) {
      return { ci95, defined: finite.length, reason: `undefined in ${resamples - finite.length} of ${resamples} resamples, which are left out` };
    }
    return { ci95, defined: finite.length };
  });
}
