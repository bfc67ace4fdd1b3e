import { type LandisKoch, type PairAgreement, type QuestionType, type WeightedKappas } from './agreementTypes';
import { cohenKappa } from './cohenKappa';
import { confusionMatrix } from './confusionMatrix';
import { type ContingencyTable } from './contingencyTable';
import { undefinedKappa } from './kappaEstimate';
import { landisKochJudgement } from './bandJudgement';
import { landisKochBand } from './landisKoch';
import { biasIndex, pabak, prevalenceIndex } from './pabak';
import { percentAgreement } from './percentAgreement';
import { pairTableFromPatterns, type RatingPatterns } from './ratingPatterns';
import { type RatingTable } from './ratingTable';
import { NOMINAL_REASON, type Weighting } from './questionWeights';
import { scottPi } from './scottPi';
import { type Interval } from './stat';
import { weightedKappa } from './weightedKappa';

/**
 * Every pairwise statistic of raters `a` and `b` over the units both rated, with the
 * Landis–Koch band of the κ that heads the pair (weighted κ, quadratic, for ordinal and
 * interval questions; Cohen's κ otherwise) and the confusion matrix.
 */
export function pairAgreement(
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
    landisKoch: landisKochOf(weighting.ordered && type !== 'binary' ? 'weightedKappa.quadratic' : 'cohenKappa', headlineKappa, headlineKappa.ci95, units),
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

/**
 * The Landis–Koch band of a κ estimate judged on its 95% interval `ci95` over `n` units
 * (`landisKochJudgement`), or null with the estimate's reason.
 */
export function landisKochOf(
  statistic: LandisKoch['statistic'],
  estimate: { value: number | null; reason?: string; ciReason?: string },
  ci95: Interval | null,
  n: number,
): LandisKoch {
  if (estimate.value === null) return { statistic, value: null, band: null, ci95: null, n, judgement: landisKochJudgement(null, null, n), reason: estimate.reason ?? 'undefined' };
  const judgement = landisKochJudgement(estimate.value, ci95, n, estimate.ciReason);
  const ciReason = ci95 === null ? (estimate.ciReason ?? (judgement?.kind === 'insufficient' ? judgement.reason : undefined)) : undefined;
  return { statistic, value: estimate.value, band: landisKochBand(estimate.value), ci95, n, judgement, ...(ciReason ? { ciReason } : {}) };
}
