import { upperChiSquare } from './chiSquare';
import { type RatingPatterns } from './ratingPatterns';
import { finiteOr, type Stat, undefinedStat } from './stat';

/** Kendall's W with its χ² test of W = 0. */
export interface KendallW {
  readonly value: number | null;
  /** Friedman's χ² = m (n − 1) W on n − 1 degrees of freedom, and its upper-tail p. */
  readonly chiSquare: number | null;
  readonly df: number;
  readonly p: number | null;
  /** Units used (rated by every rater) and raters. */
  readonly units: number;
  readonly raters: number;
  readonly reason?: string;
}

/**
 * W from level-coded rating patterns: `ratings[p * m + j]` is rater j's level (0…q − 1) on the
 * units of pattern p, `frequency[p]` how many units share it. Only complete patterns may be
 * passed. Used by {@link kendallW} and by the bootstrap, where a resample is a new frequency
 * vector: each rater's midrank of a level depends only on how many units the rater put below
 * and in it, so a resample costs O(patterns × raters), with no sorting.
 */
export function kendallWFromPatterns(ratings: Int32Array, raters: number, levels: number, frequency: ArrayLike<number>): Stat {
  const m = raters;
  const count = frequency.length;
  let n = 0;
  for (let p = 0; p < count; p++) n += frequency[p];
  if (m < 2) return undefinedStat(`Kendall's W needs at least two raters; found ${m}`);
  if (n < 2) return undefinedStat('Kendall\'s W needs at least two units rated by every rater');
  const midrank = new Float64Array(m * levels);
  let ties = 0;
  // Units per rater and level, pattern by pattern (row-major: one pass over the ratings).
  const perLevel = new Float64Array(m * levels);
  for (let p = 0; p < count; p++) {
    const f = frequency[p];
    if (f === 0) continue;
    const row = p * m;
    for (let j = 0; j < m; j++) perLevel[j * levels + ratings[row + j]] += f;
  }
  for (let j = 0; j < m; j++) {
    let below = 0;
    for (let l = 0; l < levels; l++) {
      const t = perLevel[j * levels + l];
      midrank[j * levels + l] = below + (t + 1) / 2;
      ties += t * t * t - t;
      below += t;
    }
  }
  const centre = (m * (n + 1)) / 2;
  let s = 0;
  for (let p = 0; p < count; p++) {
    if (frequency[p] === 0) continue;
    let r = 0;
    for (let j = 0; j < m; j++) r += midrank[j * levels + ratings[p * m + j]];
    s += frequency[p] * (r - centre) ** 2;
  }
  const denominator = m * m * (n * n * n - n) - m * ties;
  if (!(denominator > 0)) return undefinedStat('every rater gave every unit the same rank (all ties): W is 0/0');
  return finiteOr((12 * s) / denominator, 'W is not a finite number');
}

/** The patterns every rater rated: their level codes, and which pattern each came from. */
export interface CompletePatterns {
  readonly ratings: Int32Array;
  /** Index into the source patterns, per complete pattern. */
  readonly source: Int32Array;
}

/** Picks the patterns in which every rater gave a rating (the units W and the ICCs use). */
export function completePatterns(patterns: RatingPatterns): CompletePatterns {
  const m = patterns.raterCount;
  const keep: number[] = [];
  for (let p = 0; p < patterns.count; p++) {
    let all = true;
    for (let j = 0; j < m && all; j++) if (patterns.ratings[p * m + j] < 0) all = false;
    if (all) keep.push(p);
  }
  const ratings = new Int32Array(keep.length * m);
  keep.forEach((p, i) => ratings.set(patterns.ratings.subarray(p * m, p * m + m), i * m));
  return { ratings, source: Int32Array.from(keep) };
}

/** {@link kendallW} on rating patterns (units rated by every rater, weighted by frequency). */
export function kendallWOfPatterns(patterns: RatingPatterns, complete: CompletePatterns = completePatterns(patterns)): KendallW {
  const m = patterns.raterCount;
  const frequency = Float64Array.from(complete.source, (p) => patterns.frequency[p]);
  let n = 0;
  for (const f of frequency) n += f;
  const w = kendallWFromPatterns(complete.ratings, m, patterns.levelCount, frequency);
  const df = Math.max(0, n - 1);
  if (w.value === null) return { value: null, chiSquare: null, df, p: null, units: n, raters: m, reason: w.reason };
  const chiSquare = m * (n - 1) * w.value;
  return { value: w.value, chiSquare, df, p: upperChiSquare(chiSquare, df), units: n, raters: m };
}

/**
 * Kendall's coefficient of concordance W of m raters over n units (Kendall & Babington Smith
 * 1939, "The problem of m rankings", Annals of Mathematical Statistics 10(3)), with midranks for
 * ties and the tie correction:
 *
 *   Rᵢ = Σⱼ rᵢⱼ (rater j's midrank of unit i),  S = Σᵢ (Rᵢ − m(n + 1)/2)²,
 *   W = 12 S / (m² (n³ − n) − m Σⱼ Tⱼ),  Tⱼ = Σ over rater j's tie groups of (t³ − t)
 *
 * W = χ²_F / (m (n − 1)) for Friedman's tie-corrected statistic with the raters as blocks (so
 * R's friedman.test gives it), tested on n − 1 degrees of freedom. Ratings are level indices of
 * an ordered scale (only their order matters); units not rated by every rater are left out.
 *
 * Degenerate input: fewer than two raters or units → null; all ties → null.
 *
 * @example kendallW(tenProjectsFourJudges).value // 0.7939… (12 × 1048 / (16 × 990))
 */
export function kendallW(rows: readonly (readonly (number | null)[])[], levels: number): KendallW {
  const m = rows[0]?.length ?? 0;
  const complete = rows.filter((row) => row.length === m && row.every((x) => x !== null));
  const n = complete.length;
  const ratings = new Int32Array(n * m);
  complete.forEach((row, i) => row.forEach((x, j) => (ratings[i * m + j] = x as number)));
  const w = kendallWFromPatterns(ratings, m, levels, new Float64Array(n).fill(1));
  const df = Math.max(0, n - 1);
  if (w.value === null) return { value: null, chiSquare: null, df, p: null, units: n, raters: m, reason: w.reason };
  const chiSquare = m * (n - 1) * w.value;
  return { value: w.value, chiSquare, df, p: upperChiSquare(chiSquare, df), units: n, raters: m };
}
