import type { TaskItemRecord } from '../../../db/queries/tasks';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { Question } from '../../core/schemas/model';
import { type GwetVariance, RatingsInputError } from '../../core/stats';
import { ratingsForAgreement, type AgreementRating } from '../annotation/agreementRatings';
import { InvalidInputError } from '../errors';
import type { AnalysisInput } from './analysisInput';
import { labelledCategories } from './categories';
import { analyseMultilabel } from './multilabel';
import { agreementKindOf, levelsOf } from './questionKind';
import { judgeCompared, type ResolvedSelection, type SelectionArgs } from './selection';
import { analyseSingleLabel, type QuestionAnalysis } from './singleLabel';
import { compareNames } from '../../common/personName';

/** How one question is computed. */
export interface QuestionOptions extends SelectionArgs {
  bootstrap: number;
  seed: number;
  gwetVariance?: GwetVariance;
  alphaThreshold?: number;
  maxDisagreements: number;
}

/**
 * Agreement on one question of a task over a selection of its items: the compared raters'
 * ratings (submitted human labels; judge runs' labels when asked), the category universe from
 * the schema, then the single-label or multilabel analysis.
 *
 * @throws InvalidInputError for a text question, or when the statistics refuse the input
 *   (their message says why).
 */
export function analyseQuestion(db: AnyDb, taskId: number, question: Question, selection: ResolvedSelection, options: QuestionOptions, judgesSeen?: Set<string>): QuestionAnalysis {
  const kind = agreementKindOf(question);
  if (kind === null) throw new InvalidInputError(`${question.id} is a text question; agreement needs categories`);
  const source = ratingsForAgreement(db, taskId, question.id, {
    raterKinds: options.includeJudges ? ['human', 'judge'] : ['human'],
    itemIds: selection.itemIds,
    raters: options.raters,
    labels: options.labels,
  });
  // Every judge run that answered is offered (judgesSeen); only those asked for are compared.
  for (const r of source.ratings) if (r.raterKind === 'judge') judgesSeen?.add(r.rater);
  const compared = (r: AgreementRating) => r.raterKind !== 'judge' || judgeCompared(options, r.rater);
  source.ratings = source.ratings.filter(compared);
  source.perTag = source.perTag.map((t) => ({ ...t, ratings: t.ratings.filter(compared) }));
  const raters = raterOrder(source.ratings);
  const rank = new Map(raters.map((rater, i) => [rater, i]));
  const order = (a: AgreementRating, b: AgreementRating) =>
    (rank.get(a.rater) as number) - (rank.get(b.rater) as number) || a.itemId - b.itemId || (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0);
  const items = new Map<number, TaskItemRecord>(selection.items.map((item) => [item.item_id, item]));
  const input: AnalysisInput = {
    question,
    ratings: [...source.ratings].sort(order),
    perTag: source.perTag.map((t) => ({ ...t, ratings: [...t.ratings].sort(order) })),
    raters,
    items,
    bootstrap: options.bootstrap,
    seed: options.seed,
    gwetVariance: options.gwetVariance,
    alphaThreshold: options.alphaThreshold,
    maxDisagreements: options.maxDisagreements,
  };
  const categories = labelledCategories(question, levelsOf(source.categories, kind));
  try {
    return kind === 'multilabel' ? analyseMultilabel(input, categories) : analyseSingleLabel(input, kind, categories);
  } catch (error) {
    if (error instanceof RatingsInputError) throw new InvalidInputError(`${question.id}: ${error.message}`);
    throw error;
  }
}

/** Humans by name, then judges by name: the order of every table and matrix. */
function raterOrder(ratings: readonly AgreementRating[]): string[] {
  const kinds = new Map<string, AgreementRating['raterKind']>();
  for (const r of ratings) kinds.set(r.rater, r.raterKind);
  return [...kinds].sort(([a, ka], [b, kb]) => (ka === kb ? compareNames(a, b) : ka === 'human' ? -1 : 1)).map(([name]) => name);
}
