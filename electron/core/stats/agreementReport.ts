import {
  type AgreementOptions,
  type AgreementReport,
  type BootstrapReport,
  type LandisKoch,
  type PairAgreement,
  type QuestionType,
} from './agreementTypes';
import { bandInterval } from './bandJudgement';
import { coincidenceFromCounts } from './coincidenceMatrix';
import { congerKappa } from './congerKappa';
import { iccOfPatterns, undefinedIcc } from './icc';
import { completePatterns, kendallWOfPatterns } from './kendallW';
import { fleissKappa } from './fleissKappa';
import { DEFAULT_GWET_VARIANCE } from './conventions';
import { type GwetEstimate, gwetAC1, gwetAC2 } from './gwetAC';
import { MIN_INTERVAL_UNITS, smallSampleUnits } from './intervals';
import { PARADOX_RULE } from './kappaParadox';
import { undefinedKappa } from './kappaEstimate';
import { type AlphaMetric, krippendorffAlpha } from './krippendorffAlpha';
import { weightMatrix } from './weights';
import { freeMarginalKappa } from './pabak';
import { landisKochOf, pairAgreement } from './pairAgreement';
import { multiRaterAgreement } from './percentAgreement';
import { NOMINAL_REASON, resolveWeights } from './questionWeights';
import { raterMatrix } from './raterMatrix';
import { type RatingPatterns, ratingPatterns } from './ratingPatterns';
import { type RatingTable } from './ratingTable';
import { bootstrapReport, bootstrapSettings } from './reportBootstrap';
import { type ReportCore, reportWarnings } from './reportWarnings';
import { type Stat, undefinedStat } from './stat';

export type {
  AgreementOptions,
  AgreementReport,
  AgreementWarning,
  BootstrapReport,
  FleissKappaReport,
  LandisKoch,
  PairAgreement,
  QuestionType,
  ReportConventions,
  WeightedKappas,
} from './agreementTypes';

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
  const settings = bootstrapSettings(options);
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
  const gwetVariance = options.gwetVariance ?? DEFAULT_GWET_VARIANCE;
  const gwetOptions = { variance: gwetVariance, raters: table.raters.length };
  const ac1 = gwetAC1(counts, gwetOptions);
  const ac2Kind = options.ac2Weights ?? 'quadratic';
  const ac2: GwetEstimate = weighting.ac2
    ? gwetAC2(counts, weighting.ac2, gwetOptions)
    : { value: null, se: null, ci95: null, conventions: { se: ac1.conventions.se, ci95: 'wald-fisher-z' }, reason: NOMINAL_REASON };
  const observed = multiRaterAgreement(counts);
  const freePabak = freeMarginalKappa(counts);
  const conger = congerKappa(patterns, weightMatrix('identity', values));
  const complete = completePatterns(patterns);
  const notOrdered = 'needs ordered levels with numeric values; the question is nominal';
  const icc = weighting.ordered ? iccOfPatterns(patterns, values) : undefinedIcc(`the intraclass correlation ${notOrdered}`, table.raters.length);
  const kendallW = weighting.ordered
    ? kendallWOfPatterns(patterns, complete)
    : { value: null, chiSquare: null, df: 0, p: null, units: 0, raters: table.raters.length, reason: `Kendall's W ${notOrdered}` };

  const report: ReportCore = {
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
    fleissKappa: {
      ...fleiss,
      conventions: { se0: 'fnl1979-h0', ci95: 'bootstrap-percentile' },
      perCategory: fleiss.perCategory.map((entry, c) => ({ category: levelNames[c], ...entry })),
    },
    congerKappa: conger,
    krippendorffAlpha: { nominal: alpha('nominal'), ordinal: alpha('ordinal'), interval: alpha('interval'), ratio: alpha('ratio') },
    icc,
    kendallW,
    gwetAC1: ac1,
    gwetAC2: { ...ac2, weights: ac2Kind },
    pabak: freePabak,
    prevalenceIndex: single?.prevalenceIndex ?? undefinedStat(notPairwise),
    biasIndex: single?.biasIndex ?? undefinedStat(notPairwise),
    pairs,
    raterMatrix: raterMatrix(table, weighting.ordered && options.type !== 'binary' ? (weighting.quadratic ?? undefined) : undefined),
    conventions: {
      gwetVariance,
      weights: weighting.custom ? 'linear, quadratic and custom agreement weights on the levels’ numeric values' : 'linear and quadratic agreement weights on the levels’ numeric values',
      normalInterval: 'wald-fisher-z',
      bootstrapInterval: 'bootstrap-percentile',
      minIntervalUnits: MIN_INTERVAL_UNITS,
      // A score question (interval level) is not held to κ's 2k², whichever statistic heads it.
      smallSampleUnits: smallSampleUnits(table.levels.length, options.type === 'interval'),
      paradoxRule: PARADOX_RULE,
    },
  };

  const bootstrap = bootstrapReport(patterns, values, weighting, settings, twoRaters, complete);
  const landisKoch = headline(report, twoRaters, bootstrap);
  return { ...report, bootstrap, landisKoch, warnings: reportWarnings(table, report, landisKoch, bootstrap, patterns, tooFew) };
}

/**
 * The statistic whose band heads the report: with two raters the pair's κ (weighted κ, quadratic,
 * for ordered levels; Cohen's κ otherwise); with three or more, Krippendorff's α at the question's
 * level of measurement for ordinal and interval questions (Fleiss' κ ignores the order of the
 * levels: "Good" against "Very Good" would count as total disagreement), Fleiss' κ for binary and
 * nominal ones. Judged on its bootstrap interval where there is one, else its normal one (α and
 * Fleiss' κ have only the bootstrap's), over the pairable units.
 */
function headline(report: ReportCore, twoRaters: boolean, bootstrap: BootstrapReport): LandisKoch {
  if (!twoRaters) {
    const metric = headlineAlphaMetric(report.type, report.raters.length);
    if (metric !== null) {
      const resampled = bootstrap.krippendorffAlpha?.[metric];
      const ciReason = resampled?.reason ?? bootstrap.reason ?? 'not bootstrapped';
      const estimate = { ...report.krippendorffAlpha[metric], ciReason };
      return landisKochOf(`krippendorffAlpha.${metric}`, estimate, bandInterval(resampled?.ci95, null), report.pairableUnits);
    }
    const ciReason = bootstrap.fleissKappa?.reason ?? bootstrap.reason ?? 'not bootstrapped';
    return landisKochOf('fleissKappa', { ...report.fleissKappa, ciReason }, bandInterval(bootstrap.fleissKappa?.ci95, null), report.pairableUnits);
  }
  const pair = report.pairs[0].landisKoch;
  const estimate = pair.statistic === 'cohenKappa' ? report.cohenKappa : report.weightedKappa.quadratic;
  const resampled = pair.statistic === 'cohenKappa' ? bootstrap.cohenKappa : bootstrap.weightedKappa?.quadratic;
  return landisKochOf(pair.statistic, estimate, bandInterval(resampled?.ci95, estimate.ci95), report.pairableUnits);
}

/**
 * The α metric that heads a question with three or more raters: ordinal for an ordinal question,
 * interval for an interval (score) one; null where a κ heads it (two raters, binary, nominal).
 * @example headlineAlphaMetric('ordinal', 3) // 'ordinal'
 */
export function headlineAlphaMetric(type: QuestionType, raters: number): 'ordinal' | 'interval' | null {
  return raters >= 3 && (type === 'ordinal' || type === 'interval') ? type : null;
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
