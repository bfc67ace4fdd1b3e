import { goldOfTask } from '../../../db/queries/gold';
import { labelQueries } from '../../../db/queries/labels';
import { taskItems } from '../../../db/queries/tasks';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { CalibrationRating } from '../../core/judges/calibration/calibrationReport';
import type { CalibrationCategory } from '../../core/judges/calibration/pairFigure';
import { categoryOf } from '../../core/schemas/categories';
import type { Question } from '../../core/schemas/model';
import type { QuestionType } from '../../core/stats';
import { ratingsForAgreement } from '../annotation/agreementRatings';
import { parseValue } from '../annotation/taskContext';

/** One question, or one tag of a multilabel question, as calibration analyses it. */
export interface QuestionData {
  question: string;
  tag: string | null;
  type: QuestionType;
  categories: CalibrationCategory[];
  ratings: (CalibrationRating & { itemId: number })[];
  gold: { unit: string; value: string | null; rationale: string | null }[];
}

/** How a schema question's answers are compared: score values are ordered numbers, like ordinal levels. */
export function statsTypeOf(question: Question): QuestionType {
  if (question.type === 'binary') return 'binary';
  if (question.type === 'ordinal' || question.type === 'score') return 'ordinal';
  return 'nominal';
}

/**
 * The ratings of one question of a task — submitted human labels and the given judge raters'
 * labels, from the annotation service's agreement export (the same units and category
 * universe the dashboard uses) — with each label's rationale and the gold answers. A
 * multilabel question becomes one present/absent question per tag.
 */
export function questionData(db: AnyDb, taskId: number, question: Question, judgeRaters: readonly string[]): QuestionData[] {
  const judges = new Set(judgeRaters);
  const source = ratingsForAgreement(db, taskId, question.id);
  const keep = <T extends { raterKind: 'human' | 'judge'; rater: string }>(r: T) => r.raterKind === 'human' || judges.has(r.rater);

  // Rationales by item and rater; the rating's unit ends with `|<unit key>`.
  const labels = labelQueries(db).ofTask(taskId, question.id);
  const rationale = (itemId: number, rater: string, unitName: string) =>
    labels.find((l) => l.item_id === itemId && l.rater === rater && unitName.endsWith(`|${l.unit}`))?.rationale ?? null;

  const itemName = taskItemNames(db, taskId);
  const gold = goldOfTask(db, taskId)
    .filter((g) => g.question === question.id)
    .map((g) => ({ unit: `${itemName.get(g.item_id)}|${g.unit}`, value: categoryOf({ value: parseValue(g.value), na: g.na === 1 }), rationale: g.rationale }));

  const withRationale = (ratings: typeof source.ratings) =>
    ratings.filter(keep).map((r) => ({ unit: r.unit, rater: r.rater, raterKind: r.raterKind, value: r.value, itemId: r.itemId, rationale: rationale(r.itemId, r.rater, r.unit) }));

  if (question.type !== 'multilabel') {
    return [{ question: question.id, tag: null, type: statsTypeOf(question), categories: source.categories, ratings: withRationale(source.ratings), gold }];
  }
  return source.perTag.map((perTag) => ({
    question: question.id,
    tag: perTag.tag,
    type: 'binary' as const,
    // Present first: it is the "positive" answer of the tag.
    categories: [...perTag.categories].reverse(),
    ratings: withRationale(perTag.ratings),
    gold: gold.map((g) => ({ ...g, value: g.value === null ? null : g.value.split(';').includes(perTag.tag) ? 'present' : 'absent' })),
  }));
}

/**
 * The names units carry for a task's items, by item id: as the agreement export names them,
 * the external id, prefixed with the dataset where it repeats. A unit is `<item name>|<unit key>`.
 */
export function taskItemNames(db: AnyDb, taskId: number): Map<number, string> {
  const items = taskItems(db, taskId);
  const repeated = new Set(items.map((i) => i.external_id).filter((id, i, all) => all.indexOf(id) !== i));
  return new Map(items.map((i) => [i.item_id, repeated.has(i.external_id) ? `${i.dataset}/${i.external_id}` : i.external_id]));
}

/** Item ids by item name for the items the given units belong to, so a report can link them. */
export function itemIdsOfUnits(names: Map<number, string>, units: Iterable<string>): Record<string, number> {
  const idOf = new Map([...names].map(([id, name]) => [name, id]));
  const out: Record<string, number> = {};
  for (const unit of units) {
    const name = unit.slice(0, unit.lastIndexOf('|'));
    const id = idOf.get(name);
    if (id !== undefined) out[name] = id;
  }
  return out;
}
