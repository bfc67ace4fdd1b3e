import { randomUUID } from 'node:crypto';
import { annotatorByName, ensureHumanRater, listAnnotators, type AnnotatorRecord, type RaterRecord } from '../../../db/queries/annotators';
import type { StoredAnswer } from '../../../db/queries/labels';
import { listTasks, taskById, taskByName, taskItem, type TaskItemRecord, type TaskRecord } from '../../../db/queries/tasks';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { Answer } from '../../core/schemas/labelValue';
import { findQuestion, type LabelSchema, type LabelValue, type Question } from '../../core/schemas/model';
import { parseUnitKey, unitsOf } from '../../core/schemas/unitKeys';
import type { ArtifactKind } from '../../core/formats/types';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';

/** A task with its schema parsed. */
export interface LoadedTask {
  record: TaskRecord;
  schema: LabelSchema;
}

/**
 * Finds a task by name or id, active or archived; a trashed one is hidden like a missing one,
 * but the message says where it is.
 *
 * @throws NotFoundError listing the tasks there are.
 */
export function loadTask(db: AnyDb, ref: string | number): LoadedTask {
  const record = typeof ref === 'number' ? taskById(db, ref) : taskByName(db, ref);
  if (!record || record.state === 'trashed' || record.state === 'deleting') {
    const names = listTasks(db).map((t) => t.name);
    if (record?.state === 'trashed') throw new NotFoundError(`task "${record.name}" is in the trash (a lead can restore it: accord tasks restore "${record.name}")`);
    throw new NotFoundError(`no task ${typeof ref === 'number' ? `with id ${ref}` : `named "${ref}"`} (tasks: ${names.join(', ') || 'none yet'})`);
  }
  return { record, schema: JSON.parse(record.schema_json) as LabelSchema };
}

/**
 * A task that may be written to: labels, submissions, skips, gold, annotators, judge runs. An
 * archived task is read-only until a lead unarchives it.
 *
 * @throws NotFoundError as `loadTask`; ConflictError for an archived task.
 */
export function loadWritableTask(db: AnyDb, ref: string | number): LoadedTask {
  const task = loadTask(db, ref);
  if (task.record.state === 'archived') {
    throw new ConflictError(`task "${task.record.name}" is archived, so it is read-only; a lead can unarchive it (accord tasks unarchive "${task.record.name}")`);
  }
  return task;
}

/** Finds an annotator by name. @throws NotFoundError listing the annotators there are. */
export function requireAnnotator(db: AnyDb, name: string): AnnotatorRecord {
  const annotator = annotatorByName(db, name);
  if (!annotator) {
    throw new NotFoundError(`no annotator named "${name}" (annotators: ${listAnnotators(db).map((a) => a.name).join(', ') || 'none yet'})`);
  }
  return annotator;
}

/** An annotator with their rater (created on first need). */
export function requireRater(db: AnyDb, name: string): { annotator: AnnotatorRecord; rater: RaterRecord } {
  const annotator = requireAnnotator(db, name);
  return { annotator, rater: ensureHumanRater(db, annotator) };
}

/** A question of the task's schema. @throws InvalidInputError listing the questions there are. */
export function requireQuestion(task: LoadedTask, questionId: string): Question {
  const question = findQuestion(task.schema, questionId);
  if (!question) {
    throw new InvalidInputError(
      `no question "${questionId}" in schema ${task.schema.id} (questions: ${task.schema.questions.map((q) => q.id).join(', ')})`,
    );
  }
  return question;
}

/** An item of the task, with its payload. @throws NotFoundError when the item is not in the task. */
export function requireTaskItem(db: AnyDb, task: LoadedTask, itemId: number): TaskItemRecord & { payload: string } {
  const item = taskItem(db, task.record.id, itemId);
  if (!item) throw new NotFoundError(`item ${itemId} is not in task "${task.record.name}"`);
  return item;
}

/**
 * Checks that `unit` fits the question's scope and exists in the item.
 *
 * @throws InvalidInputError naming the unit, the question and (for a missing unit) the units there are.
 */
export function checkUnit(question: Question, unit: string, item: { kind: ArtifactKind; external_id: string }, payload: unknown): void {
  const parsed = parseUnitKey(unit);
  if (!parsed) throw new InvalidInputError(`"${unit}" is not a unit key (use '' for the whole item, node:<id>, step:<id> or turn:<index>)`);
  if (parsed.scope !== question.scope) {
    throw new InvalidInputError(
      question.scope === 'item'
        ? `${question.id} is about the whole item; its unit must be '' (got "${unit}")`
        : `${question.id} is asked per ${question.scope}; "${unit || "''"}" is not a ${question.scope}`,
    );
  }
  if (parsed.scope === 'item') return;
  const units = unitsOf(item.kind, payload, question.scope);
  if (!units.includes(unit)) {
    const ids = units.map((u) => parseUnitKey(u)?.id).join(', ');
    throw new InvalidInputError(`${item.kind} ${item.external_id} has no ${question.scope} ${parsed.id} (${question.scope}s: ${ids || 'none'})`);
  }
}

/** An answer as stored (value as JSON text). */
export function toStored(answer: Answer, rationale: string | null | undefined): StoredAnswer {
  return { value: answer.na || answer.value === null ? null : JSON.stringify(answer.value), na: answer.na, rationale: rationale?.trim() ? rationale : null };
}

/** A stored value back as a label value. */
export function parseValue(json: string | null): LabelValue | null {
  return json === null ? null : (JSON.parse(json) as LabelValue);
}

/** Whether two stored answers are the same answer with the same rationale. */
export function sameStored(a: StoredAnswer, b: StoredAnswer): boolean {
  return a.value === b.value && a.na === b.na && (a.rationale ?? null) === (b.rationale ?? null);
}

/** A fresh global id for a label event. */
export function newEventUid(): string {
  return randomUUID();
}

/** The stable key of an item across workspaces: `dataset/externalId`. */
export function itemKeyOf(item: { dataset: string; external_id: string }): string {
  return `${item.dataset}/${item.external_id}`;
}
