import { type AgreementOptions, type BootstrapReport } from './agreementTypes';
import { type BootstrapInterval, DEFAULT_RESAMPLES, DEFAULT_SEED, percentileBootstrap } from './bootstrap';
import { groupRows } from './categoryCounts';
import { coincidenceFromCounts } from './coincidenceMatrix';
import { cohenKappa } from './cohenKappa';
import { fleissKappa } from './fleissKappa';
import { gwetAC2Value } from './gwetAC';
import { KAPPA_RANGE, PROPORTION_RANGE, type StatRange } from './intervals';
import { krippendorffAlpha } from './krippendorffAlpha';
import { freeMarginalKappa } from './pabak';
import { multiRaterAgreement } from './percentAgreement';
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

/** Resamples and seed of a report's bootstrap. */
export interface BootstrapSettings {
  readonly resamples: number;
  readonly seed: number;
}

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
  return { resamples, seed };
}

/**
 * The report's bootstrap block: percentile intervals (see `percentileBootstrap`) for every
 * statistic that applies — the multi-rater ones always, the pairwise ones with two raters.
 */
export function bootstrapReport(
  patterns: RatingPatterns,
  levelValues: readonly number[],
  weighting: Weighting,
  { resamples, seed }: BootstrapSettings,
  twoRaters: boolean,
): BootstrapReport {
  const base = { method: 'percentile' as const, resamples, seed, units: patterns.ratedUnits };
  if (resamples === 0) return { ...base, reason: 'the bootstrap was not requested' };

  const names: string[] = ['percentAgreement', 'pabak', 'fleissKappa', 'alpha.nominal', 'gwetAC1'];
  if (weighting.ordered) names.push('alpha.ordinal', 'alpha.interval');
  if (weighting.ac2) names.push('gwetAC2');
  if (twoRaters) {
    names.push('cohenKappa', 'scottPi');
    if (weighting.ordered) names.push('weighted.linear', 'weighted.quadratic');
  }
  const slot = new Map(names.map((name, i) => [name, i]));
  const ranges = names.map((name): StatRange => (name === 'percentAgreement' ? PROPORTION_RANGE : name === 'fleissKappa' ? FLEISS_RANGE : KAPPA_RANGE));
  const identity = weightMatrix('identity', levelValues);

  // Two raters: resample rating patterns (the pair table needs who said what). More raters:
  // only multi-rater statistics are bootstrapped, and they need only each unit's category
  // counts, so resample the far fewer distinct count vectors.
  const grouped = twoRaters ? patterns.counts : groupRows(patterns.counts);
  const intervals = percentileBootstrap({ frequency: grouped.weights, resamples, seed, ranges }, names, (frequency, out) => {
    const counts = { ...grouped, weights: frequency };
    const put = (name: string, value: number | null): void => {
      out[slot.get(name) as number] = value ?? Number.NaN;
    };
    put('percentAgreement', multiRaterAgreement(counts).value);
    put('pabak', freeMarginalKappa(counts).value);
    put('fleissKappa', fleissKappa(counts).value);
    put('gwetAC1', gwetAC2Value(counts, identity));
    const coincidence = coincidenceFromCounts(counts);
    put('alpha.nominal', krippendorffAlpha(coincidence, 'nominal', levelValues).value);
    if (weighting.ordered) {
      put('alpha.ordinal', krippendorffAlpha(coincidence, 'ordinal', levelValues).value);
      put('alpha.interval', krippendorffAlpha(coincidence, 'interval', levelValues).value);
    }
    if (weighting.ac2) put('gwetAC2', gwetAC2Value(counts, weighting.ac2));
    if (twoRaters) {
      const pair = pairTableFromPatterns(patterns, frequency, 0, 1);
      put('cohenKappa', cohenKappa(pair).value);
      put('scottPi', scottPi(pair).value);
      if (weighting.linear && weighting.quadratic) {
        put('weighted.linear', weightedKappa(pair, weighting.linear).value);
        put('weighted.quadratic', weightedKappa(pair, weighting.quadratic).value);
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
    krippendorffAlpha: {
      nominal: get('alpha.nominal') as BootstrapInterval,
      ordinal: get('alpha.ordinal') ?? skipped,
      interval: get('alpha.interval') ?? skipped,
    },
    gwetAC1: get('gwetAC1'),
    gwetAC2: get('gwetAC2') ?? skipped,
    pabak: get('pabak'),
  };
}
