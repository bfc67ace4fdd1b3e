/**
 * Agreement statistics (DESIGN.md §5): pure functions over a {@link RatingTable}. Services and
 * the CLI normally need only `parseRatingsCsv` → `buildRatingTable` → `agreementReport`; the
 * single statistics are exported for the dashboard's drill-downs and for judges' calibration.
 */
export {
  agreementReport,
  type AgreementOptions,
  type AgreementReport,
  type AgreementWarning,
  type BootstrapReport,
  type FleissKappaReport,
  type LandisKoch,
  type PairAgreement,
  type QuestionType,
  type ReportConventions,
  type WeightedKappas,
} from './agreementReport';
export { type BootstrapInterval, DEFAULT_RESAMPLES, DEFAULT_SEED, percentileBootstrap } from './bootstrap';
export { type CategoryCounts, categoryCounts, countsFromRows } from './categoryCounts';
export { coincidenceFromCounts, coincidenceFromTable } from './coincidenceMatrix';
export { upperChiSquare } from './chiSquare';
export { cohenKappa } from './cohenKappa';
export { fiveNumbers, MANY_RATERS, manyRaterSummary, type FiveNumbers, type ManyRaterSummary, type RaterAgainstRest } from './manyRaters';
export { type CongerKappa, congerKappa } from './congerKappa';
export { betaQuantile, fCdf, fQuantile, fUpper } from './fDistribution';
export { clopperPearson, unitsForLowerBound, wilson } from './binomialIntervals';
export { benjaminiYekutieli } from './multipleTesting';
export { oneSampleTLess, type OneSampleT, tCdf } from './tDistribution';
export { ICC_LABEL, ICC_TYPES, icc, type IccEstimate, iccOfPatterns, iccRange, type IccReport, type IccType } from './icc';
export { type KendallW, kendallW, kendallWOfPatterns } from './kendallW';
export { type ConfusionMatrix, confusionMatrix } from './confusionMatrix';
export { type ContingencyTable, contingencyTable, margins, tableFromRows } from './contingencyTable';
export { type CategoryKappa, type FleissKappa, fleissKappa } from './fleissKappa';
export { type GwetEstimate, gwetAC1, gwetAC2, type GwetOptions } from './gwetAC';
export { type KappaEstimate } from './kappaEstimate';
export {
  EXTREME_BIAS_INDEX,
  EXTREME_PREVALENCE_INDEX,
  HIGH_AGREEMENT,
  KAPPA_GAP,
  kappaParadoxWarning,
  PARADOX_RULE,
  type ParadoxTrigger,
} from './kappaParadox';
export {
  checkedInterval,
  fisherZInterval,
  INTERVAL_METHOD_LABEL,
  type IntervalMethod,
  KAPPA_RANGE,
  MIN_INTERVAL_UNITS,
  PROPORTION_RANGE,
  smallSampleUnits,
  type StatRange,
} from './intervals';
export { DEFAULT_GWET_VARIANCE, GWET_VARIANCE_LABEL, type GwetVariance, type SeConvention, SE_CONVENTIONS } from './conventions';
export { ALPHA_METRICS, type AlphaMetric, krippendorffAlpha } from './krippendorffAlpha';
export { bandInterval, type BandJudgement, landisKochJudgement } from './bandJudgement';
export { type LandisKochBand, landisKochBand } from './landisKoch';
export { type Level, type LevelSpec, levelsFromObserved, parseLevelsSpec, toLevels } from './levels';
export {
  buildMultilabelTable,
  multilabelAgreement,
  type MultilabelAgreement,
  type MultilabelTable,
  parseTagList,
  type TagAgreement,
  type TagRow,
} from './multilabel';
export { erfc, normalInterval95, twoSidedP, upperP, Z95 } from './normal';
export { biasIndex, freeMarginalKappa, pabak, prevalenceIndex } from './pabak';
export { multiRaterAgreement, percentAgreement } from './percentAgreement';
export { Xoshiro128 } from './prng';
export { type RaterMatrix, raterMatrix, type RaterPairCell } from './raterMatrix';
export { ratingPatterns, type RatingPatterns } from './ratingPatterns';
export { DEFAULT_ALPHA_THRESHOLD } from './reportBootstrap';
export { buildRatingTable, type BuildRatingTableOptions, MISSING, type RatingRow, type RatingTable, ratingTableFromMatrix } from './ratingTable';
export { parseRatingsCsv } from './ratingsCsv';
export { RatingsInputError } from './ratingsInputError';
export { scottPi } from './scottPi';
export { type Interval, type Stat } from './stat';
export { weightedKappa } from './weightedKappa';
export { customWeights, type WeightMatrix, weightMatrix, type WeightScheme } from './weights';
