import { sql } from 'kysely';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { LabelKey, StoredAnswer } from './labels';

/*
 * Blind labeling's state (migration 0070): whether a task is open for discussion, whether it
 * hides automatic scores from its annotators, and the originals of labels revised after
 * discussion.
 */

/** A label's original as stored: how it stood before its rater revised it after discussion. */
export interface LabelOriginalRecord {
  task_id: number;
  item_id: number;
  unit: string;
  question: string;
  rater_id: number;
  rater: string;
  /** 0 when the rater had no answer there before the discussion. */
  answered: number;
  value: string | null;
  na: number;
  rationale: string | null;
  event_id: number | null;
  revised_at: string;
}

/** Opens (with when and by whom) or closes a task's discussion. */
export function setTaskDiscussion(conn: AnyDb, taskId: number, open: { at: string; by: string | null } | null): void {
  const db = asSql(conn);
  db.run(db.q.updateTable('tasks').set({ discussion_opened_at: open?.at ?? null, discussion_opened_by: open?.by ?? null }).where('id', '=', taskId));
}

/** Sets whether a task hides automatic scores from its annotators. */
export function setTaskHidesScores(conn: AnyDb, taskId: number, hidden: boolean): void {
  const db = asSql(conn);
  db.run(db.q.updateTable('tasks').set({ hide_scores: hidden ? 1 : 0 }).where('id', '=', taskId));
}

/** Whether any task hides automatic scores from its annotators. */
export function anyTaskHidesScores(conn: AnyDb): boolean {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('tasks').select('id').where('hide_scores', '=', 1).limit(1)) !== undefined;
}

/** Items per look-up of {@link itemsWithHiddenScores} (a page of the item list holds at most 1,000). */
const HIDDEN_SCORES_BATCH = 500;

/** Of these items, those in a task that hides automatic scores from its annotators. */
export function itemsWithHiddenScores(conn: AnyDb, itemIds: readonly number[]): Set<number> {
  const db = asSql(conn);
  const hidden = new Set<number>();
  const ids = [...new Set(itemIds)];
  // Indexed look-ups by item (task_items_by_item), a batch of items at a time.
  for (let at = 0; at < ids.length; at += HIDDEN_SCORES_BATCH) {
    const query = db.q
      .selectFrom('task_items as t')
      .innerJoin('tasks as k', 'k.id', 't.task_id')
      .select('t.item_id')
      .distinct()
      .where('t.item_id', 'in', ids.slice(at, at + HIDDEN_SCORES_BATCH))
      .where('k.hide_scores', '=', 1);
    for (const row of db.all(query)) hidden.add(row.item_id);
  }
  return hidden;
}

/** Keeps a label's original, unless it already has one (the first revision after discussion keeps it). Returns whether it was kept. */
export function keepLabelOriginal(conn: AnyDb, key: LabelKey, original: StoredAnswer | null, eventId: number | null, revisedAt: string): boolean {
  const db = asSql(conn);
  const insert = db.q
    .insertInto('label_originals')
    .values({
      task_id: key.taskId,
      item_id: key.itemId,
      unit: key.unit,
      question: key.question,
      rater_id: key.raterId,
      answered: original ? 1 : 0,
      value: original?.value ?? null,
      na: original?.na ? 1 : 0,
      rationale: original?.rationale ?? null,
      event_id: eventId,
      revised_at: revisedAt,
    })
    .onConflict((oc) => oc.doNothing());
  return db.run(insert) > 0;
}

/** Originals with their rater's name. */
function originalsWithRater(conn: AnyDb) {
  const db = asSql(conn);
  return db.q.selectFrom('label_originals as o').innerJoin('raters as r', 'r.id', 'o.rater_id').selectAll('o').select('r.name as rater');
}

/** The originals of one rater's revised labels in a task. */
export function labelOriginalsOfRater(conn: AnyDb, taskId: number, raterId: number): LabelOriginalRecord[] {
  const db = asSql(conn);
  const query = originalsWithRater(db).where('o.task_id', '=', taskId).where('o.rater_id', '=', raterId).orderBy('o.item_id').orderBy('o.unit').orderBy('o.question');
  return db.all(query) as LabelOriginalRecord[];
}

/** The originals of a task's revised labels (of one question, or all), on items of datasets not in the trash. */
export function labelOriginals(conn: AnyDb, taskId: number, question?: string): LabelOriginalRecord[] {
  const db = asSql(conn);
  let query = originalsWithRater(db)
    .innerJoin('items as i', 'i.id', 'o.item_id')
    .innerJoin('datasets as d', (join) => join.onRef('d.id', '=', 'i.dataset_id').on('d.state', '=', 'ready'))
    .where('o.task_id', '=', taskId);
  if (question !== undefined) query = query.where('o.question', '=', question);
  return db.all(query.orderBy('o.item_id').orderBy('o.unit').orderBy('o.question').orderBy('r.name')) as LabelOriginalRecord[];
}

/** A label cleared after discussion: its original, with what exports sort and name it by. */
export interface ClearedLabelRecord extends LabelOriginalRecord {
  rater_kind: 'human' | 'judge';
  external_id: string;
  dataset: string;
}

/**
 * A task's labels their raters cleared after discussion, on items of datasets not in the trash:
 * an original they had answered, with no current label beside it (agreement counts the original).
 */
export function clearedLabels(conn: AnyDb, taskId: number): ClearedLabelRecord[] {
  const db = asSql(conn);
  return db.all(sql<ClearedLabelRecord>`
    SELECT o.*, r.name AS rater, r.kind AS rater_kind, i.external_id, d.name AS dataset FROM label_originals o
    JOIN raters r ON r.id = o.rater_id JOIN items i ON i.id = o.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
    WHERE o.task_id = ${taskId} AND o.answered = 1
      AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.task_id = o.task_id AND l.item_id = o.item_id AND l.unit = o.unit AND l.question = o.question AND l.rater_id = o.rater_id)`);
}

/** The originals of every rater's revised labels on one item. */
export function labelOriginalsOfItem(conn: AnyDb, taskId: number, itemId: number): LabelOriginalRecord[] {
  const db = asSql(conn);
  return db.all(originalsWithRater(db).where('o.task_id', '=', taskId).where('o.item_id', '=', itemId)) as LabelOriginalRecord[];
}

/** The originals of one rater's revised labels on one item. */
export function labelOriginalsOnItem(conn: AnyDb, taskId: number, itemId: number, raterId: number): LabelOriginalRecord[] {
  const db = asSql(conn);
  return db.all(originalsWithRater(db).where('o.task_id', '=', taskId).where('o.item_id', '=', itemId).where('o.rater_id', '=', raterId)) as LabelOriginalRecord[];
}

/** The key of a label or an original, as one string. */
export function labelKeyText(row: { item_id: number; unit: string; question: string; rater_id: number }): string {
  return `${row.item_id}\u0000${row.unit}\u0000${row.question}\u0000${row.rater_id}`;
}

/** What was visible when each current label of a task was made: the JSON of its event, by event id (null: not recorded). */
export function visibilityOfCurrentLabels(conn: AnyDb, taskId: number): Map<number, string | null> {
  const db = asSql(conn);
  const rows = db.all(db.q.selectFrom('labels as l').innerJoin('label_events as e', 'e.id', 'l.event_id').select(['e.id', 'e.visible']).where('l.task_id', '=', taskId));
  return new Map(rows.map((r) => [r.id, r.visible]));
}
