import { type AgreementOptions, type BootstrapReport } from './agreementTypes';
import { type BootstrapInterval, DEFAULT_RESAMPLES, DEFAULT_SEED, percentileBootstrap } from './bootstrap';
import { type CategoryCounts } from './categoryCounts';
import { countSumsResampler } from './countSums';
import { cohenKappa } from './cohenKappa';
import { congerKappaResampler } from './congerKappa';
import { fleissKappaFromSums } from './fleissKappa';
import { gwetAC2Resampler } from './gwetAC';
import { KAPPA_RANGE, PROPORTION_RANGE, type StatRange } from './intervals';
import { type CompletePatterns, kendallWFromPatterns } from './kendallW';
import { krippendorffAlpha } from './krippendorffAlpha';
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
  { resamples, seed, alphaThreshold }: BootstrapSettings,
  twoRaters: boolean,
  complete: CompletePatterns,
): BootstrapReport {
  const base = { method: 'percentile' as const, resamples, seed, units: patterns.ratedUnits, alphaThreshold };
  if (resamples === 0) return { ...base, reason: 'the bootstrap was not requested' };

  const names: string[] = ['percentAgreement', 'pabak', 'fleissKappa', 'alpha.nominal', 'gwetAC1', 'congerKappa'];
  if (weighting.ordered) names.push('alpha.ordinal', 'alpha.interval', 'alpha.ratio', 'kendallW');
  if (weighting.ac2) names.push('gwetAC2');
  if (twoRaters) {
    names.push('cohenKappa', 'scottPi');
    if (weighting.ordered) names.push('weighted.linear', 'weighted.quadratic');
  }
  const slot = new Map(names.map((name, i) => [name, i]));
  const ranges = names.map((name): StatRange =>
    name === 'percentAgreement' || name === 'kendallW' ? PROPORTION_RANGE : name === 'fleissKappa' ? FLEISS_RANGE : KAPPA_RANGE,
  );
  const thresholds = names.map((name) => (name.startsWith('alpha.') ? alphaThreshold : undefined));
  const identity = weightMatrix('identity', levelValues);

  // Resample rating patterns (who said what); the multi-rater statistics need only each unit's
  // category counts, so with more raters their pattern frequencies are summed onto the far fewer
  // distinct count vectors before they are computed.
  const grouped = twoRaters ? null : groupPatterns(patterns);
  const groupFrequency = grouped ? new Float64Array(grouped.counts.rows) : null;
  const completeFrequency = new Float64Array(complete.source.length);
  const conger = congerKappaResampler(patterns, identity);
  const rowCounts = grouped ? grouped.counts : patterns.counts;
  const ac1 = gwetAC2Resampler(rowCounts, identity);
  const ac2 = weighting.ac2 ? gwetAC2Resampler(rowCounts, weighting.ac2) : null;
  const countSums = countSumsResampler(rowCounts);
  const { q } = rowCounts;
  // Each statistic's place in a resample's output, looked up once rather than per resample.
  const place = (name: string): number => slot.get(name) ?? -1;
  const at = {
    alpha_interval: place('alpha.interval'),
    alpha_nominal: place('alpha.nominal'),
    alpha_ordinal: place('alpha.ordinal'),
    alpha_ratio: place('alpha.ratio'),
    cohenKappa: place('cohenKappa'),
    congerKappa: place('congerKappa'),
    fleissKappa: place('fleissKappa'),
    gwetAC1: place('gwetAC1'),
    gwetAC2: place('gwetAC2'),
    kendallW: place('kendallW'),
    pabak: place('pabak'),
    percentAgreement: place('percentAgreement'),
    scottPi: place('scottPi'),
    weighted_linear: place('weighted.linear'),
    weighted_quadratic: place('weighted.quadratic'),
  };
  const intervals = percentileBootstrap({ frequency: patterns.frequency, resamples, seed, ranges, thresholds }, names, (frequency, out) => {
    let rowWeights: Float64Array = frequency;
    if (grouped && groupFrequency) {
      groupFrequency.fill(0);
      for (let p = 0; p < frequency.length; p++) groupFrequency[grouped.group[p]] += frequency[p];
      rowWeights = groupFrequency;
    }
    const put = (at: number, value: number | null): void => {
      out[at] = value ?? Number.NaN;
    };
    const sums = countSums(rowWeights);
    const observed = sums.pairable > 0 ? sums.agreement / sums.pairable : null;
    put(at.percentAgreement, observed);
    put(at.pabak, observed !== null && q >= 2 ? freeMarginalFromObserved(observed, q) : null);
    put(at.fleissKappa, fleissKappaFromSums(q, sums));
    put(at.gwetAC1, ac1(rowWeights));
    put(at.congerKappa, conger(frequency));
    const coincidence = sums.coincidence;
    put(at.alpha_nominal, krippendorffAlpha(coincidence, 'nominal', levelValues).value);
    if (weighting.ordered) {
      put(at.alpha_ordinal, krippendorffAlpha(coincidence, 'ordinal', levelValues).value);
      put(at.alpha_interval, krippendorffAlpha(coincidence, 'interval', levelValues).value);
      put(at.alpha_ratio, krippendorffAlpha(coincidence, 'ratio', levelValues).value);
      for (let i = 0; i < complete.source.length; i++) completeFrequency[i] = frequency[complete.source[i]];
      put(at.kendallW, kendallWFromPatterns(complete.ratings, patterns.raterCount, patterns.levelCount, completeFrequency).value);
    }
    if (ac2) put(at.gwetAC2, ac2(rowWeights));
    if (twoRaters) {
      const pair = pairTableFromPatterns(patterns, frequency, 0, 1);
      put(at.cohenKappa, cohenKappa(pair).value);
      put(at.scottPi, scottPi(pair).value);
      if (weighting.linear && weighting.quadratic) {
        put(at.weighted_linear, weightedKappa(pair, weighting.linear).value);
        put(at.weighted_quadratic, weightedKappa(pair, weighting.quadratic).value);
      }
    }
  });
  const get = (name: string): BootstrapInterval | undefined => {
    const i = slot.get(name);
    return i === undefined ? undefined : intervals[i];
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
