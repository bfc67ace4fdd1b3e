import { labelKeyText, labelOriginals } from '../../../db/queries/blindness';
import { labelQueries, type LabelRecord } from '../../../db/queries/labels';
import { taskItems } from '../../../db/queries/tasks';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import { TAG_CATEGORIES, categoriesOf, categoryOf, type Category } from '../../core/schemas/categories';
import type { Question } from '../../core/schemas/model';
import { InvalidInputError } from '../errors';
import { loadTask, parseValue, requireQuestion } from './taskContext';

/**
 * One rating in long format, as `core/stats` reads it (`RatingRow`): `unit` is
 * `<itemExternalId>|<unitKey>` (`q-003|step:2`, `conv-0001|` for the whole item; the external
 * id is prefixed with `<dataset>/` only where it repeats across the task's datasets);
 * `value` is the category name, null for N/A.
 */
export interface AgreementRating {
  unit: string;
  rater: string;
  raterKind: 'human' | 'judge';
  value: string | null;
  /** The task item, so that every number can be traced back to its units. */
  itemId: number;
}

/** What the agreement engine needs for one question of a task. */
export interface AgreementRatings {
  task: string;
  question: Question;
  /** The category universe from the schema, in scale order, with numeric values. */
  categories: Category[];
  /** Multilabel questions: the tag set joined with `;` (`''` for none). */
  ratings: AgreementRating[];
  /** Multilabel questions only: one binary question per tag (`present` / `absent`), for κ per tag. */
  perTag: { tag: string; categories: Category[]; ratings: AgreementRating[] }[];
}

/** Which ratings {@link ratingsForAgreement} returns. */
export interface AgreementRatingsOptions {
  /** Rater kinds to include (default both). */
  raterKinds?: ('human' | 'judge')[];
  /** Human labels only on items the rater submitted (default true); judge labels are always complete. */
  submittedOnly?: boolean;
  /** Only these task items (a filtered selection). */
  itemIds?: readonly number[];
  /** Only these raters. */
  raters?: readonly string[];
  /**
   * Which labels of a rater who revised after discussion (issue 13): `original` (the default),
   * as given before seeing the others; `revised`, as they stand now.
   */
  labels?: 'original' | 'revised';
}

/**
 * The long-format ratings of one question of a task, with the category universe from the
 * schema (DESIGN.md §5: never only the observed values). N/A answers are `null` (not rated).
 *
 * @throws NotFoundError for an unknown task; InvalidInputError for an unknown or text question.
 */
export function ratingsForAgreement(db: AnyDb, taskRef: string | number, questionId: string, options: AgreementRatingsOptions = {}): AgreementRatings {
  const task = loadTask(db, taskRef);
  const question = requireQuestion(task, questionId);
  if (question.type === 'text') throw new InvalidInputError(`${question.id} is a text question; agreement needs categories`);
  const kinds = new Set(options.raterKinds ?? ['human', 'judge']);
  const itemFilter = options.itemIds ? new Set(options.itemIds) : null;
  const raterFilter = options.raters ? new Set(options.raters) : null;
  const queries = labelQueries(db);
  const submitted = new Set(queries.submissionsOfTask(task.record.id).map((s) => `${s.item_id}/${s.rater_id}`));
  const items = taskItems(db, task.record.id);
  const repeated = new Set(items.map((i) => i.external_id).filter((id, i, all) => all.indexOf(id) !== i));
  const unitName = new Map(items.map((i) => [i.item_id, repeated.has(i.external_id) ? `${i.dataset}/${i.external_id}` : i.external_id]));

  const ratings: AgreementRating[] = [];
  const labels = options.labels === 'revised' ? queries.ofTask(task.record.id, question.id) : originalLabels(db, task.record.id, question.id, queries.ofTask(task.record.id, question.id));
  for (const label of labels) {
    if (!kinds.has(label.rater_kind)) continue;
    if (itemFilter && !itemFilter.has(label.item_id)) continue;
    if (raterFilter && !raterFilter.has(label.rater)) continue;
    if (label.rater_kind === 'human' && (options.submittedOnly ?? true) && !submitted.has(`${label.item_id}/${label.rater_id}`)) continue;
    ratings.push({
      unit: `${unitName.get(label.item_id)}|${label.unit}`,
      rater: label.rater,
      raterKind: label.rater_kind,
      value: categoryOf({ value: parseValue(label.value), na: label.na === 1 }),
      itemId: label.item_id,
    });
  }
  const perTag =
    question.type === 'multilabel'
      ? question.tags.map((tag) => ({
          tag: tag.value,
          categories: TAG_CATEGORIES.map((c) => ({ ...c })),
          ratings: ratings.map((r) => ({ ...r, value: r.value === null ? null : r.value.split(';').includes(tag.value) ? 'present' : 'absent' })),
        }))
      : [];
  return { task: task.record.name, question, categories: categoriesOf(question), ratings, perTag };
}

/** What {@link originalLabels} needs of a label. */
type RatedLabel = Pick<LabelRecord, 'item_id' | 'unit' | 'question' | 'rater_id' | 'rater' | 'rater_kind' | 'value' | 'na'>;

/**
 * A question's labels as they stood before discussion: a label revised after seeing the others
 * gives way to its original (or to nothing, when the rater had no answer there before); a label
 * cleared after discussion comes back as its original.
 */
export function originalLabels(db: AnyDb, taskId: number, questionId: string, current: readonly RatedLabel[]): RatedLabel[] {
  const originals = new Map(labelOriginals(db, taskId, questionId).map((o) => [labelKeyText(o), o]));
  if (originals.size === 0) return [...current];
  const out: RatedLabel[] = [];
  for (const label of current) {
    const original = originals.get(labelKeyText(label));
    originals.delete(labelKeyText(label));
    if (!original) out.push(label);
    else if (original.answered === 1) out.push({ ...label, value: original.value, na: original.na });
  }
  for (const original of originals.values()) {
    if (original.answered === 1) out.push({ ...original, rater_kind: 'human' });
  }
  return out;
}
