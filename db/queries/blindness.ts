import type { Db } from '../workspace';
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
export function setTaskDiscussion(db: Db, taskId: number, open: { at: string; by: string | null } | null): void {
  db.prepare('UPDATE tasks SET discussion_opened_at = ?, discussion_opened_by = ? WHERE id = ?').run(open?.at ?? null, open?.by ?? null, taskId);
}

/** Sets whether a task hides automatic scores from its annotators. */
export function setTaskHidesScores(db: Db, taskId: number, hidden: boolean): void {
  db.prepare('UPDATE tasks SET hide_scores = ? WHERE id = ?').run(hidden ? 1 : 0, taskId);
}

/** Whether any task hides automatic scores from its annotators. */
export function anyTaskHidesScores(db: Db): boolean {
  return db.prepare('SELECT 1 FROM tasks WHERE hide_scores = 1 LIMIT 1').get() !== undefined;
}

/** Of these items, those in a task that hides automatic scores from its annotators. */
export function itemsWithHiddenScores(db: Db, itemIds: readonly number[]): Set<number> {
  if (itemIds.length === 0) return new Set();
  const hidden = new Set<number>();
  const query = db.prepare('SELECT 1 FROM task_items t JOIN tasks k ON k.id = t.task_id WHERE t.item_id = ? AND k.hide_scores = 1 LIMIT 1');
  // One indexed look-up per item (task_items_by_item): a page of the item list holds at most 1,000.
  for (const id of itemIds) if (query.get(id)) hidden.add(id);
  return hidden;
}

/** Keeps a label's original, unless it already has one (the first revision after discussion keeps it). Returns whether it was kept. */
export function keepLabelOriginal(db: Db, key: LabelKey, original: StoredAnswer | null, eventId: number | null, revisedAt: string): boolean {
  const result = db.prepare(
    `INSERT OR IGNORE INTO label_originals (task_id, item_id, unit, question, rater_id, answered, value, na, rationale, event_id, revised_at)
     VALUES (@taskId, @itemId, @unit, @question, @raterId, @answered, @value, @na, @rationale, @eventId, @revisedAt)`,
  ).run({
    ...key,
    answered: original ? 1 : 0,
    value: original?.value ?? null,
    na: original?.na ? 1 : 0,
    rationale: original?.rationale ?? null,
    eventId,
    revisedAt,
  });
  return result.changes > 0;
}

/** The originals of one rater's revised labels in a task. */
export function labelOriginalsOfRater(db: Db, taskId: number, raterId: number): LabelOriginalRecord[] {
  return db
    .prepare('SELECT o.*, r.name AS rater FROM label_originals o JOIN raters r ON r.id = o.rater_id WHERE o.task_id = ? AND o.rater_id = ? ORDER BY o.item_id, o.unit, o.question')
    .all(taskId, raterId) as LabelOriginalRecord[];
}

/** The originals of a task's revised labels (of one question, or all), on items of datasets not in the trash. */
export function labelOriginals(db: Db, taskId: number, question?: string): LabelOriginalRecord[] {
  return db
    .prepare(
      `SELECT o.*, r.name AS rater FROM label_originals o JOIN raters r ON r.id = o.rater_id
       JOIN items i ON i.id = o.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
       WHERE o.task_id = ? AND (? IS NULL OR o.question = ?) ORDER BY o.item_id, o.unit, o.question, r.name`,
    )
    .all(taskId, question ?? null, question ?? null) as LabelOriginalRecord[];
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
export function clearedLabels(db: Db, taskId: number): ClearedLabelRecord[] {
  return db
    .prepare(
      `SELECT o.*, r.name AS rater, r.kind AS rater_kind, i.external_id, d.name AS dataset FROM label_originals o
       JOIN raters r ON r.id = o.rater_id JOIN items i ON i.id = o.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
       WHERE o.task_id = ? AND o.answered = 1
         AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.task_id = o.task_id AND l.item_id = o.item_id AND l.unit = o.unit AND l.question = o.question AND l.rater_id = o.rater_id)`,
    )
    .all(taskId) as ClearedLabelRecord[];
}

/** The originals of every rater's revised labels on one item. */
export function labelOriginalsOfItem(db: Db, taskId: number, itemId: number): LabelOriginalRecord[] {
  return db
    .prepare('SELECT o.*, r.name AS rater FROM label_originals o JOIN raters r ON r.id = o.rater_id WHERE o.task_id = ? AND o.item_id = ?')
    .all(taskId, itemId) as LabelOriginalRecord[];
}

/** The originals of one rater's revised labels on one item. */
export function labelOriginalsOnItem(db: Db, taskId: number, itemId: number, raterId: number): LabelOriginalRecord[] {
  return db
    .prepare('SELECT o.*, r.name AS rater FROM label_originals o JOIN raters r ON r.id = o.rater_id WHERE o.task_id = ? AND o.item_id = ? AND o.rater_id = ?')
    .all(taskId, itemId, raterId) as LabelOriginalRecord[];
}

/** The key of a label or an original, as one string. */
export function labelKeyText(row: { item_id: number; unit: string; question: string; rater_id: number }): string {
  return `${row.item_id}\u0000${row.unit}\u0000${row.question}\u0000${row.rater_id}`;
}

/** What was visible when each current label of a task was made: the JSON of its event, by event id (null: not recorded). */
export function visibilityOfCurrentLabels(db: Db, taskId: number): Map<number, string | null> {
  const rows = db.prepare('SELECT e.id, e.visible FROM labels l JOIN label_events e ON e.id = l.event_id WHERE l.task_id = ?').all(taskId) as { id: number; visible: string | null }[];
  return new Map(rows.map((r) => [r.id, r.visible]));
}
