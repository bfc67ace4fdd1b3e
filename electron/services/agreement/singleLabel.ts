import type { AgreementCategory, CategoryAgreement, QuestionAgreement, QuestionAgreementRow } from '../../api/contract';
import type { Question } from '../../core/schemas/model';
import { agreementReport, buildRatingTable, landisKochJudgement, manyRaterSummary, MANY_RATERS, type QuestionType } from '../../core/stats';
import type { AgreementRating } from '../annotation/agreementRatings';
import { disagreeingUnits } from './disagreements';
import { raterDistribution, raterTierShares } from './distribution';
import { headlineOf } from './headline';
import { statisticLines } from './statisticLines';
import type { AnalysisInput } from './analysisInput';

/** Why a category's κ has no band: Fleiss, Nee & Landis (1979) give its standard error only under H0. */
const PER_CATEGORY_NO_INTERVAL = 'κ of a category against the rest has a standard error only under H0, so no interval to judge its band by';

/** The parts of a question's agreement that come from its ratings. */
export type QuestionAnalysis = Omit<QuestionAgreement, 'task' | 'selection' | 'methods' | 'description'>;

/**
 * Agreement on a binary, nominal, ordinal or score question: the full statistics report over
 * the schema's category universe, its headline κ, per-category κ (Fleiss' "category versus
 * the rest"), each rater's use of the levels, tier shares where the scale has tiers, and the
 * disagreeing units.
 */
export function analyseSingleLabel(input: AnalysisInput, kind: QuestionType, categories: AgreementCategory[]): QuestionAnalysis {
  const { question, ratings, raters } = input;
  const table = buildRatingTable(
    ratings.map((r) => ({ unit: r.unit, rater: r.rater, value: r.value })),
    { levels: categories.map((c) => ({ name: c.name, value: c.value })) },
  );
  const report = agreementReport(table, { type: kind, bootstrap: input.bootstrap, seed: input.seed, gwetVariance: input.gwetVariance, alphaThreshold: input.alphaThreshold });
  const names = categories.map((c) => c.name);
  const distribution = raterDistribution(ratings, raters, names, false);
  const totals = names.map((_, c) => distribution.reduce((sum, d) => sum + d.counts[c], 0));
  const all = totals.reduce((a, b) => a + b, 0);
  const perCategory: CategoryAgreement[] = report.fleissKappa.perCategory.map((entry, c) => ({
    category: entry.category,
    label: categories[c].label,
    value: entry.value,
    ci95: null,
    judgement: landisKochJudgement(entry.value, null, report.pairableUnits, PER_CATEGORY_NO_INTERVAL),
    prevalence: all > 0 ? totals[c] / all : null,
    ...(entry.value === null ? { reason: entry.reason ?? 'undefined' } : {}),
  }));
  const disagreements = disagreeingUnits(ratings, raters, input.items, kind === 'nominal' ? { kind: 'nominal' } : { kind: 'ordered', levels: names }, input.maxDisagreements);
  const alphaMetric = kind === 'ordinal' ? 'ordinal' : kind === 'interval' ? 'interval' : 'nominal';
  const row: QuestionAgreementRow = {
    ...rowBase(question, kind, ratings, raters),
    percentAgreement: report.percentAgreement.value,
    headline: headlineOf(report),
    alpha: { metric: alphaMetric, value: report.krippendorffAlpha[alphaMetric].value },
    gwetAC1: report.gwetAC1.value,
    pabak: report.pabak.value,
    prevalenceIndex: report.prevalenceIndex.value,
    biasIndex: report.biasIndex.value,
    disagreements: disagreements.total,
    warnings: report.warnings,
  };
  return {
    row,
    categories,
    statistics: statisticLines(report),
    report,
    tags: null,
    multilabel: null,
    perCategory,
    raterMatrix: report.raterMatrix,
    ...(table.raters.length > MANY_RATERS ? { manyRaters: manyRaterSummary(table, report.pairs, alphaMetric) } : {}),
    distribution,
    tiers:
      question.type === 'ordinal' && question.tiers.length > 0
        ? { tiers: question.tiers.map((t) => ({ ...t })), raters: raterTierShares(question, ratings, raters) }
        : null,
    disagreements: disagreements.units,
    disagreementsTotal: disagreements.total,
  };
}

/** The fields of a row every kind of question fills the same way. */
export function rowBase(question: Question, kind: QuestionAgreementRow['kind'], ratings: readonly AgreementRating[], raters: readonly string[]) {
  const answers = new Map<string, number>();
  for (const r of ratings) if (r.value !== null) answers.set(r.unit, (answers.get(r.unit) ?? 0) + 1);
  let pairable = 0;
  for (const count of answers.values()) if (count >= 2) pairable++;
  return {
    question: question.id,
    title: question.title,
    questionType: question.type,
    kind,
    scope: question.scope,
    units: answers.size,
    pairableUnits: pairable,
    raters: [...raters],
  };
}
