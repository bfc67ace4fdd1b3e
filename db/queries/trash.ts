import { sql } from 'kysely';
import type { DatasetImpactCounts, GoldCount, RaterLabelCount, TaskImpactCounts } from '../../electron/common/deletionImpact';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';

// On the query layer (db/sql): these run on SQLite and PostgreSQL alike.

/** Counts everything under a dataset's items: the human work a deletion would remove. */
export function datasetImpact(conn: AnyDb, datasetId: number): DatasetImpactCounts {
  const db = asSql(conn);
  const underItems = (table: 'findings' | 'label_events' | 'submissions' | 'judge_calls') =>
    db.one(sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)} t JOIN items i ON i.id = t.item_id WHERE i.dataset_id = ${datasetId}`)!.n;
  return {
    items: db.one(db.q.selectFrom('items').select((eb) => eb.fn.countAll<number>().as('n')).where('dataset_id', '=', datasetId))!.n,
    findings: underItems('findings'),
    tasks: db.all(
      sql<DatasetImpactCounts['tasks'][number]>`SELECT k.name AS task, count(*) AS items FROM task_items t JOIN items i ON i.id = t.item_id JOIN tasks k ON k.id = t.task_id
        WHERE i.dataset_id = ${datasetId} GROUP BY k.id, k.name ORDER BY k.name`,
    ),
    labels: db.all(
      sql<RaterLabelCount>`SELECT r.name AS rater, r.kind AS kind, count(*) AS labels FROM labels l JOIN items i ON i.id = l.item_id JOIN raters r ON r.id = l.rater_id
        WHERE i.dataset_id = ${datasetId} GROUP BY r.id, r.name, r.kind ORDER BY r.kind, r.name`,
    ),
    labelEvents: underItems('label_events'),
    submissions: underItems('submissions'),
    gold: db.all(
      sql<GoldCount>`SELECT g.source AS source, count(*) AS count FROM gold g JOIN items i ON i.id = g.item_id WHERE i.dataset_id = ${datasetId} GROUP BY g.source ORDER BY g.source`,
    ),
    judgeCalls: underItems('judge_calls'),
  };
}

export interface TrashedRecord {
  id: number;
  name: string;
  kind: string;
  trashed_at: string;
  trashed_by: string | null;
}

/** Moves a ready dataset to the trash (inside a write); false when it is not a ready dataset. */
export function trashDataset(conn: AnyDb, datasetId: number, by: string | null, at: string): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('datasets').set({ state: 'trashed', trashed_at: at, trashed_by: by }).where('id', '=', datasetId).where('state', '=', 'ready')) > 0;
}

/** Brings a trashed dataset back, as it was (inside a write); false when it is not in the trash. */
export function restoreDataset(conn: AnyDb, datasetId: number): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('datasets').set({ state: 'ready', trashed_at: null, trashed_by: null }).where('id', '=', datasetId).where('state', '=', 'trashed')) > 0;
}

/** Hands a trashed dataset over to the chunked deletion (inside a write). */
export function markTrashedForDeletion(conn: AnyDb, datasetId: number): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('datasets').set({ state: 'deleting' }).where('id', '=', datasetId).where('state', '=', 'trashed')) > 0;
}

export function trashedDatasets(conn: AnyDb): TrashedRecord[] {
  const db = asSql(conn);
  return db.all(
    db.q.selectFrom('datasets').select(['id', 'name', 'kind', 'trashed_at', 'trashed_by']).where('state', '=', 'trashed').orderBy('trashed_at', 'desc').orderBy('id', 'desc'),
  ) as TrashedRecord[];
}

/** A dataset by id or name whatever its state, with its state. */
export function datasetAnyState(conn: AnyDb, ref: number | string): { id: number; name: string; state: string } | undefined {
  const db = asSql(conn);
  const datasets = db.q.selectFrom('datasets').select(['id', 'name', 'state']);
  return db.one(typeof ref === 'number' ? datasets.where('id', '=', ref) : datasets.where('name', '=', ref));
}

/** Counts the human work a task holds: the rows a purge of the task removes. */
export function taskImpact(conn: AnyDb, taskId: number): TaskImpactCounts {
  const db = asSql(conn);
  const count = (table: 'task_items' | 'label_events' | 'submissions' | 'gold_events' | 'judge_runs') =>
    db.one(db.q.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('task_id', '=', taskId))!.n;
  return {
    items: count('task_items'),
    annotators: db
      .all(db.q.selectFrom('task_annotators as t').innerJoin('annotators as a', 'a.id', 't.annotator_id').select('a.name').where('t.task_id', '=', taskId).orderBy('a.name'))
      .map((r) => r.name),
    labels: db.all(
      sql<RaterLabelCount>`SELECT r.name AS rater, r.kind AS kind, count(*) AS labels FROM labels l JOIN raters r ON r.id = l.rater_id
        WHERE l.task_id = ${taskId} GROUP BY r.id, r.name, r.kind ORDER BY r.kind, r.name`,
    ),
    labelEvents: count('label_events'),
    submissions: count('submissions'),
    gold: db.all(sql<GoldCount>`SELECT source, count(*) AS count FROM gold WHERE task_id = ${taskId} GROUP BY source ORDER BY source`),
    goldEdits: count('gold_events'),
    judgeRuns: count('judge_runs'),
    judgeCalls: db.one(
      db.q
        .selectFrom('judge_calls as c')
        .innerJoin('judge_runs as r', 'r.id', 'c.run_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('r.task_id', '=', taskId),
    )!.n,
  };
}

/** A task by id or name whatever its state. */
export function taskAnyState(conn: AnyDb, ref: number | string): { id: number; name: string; state: string } | undefined {
  const db = asSql(conn);
  const tasks = db.q.selectFrom('tasks').select(['id', 'name', 'state']);
  return db.one(typeof ref === 'number' ? tasks.where('id', '=', ref) : tasks.where('name', '=', ref));
}

/** Archives an active task (inside a write); false when it is not active. */
export function archiveTask(conn: AnyDb, taskId: number, by: string | null, at: string): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('tasks').set({ state: 'archived', archived_at: at, archived_by: by }).where('id', '=', taskId).where('state', '=', 'active')) > 0;
}

/** Brings an archived task back to active (inside a write); false when it is not archived. */
export function unarchiveTask(conn: AnyDb, taskId: number): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('tasks').set({ state: 'active', archived_at: null, archived_by: null }).where('id', '=', taskId).where('state', '=', 'archived')) > 0;
}

/**
 * Moves an active or archived task to the trash (inside a write). It keeps `archived_at`, so a
 * restore brings back an archived task archived.
 */
export function trashTask(conn: AnyDb, taskId: number, by: string | null, at: string): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('tasks').set({ state: 'trashed', trashed_at: at, trashed_by: by }).where('id', '=', taskId).where('state', 'in', ['active', 'archived'])) > 0;
}

export function restoreTask(conn: AnyDb, taskId: number): boolean {
  const db = asSql(conn);
  const update = db.q
    .updateTable('tasks')
    .set({ state: sql<string>`CASE WHEN archived_at IS NULL THEN 'active' ELSE 'archived' END`, trashed_at: null, trashed_by: null })
    .where('id', '=', taskId)
    .where('state', '=', 'trashed');
  return db.run(update) > 0;
}

export function markTaskForDeletion(conn: AnyDb, taskId: number): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('tasks').set({ state: 'deleting' }).where('id', '=', taskId).where('state', '=', 'trashed')) > 0;
}

export interface TrashedTaskRecord {
  id: number;
  name: string;
  trashed_at: string;
  trashed_by: string | null;
}

export function trashedTasks(conn: AnyDb): TrashedTaskRecord[] {
  const db = asSql(conn);
  return db.all(
    db.q.selectFrom('tasks').select(['id', 'name', 'trashed_at', 'trashed_by']).where('state', '=', 'trashed').orderBy('trashed_at', 'desc').orderBy('id', 'desc'),
  ) as TrashedTaskRecord[];
}

/** Tasks a purge had hidden and not finished deleting. */
export function tasksBeingDeleted(conn: AnyDb): number[] {
  const db = asSql(conn);
  return db.all(db.q.selectFrom('tasks').select('id').where('state', '=', 'deleting').orderBy('id')).map((r) => r.id);
}

const TASK_DELETE_BATCH = 2000;

/**
 * One chunk of a task's purge (inside a write): its rows go in batches, each table before the
 * ones it refers to (a label before the event that set it, an undo before the event it undid),
 * then the task row, whose cascades take what is left. True when the task is gone.
 */
export function deleteTaskChunk(conn: AnyDb, taskId: number, hold: { overBudget(): boolean }): boolean {
  const db = asSql(conn);
  const batches = [
    db.q.deleteFrom('labels').where('id', 'in', (eb) => eb.selectFrom('labels').select('id').where('task_id', '=', taskId).limit(TASK_DELETE_BATCH)),
    db.q.deleteFrom('gold_events').where('id', 'in', (eb) => eb.selectFrom('gold_events').select('id').where('task_id', '=', taskId).limit(TASK_DELETE_BATCH)),
    db.q.deleteFrom('judge_calls').where('id', 'in', (eb) =>
      eb.selectFrom('judge_calls as c').innerJoin('judge_runs as r', 'r.id', 'c.run_id').select('c.id').where('r.task_id', '=', taskId).limit(TASK_DELETE_BATCH),
    ),
    db.q
      .deleteFrom('label_events')
      .where('id', 'in', (eb) => eb.selectFrom('label_events').select('id').where('task_id', '=', taskId).orderBy('id', 'desc').limit(TASK_DELETE_BATCH)),
  ];
  // Originals kept by a discussion (0070) refer to label events; few, so in one go. (Every
  // workspace with task states, 0080, has them: recoverInterruptedWork checks that first.)
  db.run(db.q.deleteFrom('label_originals').where('task_id', '=', taskId));
  for (const batch of batches) {
    for (;;) {
      if (db.run(batch) === 0) break;
      if (hold.overBudget()) return false;
    }
  }
  db.run(db.q.deleteFrom('tasks').where('id', '=', taskId).where('state', '=', 'deleting'));
  return true;
}
