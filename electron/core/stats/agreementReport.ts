import { type BootstrapInterval, DEFAULT_RESAMPLES, DEFAULT_SEED, percentileBootstrap } from './bootstrap';
import { coincidenceFromCounts } from './coincidenceMatrix';
import { cohenKappa } from './cohenKappa';
import { type ConfusionMatrix, confusionMatrix } from './confusionMatrix';
import { type ContingencyTable } from './contingencyTable';
import { type CategoryKappa, fleissKappa } from './fleissKappa';
import { groupRows } from './categoryCounts';
import { type GwetEstimate, gwetAC1, gwetAC2, gwetAC2Value } from './gwetAC';
import { type KappaEstimate, undefinedKappa } from './kappaEstimate';
import { kappaParadoxWarning } from './kappaParadox';
import { type AlphaMetric, krippendorffAlpha } from './krippendorffAlpha';
import { type LandisKochBand, landisKochBand } from './landisKoch';
import { type Level } from './levels';
import { biasIndex, freeMarginalKappa, pabak, prevalenceIndex } from './pabak';
import { multiRaterAgreement, percentAgreement } from './percentAgreement';
import { type RaterMatrix, raterMatrix } from './raterMatrix';
import { pairTableFromPatterns, type RatingPatterns, ratingPatterns } from './ratingPatterns';
import { type RatingTable } from './ratingTable';
import { RatingsInputError } from './ratingsInputError';
import { scottPi } from './scottPi';
import { type Stat, undefinedStat } from './stat';
import { weightedKappa } from './weightedKappa';
import { customWeights, type WeightMatrix, weightMatrix } from './weights';

/** How a question's levels relate: this decides which weighted statistics apply. */
export type QuestionType = 'binary' | 'nominal' | 'ordinal' | 'interval';

/** Options of {@link agreementReport}. */
export interface AgreementOptions {
  readonly type: QuestionType;
  /** Bootstrap resamples over units; default 1,000; 0 skips the bootstrap. */
  readonly bootstrap?: number;
  /** Seed of the bootstrap; default 1. */
  readonly seed?: number;
  /** A custom k × k agreement-weight matrix (1 on the diagonal), reported as `weightedKappa.custom`. */
  readonly customWeights?: readonly (readonly number[])[];
  /** Weights of Gwet's AC2; default quadratic. 'custom' needs `customWeights`. */
  readonly ac2Weights?: 'linear' | 'quadratic' | 'custom';
}

/** Weighted κ under each weighting. */
export interface WeightedKappas {
  readonly linear: KappaEstimate;
  readonly quadratic: KappaEstimate;
  readonly custom?: KappaEstimate;
}

/** All pairwise statistics of one pair of raters, over the units both rated. */
export interface PairAgreement {
  readonly raters: [string, string];
  readonly units: number;
  readonly percentAgreement: Stat;
  readonly cohenKappa: KappaEstimate;
  readonly weightedKappa: WeightedKappas;
  readonly scottPi: Stat;
  readonly pabak: Stat;
  readonly prevalenceIndex: Stat;
  readonly biasIndex: Stat;
  readonly landisKoch: LandisKoch;
  readonly confusionMatrix: ConfusionMatrix;
}

/** The Landis–Koch band of the headline κ and which κ that is. */
export interface LandisKoch {
  readonly statistic: 'cohenKappa' | 'weightedKappa.quadratic' | 'fleissKappa';
  readonly value: number | null;
  readonly band: LandisKochBand | null;
  readonly reason?: string;
}

/** Fleiss' κ with the level named on each per-category entry. */
export interface FleissKappaReport extends CategoryKappa {
  readonly perCategory: (CategoryKappa & { readonly category: string })[];
}

/** The bootstrap block: method, settings and one percentile interval per statistic. */
export interface BootstrapReport {
  readonly method: 'percentile';
  readonly resamples: number;
  readonly seed: number;
  /** Units resampled (every unit with at least one rating). */
  readonly units: number;
  readonly percentAgreement?: BootstrapInterval;
  readonly cohenKappa?: BootstrapInterval;
  readonly weightedKappa?: { readonly linear: BootstrapInterval; readonly quadratic: BootstrapInterval };
  readonly scottPi?: BootstrapInterval;
  readonly fleissKappa?: BootstrapInterval;
  readonly krippendorffAlpha?: Record<AlphaMetric, BootstrapInterval>;
  readonly gwetAC1?: BootstrapInterval;
  readonly gwetAC2?: BootstrapInterval;
  readonly pabak?: BootstrapInterval;
  readonly reason?: string;
}

/** A caveat about the figures, with a stable code for the UI. */
export interface AgreementWarning {
  readonly code: 'kappa-paradox' | 'levels-inferred' | 'single-rated-units' | 'bootstrap-partial' | 'too-few-raters';
  readonly message: string;
}

/**
 * Everything `accord agreement --json` prints for one question. Pairwise statistics (Cohen's
 * κ, weighted κ, Scott's π, prevalence and bias indices) are for two raters: with two raters
 * the top-level keys hold them; with more they are null (see `pairs`). Multi-rater statistics
 * (percent agreement, Fleiss' κ, Krippendorff's α, Gwet's AC1/AC2, PABAK) are overall.
 */
export interface AgreementReport {
  readonly type: QuestionType;
  /** Units in the input. */
  readonly units: number;
  /** Units with at least two ratings (the ones agreement is measured on). */
  readonly pairableUnits: number;
  readonly raters: string[];
  readonly categories: Level[];
  /** Observed agreement as a proportion: share of agreeing rater pairs per unit (Fleiss' P̄). */
  readonly percentAgreement: Stat;
  readonly cohenKappa: KappaEstimate;
  readonly weightedKappa: WeightedKappas;
  readonly scottPi: Stat;
  readonly fleissKappa: FleissKappaReport;
  readonly krippendorffAlpha: Record<AlphaMetric, Stat>;
  readonly gwetAC1: GwetEstimate;
  readonly gwetAC2: GwetEstimate & { readonly weights: 'linear' | 'quadratic' | 'custom' };
  /** PABAK; with more than two raters, Randolph's free-marginal κ (its multi-rater form). */
  readonly pabak: Stat;
  readonly prevalenceIndex: Stat;
  readonly biasIndex: Stat;
  readonly bootstrap: BootstrapReport;
  readonly landisKoch: LandisKoch;
  readonly warnings: AgreementWarning[];
  /** Every pair of raters, each over the units both rated. */
  readonly pairs: PairAgreement[];
  /** The annotator × annotator matrix (κ weighted quadratically for ordinal and interval questions). */
  readonly raterMatrix: RaterMatrix;
}

interface Weighting {
  readonly linear: WeightMatrix | null;
  readonly quadratic: WeightMatrix | null;
  readonly custom: WeightMatrix | null;
  readonly ac2: WeightMatrix | null;
  readonly ordered: boolean;
}

const NOMINAL_REASON = 'weighted statistics need ordered levels; the question is nominal';

/**
 * Computes the full agreement report of one question from its rating table. Pure: the same
 * table and options always give the same report (the bootstrap is seeded).
 *
 * Conventions: the category universe is `table.levels` (never only the observed values);
 * weights use the levels' numeric values; every undefined statistic is null with a reason.
 *
 * @throws RatingsInputError when the options contradict the levels (binary with other than two
 *   levels, ordinal or interval levels whose values do not increase, a bad custom matrix).
 * @example agreementReport(buildRatingTable(parseRatingsCsv(text), { levels }), { type: 'ordinal' })
 */
export function agreementReport(table: RatingTable, options: AgreementOptions): AgreementReport {
  const weighting = resolveWeights(table, options);
  const levelNames = table.levels.map((level) => level.name);
  const patterns = ratingPatterns(table);
  const counts = patterns.counts;
  const twoRaters = table.raters.length === 2;

  const pairs: PairAgreement[] = [];
  for (let a = 0; a < table.raters.length; a++) {
    for (let b = a + 1; b < table.raters.length; b++) {
      pairs.push(pairAgreement(table, patterns, a, b, weighting, options.type, levelNames));
    }
  }

  const tooFew = table.raters.length < 2 ? `agreement needs at least two raters; found ${table.raters.length}` : null;
  const notPairwise = tooFew ?? `a pairwise statistic, and this question has ${table.raters.length} raters: see pairs`;
  const single = twoRaters ? pairs[0] : null;

  const fleiss = fleissKappa(counts);
  const coincidence = coincidenceFromCounts(counts);
  const values = table.levels.map((level) => level.value);
  const alpha = (metric: AlphaMetric): Stat =>
    metric !== 'nominal' && !weighting.ordered ? undefinedStat(NOMINAL_REASON) : krippendorffAlpha(coincidence, metric, values);
  const ac1 = gwetAC1(counts);
  const ac2Kind = options.ac2Weights ?? 'quadratic';
  const ac2: GwetEstimate = weighting.ac2 ? gwetAC2(counts, weighting.ac2) : { value: null, se: null, ci95: null, reason: NOMINAL_REASON };
  const observed = multiRaterAgreement(counts);
  const freePabak = freeMarginalKappa(counts);

  const report: Omit<AgreementReport, 'bootstrap' | 'landisKoch' | 'warnings'> = {
    type: options.type,
    units: table.units.length,
    pairableUnits: countPairable(patterns),
    raters: [...table.raters],
    categories: table.levels.map((level) => ({ ...level })),
    percentAgreement: observed,
    cohenKappa: single?.cohenKappa ?? undefinedKappa(notPairwise),
    weightedKappa: single?.weightedKappa ?? {
      linear: undefinedKappa(notPairwise),
      quadratic: undefinedKappa(notPairwise),
      ...(weighting.custom ? { custom: undefinedKappa(notPairwise) } : {}),
    },
    scottPi: single?.scottPi ?? undefinedStat(notPairwise),
    fleissKappa: { ...fleiss, perCategory: fleiss.perCategory.map((entry, c) => ({ category: levelNames[c], ...entry })) },
    krippendorffAlpha: { nominal: alpha('nominal'), ordinal: alpha('ordinal'), interval: alpha('interval') },
    gwetAC1: ac1,
    gwetAC2: { ...ac2, weights: ac2Kind },
    pabak: freePabak,
    prevalenceIndex: single?.prevalenceIndex ?? undefinedStat(notPairwise),
    biasIndex: single?.biasIndex ?? undefinedStat(notPairwise),
    pairs,
    raterMatrix: raterMatrix(table, weighting.ordered && options.type !== 'binary' ? (weighting.quadratic ?? undefined) : undefined),
  };

  const landisKoch = headline(report, twoRaters);
  const bootstrap = bootstrapReport(patterns, values, weighting, options, twoRaters);
  return { ...report, bootstrap, landisKoch, warnings: warnings(table, report, landisKoch, bootstrap, patterns, tooFew) };
}

function resolveWeights(table: RatingTable, options: AgreementOptions): Weighting {
  const k = table.levels.length;
  const values = table.levels.map((level) => level.value);
  if (options.type === 'binary' && k !== 2) {
    throw new RatingsInputError(`type binary needs exactly two levels; got ${k} (${table.levels.map((l) => l.name).join(', ')})`);
  }
  const ordered = options.type !== 'nominal';
  if (ordered) {
    for (let i = 1; i < k; i++) {
      if (!(values[i] > values[i - 1])) {
        throw new RatingsInputError(
          `levels: for a ${options.type} question the numeric values must increase in level order; "${table.levels[i].name}" (${values[i]}) follows "${table.levels[i - 1].name}" (${values[i - 1]})`,
        );
      }
    }
  }
  const custom = options.customWeights ? customWeights(options.customWeights, k) : null;
  const linear = ordered ? weightMatrix('linear', values) : null;
  const quadratic = ordered ? weightMatrix('quadratic', values) : null;
  const ac2Kind = options.ac2Weights ?? 'quadratic';
  if (ac2Kind === 'custom' && !custom) throw new RatingsInputError('ac2Weights "custom" needs a customWeights matrix');
  const ac2 = ac2Kind === 'custom' ? custom : ac2Kind === 'linear' ? linear : quadratic;
  return { linear, quadratic, custom, ac2, ordered };
}

function pairAgreement(
  table: RatingTable,
  patterns: RatingPatterns,
  a: number,
  b: number,
  weighting: Weighting,
  type: QuestionType,
  levelNames: string[],
): PairAgreement {
  const pair = pairTableFromPatterns(patterns, patterns.frequency, a, b);
  let units = 0;
  for (const count of pair.counts) units += count;
  const kappa = cohenKappa(pair);
  const weighted = weightedKappas(pair, weighting);
  const headlineKappa = weighting.ordered && type !== 'binary' ? weighted.quadratic : kappa;
  return {
    raters: [table.raters[a], table.raters[b]],
    units,
    percentAgreement: percentAgreement(pair),
    cohenKappa: kappa,
    weightedKappa: weighted,
    scottPi: scottPi(pair),
    pabak: pabak(pair),
    prevalenceIndex: prevalenceIndex(pair),
    biasIndex: biasIndex(pair),
    landisKoch: band(weighting.ordered && type !== 'binary' ? 'weightedKappa.quadratic' : 'cohenKappa', headlineKappa),
    confusionMatrix: confusionMatrix(pair, table.raters[a], table.raters[b], levelNames),
  };
}

function weightedKappas(pair: ContingencyTable, weighting: Weighting): WeightedKappas {
  return {
    linear: weighting.linear ? weightedKappa(pair, weighting.linear) : undefinedKappa(NOMINAL_REASON),
    quadratic: weighting.quadratic ? weightedKappa(pair, weighting.quadratic) : undefinedKappa(NOMINAL_REASON),
    ...(weighting.custom ? { custom: weightedKappa(pair, weighting.custom) } : {}),
  };
}

function band(statistic: LandisKoch['statistic'], estimate: { value: number | null; reason?: string }): LandisKoch {
  if (estimate.value === null) return { statistic, value: null, band: null, reason: estimate.reason ?? 'undefined' };
  return { statistic, value: estimate.value, band: landisKochBand(estimate.value) };
}

function headline(report: Omit<AgreementReport, 'bootstrap' | 'landisKoch' | 'warnings'>, twoRaters: boolean): LandisKoch {
  if (!twoRaters) return band('fleissKappa', report.fleissKappa);
  return report.pairs[0].landisKoch;
}

function countPairable(patterns: RatingPatterns): number {
  let pairable = 0;
  for (let p = 0; p < patterns.count; p++) {
    let rated = 0;
    for (let j = 0; j < patterns.raterCount; j++) if (patterns.ratings[p * patterns.raterCount + j] >= 0) rated++;
    if (rated >= 2) pairable += patterns.frequency[p];
  }
  return pairable;
}

function bootstrapReport(
  patterns: RatingPatterns,
  levelValues: readonly number[],
  weighting: Weighting,
  options: AgreementOptions,
  twoRaters: boolean,
): BootstrapReport {
  const resamples = options.bootstrap ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(resamples) || resamples < 0) throw new RatingsInputError(`bootstrap: resamples must be a whole number ≥ 0, got ${resamples}`);
  if (!Number.isInteger(seed)) throw new RatingsInputError(`bootstrap: the seed must be an integer, got ${seed}`);
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
  const identity = weightMatrix('identity', levelValues);

  // Two raters: resample rating patterns (the pair table needs who said what). More raters:
  // only multi-rater statistics are bootstrapped, and they need only each unit's category
  // counts, so resample the far fewer distinct count vectors.
  const grouped = twoRaters ? patterns.counts : groupRows(patterns.counts);
  const intervals = percentileBootstrap({ frequency: grouped.weights, resamples, seed }, names, (frequency, out) => {
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

function warnings(
  table: RatingTable,
  report: Omit<AgreementReport, 'bootstrap' | 'landisKoch' | 'warnings'>,
  landisKoch: LandisKoch,
  bootstrap: BootstrapReport,
  patterns: RatingPatterns,
  tooFew: string | null,
): AgreementWarning[] {
  const out: AgreementWarning[] = [];
  if (tooFew) out.push({ code: 'too-few-raters', message: `${tooFew[0].toUpperCase()}${tooFew.slice(1)}.` });
  if (table.levelsInferred) {
    out.push({
      code: 'levels-inferred',
      message: 'The levels were inferred from the observed values; a level nobody used is missing, which changes every chance-corrected statistic. Pass the levels (--levels or the schema).',
    });
  }
  const rated = patterns.ratedUnits;
  const singles = rated - report.pairableUnits;
  if (singles > 0 && table.raters.length >= 2) {
    out.push({
      code: 'single-rated-units',
      message: `${singles} of ${table.units.length} units have a single rating; they cannot show agreement and are left out of percent agreement, κ and α (Gwet's AC and Fleiss' κ use them for category shares only).`,
    });
  }
  const shares = pooledShares(patterns);
  const paradox = kappaParadoxWarning(table.levels.map((level) => level.name), shares, {
    kappa: landisKoch.value,
    kappaName: landisKoch.statistic === 'fleissKappa' ? "Fleiss' κ" : landisKoch.statistic === 'cohenKappa' ? "Cohen's κ" : 'weighted κ',
    percentAgreement: report.percentAgreement.value,
    pabak: report.pabak.value,
    gwetAC1: report.gwetAC1.value,
  });
  if (paradox) out.push({ code: paradox.code, message: paradox.message });
  const partial = [bootstrap.cohenKappa, bootstrap.fleissKappa, bootstrap.krippendorffAlpha?.nominal, bootstrap.gwetAC1]
    .filter((interval): interval is BootstrapInterval => interval !== undefined && interval.ci95 !== null && interval.defined < bootstrap.resamples);
  if (partial.length > 0) {
    out.push({
      code: 'bootstrap-partial',
      message: `Some statistics were undefined in part of the ${bootstrap.resamples} bootstrap resamples (e.g. a resample with one category); their intervals rest on the rest.`,
    });
  }
  return out;
}

/** Each level's share of all ratings, pooled over raters. */
function pooledShares(patterns: RatingPatterns): number[] {
  const totals = new Array<number>(patterns.levelCount).fill(0);
  let all = 0;
  for (let p = 0; p < patterns.count; p++) {
    for (let c = 0; c < patterns.levelCount; c++) {
      const x = patterns.counts.counts[p * patterns.levelCount + c] * patterns.frequency[p];
      totals[c] += x;
      all += x;
    }
  }
  return totals.map((total) => (all > 0 ? total / all : 0));
}
