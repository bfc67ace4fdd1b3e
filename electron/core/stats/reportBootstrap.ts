import { type AgreementOptions, type BootstrapReport } from './agreementTypes';
import { type BlockEvaluator, type BootstrapInterval, type BootstrapPlan, DEFAULT_RESAMPLES, DEFAULT_SEED, percentileBootstrapBlocks } from './bootstrap';
import { type CategoryCounts } from './categoryCounts';
import { countSumsOfResamples } from './countSums';
import { cohenKappa } from './cohenKappa';
import { congerKappaOfResamples } from './congerKappa';
import { fleissKappaOfResamples } from './fleissKappa';
import { gwetAC1OfCountSums, gwetAC2OfResamples } from './gwetAC';
import { KAPPA_RANGE, PROPORTION_RANGE, type StatRange } from './intervals';
import { type CompletePatterns, kendallWFromPatterns } from './kendallW';
import { krippendorffAlphaOfResamples } from './krippendorffAlpha';
import { freeMarginalFromObserved } from './pabak';
import { NOMINAL_REASON, type Weighting } from './questionWeights';
import { pairTableFromPatterns, type RatingPatterns } from './ratingPatterns';
import { RatingsInputError } from './ratingsInputError';
import { scottPi } from './scottPi';
import { weightedKappa } from './weightedKappa';
import { weightMatrix } from './weights';

/**
 * Fleiss' κ with missing ratings: units rated once enter the chance term but not the agreement,
 * so κ = −P̄ₑ/(1 − P̄ₑ) can fall below −1; its range is (−∞, 1].
 */
const FLEISS_RANGE: StatRange = [-Infinity, 1];

/** Resamples, seed and α threshold of a report's bootstrap. */
export interface BootstrapSettings {
  readonly resamples: number;
  readonly seed: number;
  readonly alphaThreshold: number;
}

/** Krippendorff's (2004, 2011) "customary" minimum α for drawing conclusions. */
export const DEFAULT_ALPHA_THRESHOLD = 0.8;

/**
 * Reads the bootstrap options with their defaults (1,000 resamples, seed 1).
 *
 * @throws RatingsInputError for a negative or fractional number of resamples or seed.
 */
export function bootstrapSettings(options: AgreementOptions): BootstrapSettings {
  const resamples = options.bootstrap ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(resamples) || resamples < 0) throw new RatingsInputError(`bootstrap: resamples must be a whole number ≥ 0, got ${resamples}`);
  if (!Number.isInteger(seed)) throw new RatingsInputError(`bootstrap: the seed must be an integer, got ${seed}`);
  const alphaThreshold = options.alphaThreshold ?? DEFAULT_ALPHA_THRESHOLD;
  if (!(alphaThreshold >= -1 && alphaThreshold <= 1)) throw new RatingsInputError(`the α threshold must be within [−1, 1], got ${alphaThreshold}`);
  return { resamples, seed, alphaThreshold };
}

/**
 * The report's bootstrap block: percentile intervals (see `percentileBootstrap`) for every
 * statistic that applies — the multi-rater ones always, the pairwise ones with two raters — and
 * P(α < threshold) for Krippendorff's α (Hayes & Krippendorff 2007; here over resamples of units).
 */
export function bootstrapReport(
  patterns: RatingPatterns,
  levelValues: readonly number[],
  weighting: Weighting,
  settings: BootstrapSettings,
  twoRaters: boolean,
  complete: CompletePatterns,
): BootstrapReport {
  const { resamples, seed, alphaThreshold } = settings;
  const pairable = pairablePatterns(patterns);
  let pairableUnits = 0;
  for (let p = 0; p < patterns.count; p++) if (pairable[p]) pairableUnits += patterns.frequency[p];
  const base = { method: 'percentile' as const, resamples, seed, units: pairableUnits, alphaThreshold };
  if (resamples === 0) return { ...base, reason: 'the bootstrap was not requested' };

  const { plan, names, evaluate } = reportResampling(patterns, levelValues, weighting, settings, twoRaters, complete);
  const intervals = percentileBootstrapBlocks(plan, names, evaluate);
  const get = (name: string): BootstrapInterval | undefined => {
    const i = names.indexOf(name);
    return i < 0 ? undefined : intervals[i];
  };
  const skipped: BootstrapInterval = { ci95: null, defined: 0, reason: NOMINAL_REASON };
  const pairwiseOnly: BootstrapInterval = { ci95: null, defined: 0, reason: 'pairwise statistic: not bootstrapped with more than two raters' };
  return {
    ...base,
    percentAgreement: get('percentAgreement'),
    cohenKappa: get('cohenKappa') ?? pairwiseOnly,
    weightedKappa: {
      linear: get('weighted.linear') ?? (twoRaters ? skipped : pairwiseOnly),
      quadratic: get('weighted.quadratic') ?? (twoRaters ? skipped : pairwiseOnly),
    },
    scottPi: get('scottPi') ?? pairwiseOnly,
    fleissKappa: get('fleissKappa'),
    congerKappa: get('congerKappa'),
    krippendorffAlpha: {
      nominal: get('alpha.nominal') as BootstrapInterval,
      ordinal: get('alpha.ordinal') ?? skipped,
      interval: get('alpha.interval') ?? skipped,
      ratio: get('alpha.ratio') ?? skipped,
    },
    kendallW: get('kendallW') ?? skipped,
    gwetAC1: get('gwetAC1'),
    gwetAC2: get('gwetAC2') ?? skipped,
    pabak: get('pabak'),
  };
}

/**
 * What the report's bootstrap resamples, which statistics it computes on each resample and how:
 * a block evaluator that takes every statistic in turn over all the block's resamples (one loop
 * each over flat arrays, no objects per resample: a CLI run is over before V8 optimises much,
 * and interpreted code is fast only when it calls and allocates little). Each statistic is the
 * same number, bit for bit, as when it was computed one resample at a time
 * (bootstrapPins.test.ts holds it to that).
 */
export function reportResampling(
  patterns: RatingPatterns,
  levelValues: readonly number[],
  weighting: Weighting,
  { resamples, seed, alphaThreshold }: BootstrapSettings,
  twoRaters: boolean,
  complete: CompletePatterns,
): { plan: BootstrapPlan; names: string[]; evaluate: BlockEvaluator } {
  const names: string[] = ['percentAgreement', 'pabak', 'fleissKappa', 'alpha.nominal', 'gwetAC1', 'congerKappa'];
  if (weighting.ordered) names.push('alpha.ordinal', 'alpha.interval', 'alpha.ratio', 'kendallW');
  if (weighting.ac2) names.push('gwetAC2');
  if (twoRaters) {
    names.push('cohenKappa', 'scottPi');
    if (weighting.ordered) names.push('weighted.linear', 'weighted.quadratic');
  }
  const ranges = names.map((name): StatRange =>
    name === 'percentAgreement' || name === 'kendallW' ? PROPORTION_RANGE : name === 'fleissKappa' ? FLEISS_RANGE : KAPPA_RANGE,
  );
  const thresholds = names.map((name) => (name.startsWith('alpha.') ? alphaThreshold : undefined));
  // Resampled in two strata: the units rated by two or more raters (n, which the 10-unit rule
  // counts) and the units rated once (see percentileBootstrap).
  const plan: BootstrapPlan = { frequency: patterns.frequency, pairable: pairablePatterns(patterns), resamples, seed, ranges, thresholds };
  const identity = weightMatrix('identity', levelValues);

  // Resample rating patterns (who said what); the multi-rater statistics need only each unit's
  // category counts, so with more raters their pattern frequencies are summed onto the far fewer
  // distinct count vectors before they are computed.
  const grouped = twoRaters ? null : groupPatterns(patterns);
  const rowCounts = grouped ? grouped.counts : patterns.counts;
  const countSums = countSumsOfResamples(rowCounts);
  const conger = congerKappaOfResamples(patterns, identity);
  const ac2 = weighting.ac2 ? gwetAC2OfResamples(rowCounts, weighting.ac2) : null;
  const { q } = rowCounts;
  const place = (name: string): number => names.indexOf(name);
  const at = {
    percentAgreement: place('percentAgreement'),
    pabak: place('pabak'),
    fleissKappa: place('fleissKappa'),
    gwetAC1: place('gwetAC1'),
    gwetAC2: place('gwetAC2'),
    congerKappa: place('congerKappa'),
    kendallW: place('kendallW'),
    cohenKappa: place('cohenKappa'),
    scottPi: place('scottPi'),
    weighted_linear: place('weighted.linear'),
    weighted_quadratic: place('weighted.quadratic'),
  };
  const alphas = (['nominal', 'ordinal', 'interval', 'ratio'] as const)
    .map((metric) => ({ metric, at: place(`alpha.${metric}`) }))
    .filter(({ at }) => at >= 0);
  let groupWeights = new Int32Array(0);
  const frequency = new Float64Array(patterns.count);
  const completeFrequency = new Float64Array(complete.source.length);

  const evaluate: BlockEvaluator = ({ counts, patterns: patternCount, first, count }, values) => {
    // Rows of category counts drawn: each resample's pattern frequencies summed per group.
    let rowWeights = counts;
    if (grouped) {
      const groups = grouped.counts.rows;
      if (groupWeights.length < count * groups) groupWeights = new Int32Array(count * groups);
      groupWeights.fill(0, 0, count * groups);
      const { group } = grouped;
      for (let b = 0; b < count; b++) {
        for (let p = 0; p < patternCount; p++) groupWeights[b * groups + group[p]] += counts[b * patternCount + p];
      }
      rowWeights = groupWeights;
    }
    const sums = countSums(rowWeights, count);
    const observedAt = values[at.percentAgreement];
    const pabakAt = values[at.pabak];
    for (let b = 0; b < count; b++) {
      const observed = sums.pairable[b] > 0 ? sums.agreement[b] / sums.pairable[b] : Number.NaN;
      observedAt[first + b] = observed;
      pabakAt[first + b] = !Number.isNaN(observed) && q >= 2 ? freeMarginalFromObserved(observed, q) : Number.NaN;
    }
    fleissKappaOfResamples(sums, count, values[at.fleissKappa], first);
    for (const { metric, at: slot } of alphas) krippendorffAlphaOfResamples(sums.coincidence, count, metric, levelValues, values[slot], first);
    gwetAC1OfCountSums(sums, count, values[at.gwetAC1], first);
    if (ac2) ac2(rowWeights, count, values[at.gwetAC2], first);
    conger(counts, count, values[at.congerKappa], first);
    if (!weighting.ordered && !twoRaters) return;

    // Kendall's W and the pairwise statistics, one resample at a time.
    for (let b = 0; b < count; b++) {
      for (let p = 0; p < patternCount; p++) frequency[p] = counts[b * patternCount + p];
      const put = (slot: number, value: number | null): void => {
        values[slot][first + b] = value ?? Number.NaN;
      };
      if (weighting.ordered) {
        for (let i = 0; i < complete.source.length; i++) completeFrequency[i] = frequency[complete.source[i]];
        put(at.kendallW, kendallWFromPatterns(complete.ratings, patterns.raterCount, patterns.levelCount, completeFrequency).value);
      }
      if (twoRaters) {
        const pair = pairTableFromPatterns(patterns, frequency, 0, 1);
        put(at.cohenKappa, cohenKappa(pair).value);
        put(at.scottPi, scottPi(pair).value);
        if (weighting.linear && weighting.quadratic) {
          put(at.weighted_linear, weightedKappa(pair, weighting.linear).value);
          put(at.weighted_quadratic, weightedKappa(pair, weighting.quadratic).value);
        }
      }
    }
  };
  return { plan, names, evaluate };
}

/** Per pattern, 1 where two or more raters rated its units (they carry agreement), else 0. */
export function pairablePatterns(patterns: RatingPatterns): Uint8Array {
  const { raterCount, ratings } = patterns;
  const out = new Uint8Array(patterns.count);
  for (let p = 0; p < patterns.count; p++) {
    let rated = 0;
    for (let j = 0; j < raterCount; j++) if (ratings[p * raterCount + j] >= 0) rated++;
    out[p] = rated >= 2 ? 1 : 0;
  }
  return out;
}

/** Patterns mapped onto their distinct category-count vectors. */
function groupPatterns(patterns: RatingPatterns): { counts: CategoryCounts; group: Int32Array } {
  const { q } = patterns.counts;
  const index = new Map<string, number>();
  const rows: number[] = [];
  const group = new Int32Array(patterns.count);
  for (let p = 0; p < patterns.count; p++) {
    const key = patterns.counts.counts.subarray(p * q, p * q + q).join(',');
    let g = index.get(key);
    if (g === undefined) {
      g = index.size;
      index.set(key, g);
      for (let c = 0; c < q; c++) rows.push(patterns.counts.counts[p * q + c]);
    }
    group[p] = g;
  }
  return { counts: { q, rows: index.size, counts: Float64Array.from(rows), weights: new Float64Array(index.size) }, group };
}
