import { sql } from 'kysely';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import { statementBatches } from '../sql/statementBatches';
import type { StoredRow } from '../sql/storedRow';

/** A task as stored; `schema_json` and `selection` are still JSON text. */
export type TaskRecord = StoredRow<
  'tasks',
  {
    overlap_mode: 'all' | 'fixed';
    adjudication_policy: 'any' | 'threshold';
    /** When a lead opened the task for discussion (others' labels shown to its annotators); null while closed (0070). */
    discussion_opened_at: string | null;
    /** 1: automatic scores are hidden from the task's annotators (0070). */
    hide_scores: number;
    /** `active`, `archived` (read-only, hidden from annotators' lists), `trashed` or `deleting` (hidden from every reader) (0080). */
    state: 'active' | 'archived' | 'trashed' | 'deleting';
  }
>;

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


// On the query layer (db/sql): these run on SQLite and PostgreSQL alike.

export function insertTask(conn: AnyDb, task: TaskWrite): number {
  const db = asSql(conn);
  const row = db.one(
    db.q
      .insertInto('tasks')
      .values({
        name: task.name,
        schema_json: task.schema_json,
        schema_id: task.schema_id,
        schema_version: task.schema_version,
        annotators_per_item: task.annotators_per_item,
        overlap_mode: task.overlap_mode,
        seed: task.seed,
        blind: task.blind,
        adjudication_policy: task.adjudication_policy,
        adjudication_threshold: task.adjudication_threshold,
        selection: task.selection,
        hide_scores: task.hide_scores ?? 1,
        created_at: now(),
      })
      .returning('id'),
  )!;
  return row.id;
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
export function listTasks(conn: AnyDb): TaskRecord[] {
  const db = asSql(conn);
  return db.all(db.q.selectFrom('tasks').selectAll().where('state', 'in', ['active', 'archived']).orderBy('created_at').orderBy('id')) as TaskRecord[];
}

export function addTaskItems(conn: AnyDb, taskId: number, itemIds: readonly number[]): void {
  const db = asSql(conn);
  const at = now();
  for (const batch of statementBatches([...new Set(itemIds)])) {
    db.run(
      db.q
        .insertInto('task_items')
        .values(batch.map((item_id) => ({ task_id: taskId, item_id, added_at: at })))
        .onConflict((oc) => oc.doNothing()),
    );
  }
}

/** The task's items, by item id. */
export function taskItems(conn: AnyDb, taskId: number): TaskItemRecord[] {
  const db = asSql(conn);
  return db.all(sql<TaskItemRecord>`
    SELECT i.id AS item_id, i.external_id, d.name AS dataset, i.kind, i.content_hash
    FROM task_items t JOIN items i ON i.id = t.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
    WHERE t.task_id = ${taskId} ORDER BY i.id`);
}

/** One task item, or undefined when the item is not in the task. */
export function taskItem(conn: AnyDb, taskId: number, itemId: number): (TaskItemRecord & { payload: string }) | undefined {
  const db = asSql(conn);
  return db.one(sql<TaskItemRecord & { payload: string }>`
    SELECT i.id AS item_id, i.external_id, d.name AS dataset, i.kind, i.content_hash, i.payload
    FROM task_items t JOIN items i ON i.id = t.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
    WHERE t.task_id = ${taskId} AND t.item_id = ${itemId}`);
}

export function itemPayload(conn: AnyDb, itemId: number): string | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('items').select('payload').where('id', '=', itemId))?.payload;
}

export function addTaskAnnotator(conn: AnyDb, taskId: number, annotatorId: number): boolean {
  const db = asSql(conn);
  return db.run(db.q.insertInto('task_annotators').values({ task_id: taskId, annotator_id: annotatorId, added_at: now() }).onConflict((oc) => oc.doNothing())) > 0;
}

export function taskAnnotatorNames(conn: AnyDb, taskId: number): string[] {
  const db = asSql(conn);
  return db
    .all(db.q.selectFrom('task_annotators as t').innerJoin('annotators as a', 'a.id', 't.annotator_id').select('a.name').where('t.task_id', '=', taskId).orderBy('a.name'))
    .map((r) => r.name);
}

export function isTaskAnnotator(conn: AnyDb, taskId: number, annotatorId: number): boolean {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('task_annotators').select('task_id').where('task_id', '=', taskId).where('annotator_id', '=', annotatorId)) !== undefined;
}

/** Appends items to an annotator's queue, after what is already there, in the order given (items already queued are left where they are). */
export function appendAssignments(conn: AnyDb, taskId: number, annotatorId: number, itemIds: readonly number[]): void {
  const db = asSql(conn);
  const mine = db.q.selectFrom('assignments').where('task_id', '=', taskId).where('annotator_id', '=', annotatorId);
  const start = db.one(mine.select(sql<number>`coalesce(max(position) + 1, 0)`.as('next')))!.next;
  const queued = assignedItemIds(db, taskId, annotatorId);
  const fresh = [...new Set(itemIds)].filter((id) => !queued.has(id));
  let position = start;
  for (const batch of statementBatches(fresh)) {
    db.run(db.q.insertInto('assignments').values(batch.map((item_id) => ({ task_id: taskId, annotator_id: annotatorId, item_id, position: position++ }))));
  }
}

/** The items on an annotator's queue of the task: one query where asking item by item would be one per item (a crowd's 120 raters × 3,000 items). */
export function assignedItemIds(conn: AnyDb, taskId: number, annotatorId: number): Set<number> {
  const db = asSql(conn);
  return new Set(db.all(db.q.selectFrom('assignments').select('item_id').where('task_id', '=', taskId).where('annotator_id', '=', annotatorId)).map((r) => r.item_id));
}

export function isAssigned(conn: AnyDb, taskId: number, annotatorId: number, itemId: number): boolean {
  const db = asSql(conn);
  const query = db.q.selectFrom('assignments').select('item_id').where('task_id', '=', taskId).where('annotator_id', '=', annotatorId).where('item_id', '=', itemId);
  return db.one(query) !== undefined;
}

/** Item ids of the task with how many annotators each is assigned to. */
export function assigneeCounts(conn: AnyDb, taskId: number): Map<number, number> {
  const db = asSql(conn);
  const rows = db.all(sql<{ item_id: number; n: number }>`
    SELECT t.item_id, count(a.annotator_id) AS n FROM task_items t
    LEFT JOIN assignments a ON a.task_id = t.task_id AND a.item_id = t.item_id
    WHERE t.task_id = ${taskId} GROUP BY t.item_id`);
  return new Map(rows.map((r) => [r.item_id, r.n]));
}

/** An annotator's queue in order, with submission, skip and label counts. */
export function queueOf(conn: AnyDb, taskId: number, annotatorId: number, raterId: number | null): QueueRecord[] {
  const db = asSql(conn);
  const rater = raterId ?? -1;
  return db.all(sql<QueueRecord>`
    SELECT a.position, a.skipped_at, i.id AS item_id, i.external_id, d.name AS dataset, i.kind, i.content_hash,
           s.submitted_at,
           (SELECT count(*) FROM labels l WHERE l.task_id = a.task_id AND l.item_id = a.item_id AND l.rater_id = ${rater}) AS labels
    FROM assignments a
    JOIN items i ON i.id = a.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
    LEFT JOIN submissions s ON s.task_id = a.task_id AND s.item_id = a.item_id AND s.rater_id = ${rater}
    WHERE a.task_id = ${taskId} AND a.annotator_id = ${annotatorId}
    ORDER BY a.position`);
}

export function setSkipped(conn: AnyDb, taskId: number, annotatorId: number, itemId: number, skipped: boolean): void {
  const db = asSql(conn);
  db.run(
    db.q
      .updateTable('assignments')
      .set({ skipped_at: skipped ? now() : null })
      .where('task_id', '=', taskId)
      .where('annotator_id', '=', annotatorId)
      .where('item_id', '=', itemId),
  );
}

/** Progress of every annotator of a task. */
export function taskProgress(conn: AnyDb, taskId: number): ProgressRecord[] {
  const db = asSql(conn);
  return db.all(sql<ProgressRecord>`
    SELECT an.id AS annotator_id, an.name, an.role,
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
    WHERE ta.task_id = ${taskId} ORDER BY an.name`);
}

/** Items with at least `needed` human submissions. */
export function completeItemCount(conn: AnyDb, taskId: number, needed: number): number {
  const db = asSql(conn);
  return db.one(sql<{ n: number }>`
    SELECT count(*) AS n FROM (
      SELECT s.item_id FROM submissions s JOIN raters r ON r.id = s.rater_id
      WHERE s.task_id = ${taskId} AND r.kind = 'human' GROUP BY s.item_id HAVING count(*) >= ${needed}) AS complete`)!.n;
}

export function taskItemCount(conn: AnyDb, taskId: number): number {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('task_items').select((eb) => eb.fn.countAll<number>().as('n')).where('task_id', '=', taskId))!.n;
}

export function goldCount(conn: AnyDb, taskId: number): number {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('gold').select((eb) => eb.fn.countAll<number>().as('n')).where('task_id', '=', taskId))!.n;
}

/** Seconds a rater has spent on a task's labels. */
export function secondsSpent(conn: AnyDb, taskId: number, raterId: number): number {
  const db = asSql(conn);
  return db.one(sql<{ s: number }>`SELECT coalesce(sum(seconds_spent), 0) AS s FROM labels WHERE task_id = ${taskId} AND rater_id = ${raterId}`)!.s;
}

/** Every dataset name, for messages that list them. */
export function datasetNames(conn: AnyDb): string[] {
  const db = asSql(conn);
  return db.all(db.q.selectFrom('datasets').select('name').where('state', '=', 'ready').orderBy('name')).map((d) => d.name);
}
