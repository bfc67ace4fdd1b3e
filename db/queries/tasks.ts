import type { Db } from '../workspace';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';

/** A task as stored; `schema_json` and `selection` are still JSON text. */
export interface TaskRecord {
  id: number;
  name: string;
  schema_json: string;
  schema_id: string;
  schema_version: number;
  annotators_per_item: number;
  overlap_mode: 'all' | 'fixed';
  seed: number;
  blind: number;
  adjudication_policy: 'any' | 'threshold';
  adjudication_threshold: number | null;
  selection: string;
  created_at: string;
  /** When a lead opened the task for discussion (others' labels shown to its annotators); null while closed (0070). */
  discussion_opened_at: string | null;
  discussion_opened_by: string | null;
  /** 1: automatic scores are hidden from the task's annotators (0070). */
  hide_scores: number;
  /** `active`, `archived` (read-only, hidden from annotators' lists), `trashed` or `deleting` (hidden from every reader) (0080). */
  state: 'active' | 'archived' | 'trashed' | 'deleting';
  archived_at: string | null;
  archived_by: string | null;
  trashed_at: string | null;
  trashed_by: string | null;
}

export type TaskWrite = Omit<
  TaskRecord,
  'id' | 'created_at' | 'discussion_opened_at' | 'discussion_opened_by' | 'hide_scores' | 'state' | 'archived_at' | 'archived_by' | 'trashed_at' | 'trashed_by'
> & { hide_scores?: number };

/** An item of a task, with what assignment, exports and packs need. */
export interface TaskItemRecord {
  item_id: number;
  external_id: string;
  dataset: string;
  kind: 'graph' | 'plan' | 'conversation';
  content_hash: string;
}

/** A row of an annotator's queue with its status inputs. */
export interface QueueRecord extends TaskItemRecord {
  position: number;
  skipped_at: string | null;
  submitted_at: string | null;
  labels: number;
}

/** Per-annotator counts for progress. */
export interface ProgressRecord {
  annotator_id: number;
  name: string;
  role: 'annotator' | 'adjudicator' | 'lead';
  assigned: number;
  submitted: number;
  started: number;
  skipped: number;
  labels: number;
  seconds: number;
}

const now = () => new Date().toISOString();

export function insertTask(db: Db, task: TaskWrite): number {
  return Number(
    db
      .prepare(
        `INSERT INTO tasks (name, schema_json, schema_id, schema_version, annotators_per_item, overlap_mode, seed, blind,
                            adjudication_policy, adjudication_threshold, selection, hide_scores, created_at)
         VALUES (@name, @schema_json, @schema_id, @schema_version, @annotators_per_item, @overlap_mode, @seed, @blind,
                 @adjudication_policy, @adjudication_threshold, @selection, @hide_scores, @at)`,
      )
      .run({ ...task, hide_scores: task.hide_scores ?? 1, at: now() }).lastInsertRowid,
  );
}

/** A task by id whatever its state (a trashed one included: see `loadTask` for the readers' view). */
export function taskById(conn: AnyDb, id: number): TaskRecord | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('tasks').selectAll().where('id', '=', id)) as TaskRecord | undefined;
}

export function taskByName(conn: AnyDb, name: string): TaskRecord | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('tasks').selectAll().where('name', '=', name)) as TaskRecord | undefined;
}

/** The active and archived tasks (trashed ones are hidden from every reader). */
export function listTasks(db: Db): TaskRecord[] {
  return db.prepare("SELECT * FROM tasks WHERE state IN ('active', 'archived') ORDER BY created_at, id").all() as TaskRecord[];
}

export function addTaskItems(db: Db, taskId: number, itemIds: readonly number[]): void {
  const insert = db.prepare('INSERT OR IGNORE INTO task_items (task_id, item_id, added_at) VALUES (?, ?, ?)');
  const at = now();
  for (const id of itemIds) insert.run(taskId, id, at);
}

/** The task's items, by item id. */
export function taskItems(db: Db, taskId: number): TaskItemRecord[] {
  return db
    .prepare(
      `SELECT i.id AS item_id, i.external_id, d.name AS dataset, i.kind, i.content_hash
       FROM task_items t JOIN items i ON i.id = t.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
       WHERE t.task_id = ? ORDER BY i.id`,
    )
    .all(taskId) as TaskItemRecord[];
}

/** One task item, or undefined when the item is not in the task. */
export function taskItem(db: Db, taskId: number, itemId: number): (TaskItemRecord & { payload: string }) | undefined {
  return db
    .prepare(
      `SELECT i.id AS item_id, i.external_id, d.name AS dataset, i.kind, i.content_hash, i.payload
       FROM task_items t JOIN items i ON i.id = t.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
       WHERE t.task_id = ? AND t.item_id = ?`,
    )
    .get(taskId, itemId) as (TaskItemRecord & { payload: string }) | undefined;
}

export function itemPayload(db: Db, itemId: number): string | undefined {
  return (db.prepare('SELECT payload FROM items WHERE id = ?').get(itemId) as { payload: string } | undefined)?.payload;
}

export function addTaskAnnotator(db: Db, taskId: number, annotatorId: number): boolean {
  return db.prepare('INSERT OR IGNORE INTO task_annotators (task_id, annotator_id, added_at) VALUES (?, ?, ?)').run(taskId, annotatorId, now()).changes > 0;
}

export function taskAnnotatorNames(db: Db, taskId: number): string[] {
  return (
    db
      .prepare('SELECT a.name FROM task_annotators t JOIN annotators a ON a.id = t.annotator_id WHERE t.task_id = ? ORDER BY a.name')
      .all(taskId) as { name: string }[]
  ).map((r) => r.name);
}

export function isTaskAnnotator(conn: AnyDb, taskId: number, annotatorId: number): boolean {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('task_annotators').select('task_id').where('task_id', '=', taskId).where('annotator_id', '=', annotatorId)) !== undefined;
}

/** Appends items to an annotator's queue, after what is already there, in the order given. */
export function appendAssignments(db: Db, taskId: number, annotatorId: number, itemIds: readonly number[]): void {
  const start = (
    db.prepare('SELECT coalesce(max(position) + 1, 0) AS next FROM assignments WHERE task_id = ? AND annotator_id = ?').get(taskId, annotatorId) as {
      next: number;
    }
  ).next;
  const insert = db.prepare('INSERT OR IGNORE INTO assignments (task_id, annotator_id, item_id, position) VALUES (?, ?, ?, ?)');
  let position = start;
  for (const id of itemIds) if (insert.run(taskId, annotatorId, id, position).changes > 0) position++;
}

export function isAssigned(db: Db, taskId: number, annotatorId: number, itemId: number): boolean {
  return db.prepare('SELECT 1 FROM assignments WHERE task_id = ? AND annotator_id = ? AND item_id = ?').get(taskId, annotatorId, itemId) !== undefined;
}

/** Item ids of the task with how many annotators each is assigned to. */
export function assigneeCounts(db: Db, taskId: number): Map<number, number> {
  const rows = db
    .prepare(
      `SELECT t.item_id, count(a.annotator_id) AS n FROM task_items t
       LEFT JOIN assignments a ON a.task_id = t.task_id AND a.item_id = t.item_id
       WHERE t.task_id = ? GROUP BY t.item_id`,
    )
    .all(taskId) as { item_id: number; n: number }[];
  return new Map(rows.map((r) => [r.item_id, r.n]));
}

/** An annotator's queue in order, with submission, skip and label counts. */
export function queueOf(db: Db, taskId: number, annotatorId: number, raterId: number | null): QueueRecord[] {
  return db
    .prepare(
      `SELECT a.position, a.skipped_at, i.id AS item_id, i.external_id, d.name AS dataset, i.kind, i.content_hash,
              s.submitted_at,
              (SELECT count(*) FROM labels l WHERE l.task_id = a.task_id AND l.item_id = a.item_id AND l.rater_id = @rater) AS labels
       FROM assignments a
       JOIN items i ON i.id = a.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
       LEFT JOIN submissions s ON s.task_id = a.task_id AND s.item_id = a.item_id AND s.rater_id = @rater
       WHERE a.task_id = @task AND a.annotator_id = @annotator
       ORDER BY a.position`,
    )
    .all({ task: taskId, annotator: annotatorId, rater: raterId ?? -1 }) as QueueRecord[];
}

export function setSkipped(db: Db, taskId: number, annotatorId: number, itemId: number, skipped: boolean): void {
  db.prepare('UPDATE assignments SET skipped_at = ? WHERE task_id = ? AND annotator_id = ? AND item_id = ?').run(
    skipped ? now() : null,
    taskId,
    annotatorId,
    itemId,
  );
}

/** Progress of every annotator of a task. */
export function taskProgress(db: Db, taskId: number): ProgressRecord[] {
  return db
    .prepare(
      `SELECT an.id AS annotator_id, an.name, an.role,
              (SELECT count(*) FROM assignments a WHERE a.task_id = ta.task_id AND a.annotator_id = an.id) AS assigned,
              (SELECT count(*) FROM assignments a JOIN submissions s
                 ON s.task_id = a.task_id AND s.item_id = a.item_id AND s.rater_id = r.id
               WHERE a.task_id = ta.task_id AND a.annotator_id = an.id) AS submitted,
              (SELECT count(*) FROM assignments a
               WHERE a.task_id = ta.task_id AND a.annotator_id = an.id
                 AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = a.task_id AND s.item_id = a.item_id AND s.rater_id = r.id)
                 AND EXISTS (SELECT 1 FROM labels l WHERE l.task_id = a.task_id AND l.item_id = a.item_id AND l.rater_id = r.id)) AS started,
              (SELECT count(*) FROM assignments a
               WHERE a.task_id = ta.task_id AND a.annotator_id = an.id AND a.skipped_at IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = a.task_id AND s.item_id = a.item_id AND s.rater_id = r.id)) AS skipped,
              (SELECT count(*) FROM labels l WHERE l.task_id = ta.task_id AND l.rater_id = r.id) AS labels,
              (SELECT coalesce(sum(l.seconds_spent), 0) FROM labels l WHERE l.task_id = ta.task_id AND l.rater_id = r.id) AS seconds
       FROM task_annotators ta JOIN annotators an ON an.id = ta.annotator_id
       LEFT JOIN raters r ON r.annotator_id = an.id
       WHERE ta.task_id = ? ORDER BY an.name`,
    )
    .all(taskId) as ProgressRecord[];
}

/** Items with at least `needed` human submissions. */
export function completeItemCount(db: Db, taskId: number, needed: number): number {
  return (
    db
      .prepare(
        `SELECT count(*) AS n FROM (
           SELECT s.item_id FROM submissions s JOIN raters r ON r.id = s.rater_id
           WHERE s.task_id = ? AND r.kind = 'human' GROUP BY s.item_id HAVING count(*) >= ?)`,
      )
      .get(taskId, needed) as { n: number }
  ).n;
}

export function taskItemCount(db: Db, taskId: number): number {
  return (db.prepare('SELECT count(*) AS n FROM task_items WHERE task_id = ?').get(taskId) as { n: number }).n;
}

export function goldCount(db: Db, taskId: number): number {
  return (db.prepare('SELECT count(*) AS n FROM gold WHERE task_id = ?').get(taskId) as { n: number }).n;
}

/** Seconds a rater has spent on a task's labels. */
export function secondsSpent(db: Db, taskId: number, raterId: number): number {
  return (db.prepare('SELECT coalesce(sum(seconds_spent), 0) AS s FROM labels WHERE task_id = ? AND rater_id = ?').get(taskId, raterId) as { s: number }).s;
}

/** Every dataset name, for messages that list them. */
export function datasetNames(db: Db): string[] {
  return (db.prepare("SELECT name FROM datasets WHERE state = 'ready' ORDER BY name").all() as { name: string }[]).map((d) => d.name);
}
