import type { DatasetImpactCounts, GoldCount, RaterLabelCount, TaskImpactCounts } from '../../electron/common/deletionImpact';
import type { Db } from '../workspace';

/** Counts everything under a dataset's items: the human work a deletion would remove. */
export function datasetImpact(db: Db, datasetId: number): DatasetImpactCounts {
  const one = (sql: string) => (db.prepare(sql).get(datasetId) as { n: number }).n;
  const underItems = (table: string, alias = 't') => `SELECT count(*) AS n FROM ${table} ${alias} JOIN items i ON i.id = ${alias}.item_id WHERE i.dataset_id = ?`;
  return {
    items: one('SELECT count(*) AS n FROM items WHERE dataset_id = ?'),
    findings: one(underItems('findings')),
    tasks: db
      .prepare('SELECT k.name AS task, count(*) AS items FROM task_items t JOIN items i ON i.id = t.item_id JOIN tasks k ON k.id = t.task_id WHERE i.dataset_id = ? GROUP BY k.id ORDER BY k.name')
      .all(datasetId) as DatasetImpactCounts['tasks'],
    labels: db
      .prepare(
        `SELECT r.name AS rater, r.kind AS kind, count(*) AS labels FROM labels l JOIN items i ON i.id = l.item_id JOIN raters r ON r.id = l.rater_id
         WHERE i.dataset_id = ? GROUP BY r.id ORDER BY r.kind, r.name`,
      )
      .all(datasetId) as RaterLabelCount[],
    labelEvents: one(underItems('label_events')),
    submissions: one(underItems('submissions')),
    gold: db.prepare('SELECT g.source AS source, count(*) AS count FROM gold g JOIN items i ON i.id = g.item_id WHERE i.dataset_id = ? GROUP BY g.source ORDER BY g.source').all(datasetId) as GoldCount[],
    judgeCalls: one(underItems('judge_calls')),
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
export function trashDataset(db: Db, datasetId: number, by: string | null, at: string): boolean {
  return db.prepare("UPDATE datasets SET state = 'trashed', trashed_at = ?, trashed_by = ? WHERE id = ? AND state = 'ready'").run(at, by, datasetId).changes > 0;
}

/** Brings a trashed dataset back, as it was (inside a write); false when it is not in the trash. */
export function restoreDataset(db: Db, datasetId: number): boolean {
  return db.prepare("UPDATE datasets SET state = 'ready', trashed_at = NULL, trashed_by = NULL WHERE id = ? AND state = 'trashed'").run(datasetId).changes > 0;
}

/** Hands a trashed dataset over to the chunked deletion (inside a write). */
export function markTrashedForDeletion(db: Db, datasetId: number): boolean {
  return db.prepare("UPDATE datasets SET state = 'deleting' WHERE id = ? AND state = 'trashed'").run(datasetId).changes > 0;
}

export function trashedDatasets(db: Db): TrashedRecord[] {
  return db.prepare("SELECT id, name, kind, trashed_at, trashed_by FROM datasets WHERE state = 'trashed' ORDER BY trashed_at DESC, id DESC").all() as TrashedRecord[];
}

/** A dataset by id or name whatever its state, with its state. */
export function datasetAnyState(db: Db, ref: number | string): { id: number; name: string; state: string } | undefined {
  const sql = typeof ref === 'number' ? 'SELECT id, name, state FROM datasets WHERE id = ?' : 'SELECT id, name, state FROM datasets WHERE name = ?';
  return db.prepare(sql).get(ref) as { id: number; name: string; state: string } | undefined;
}

/** Counts the human work a task holds: the rows a purge of the task removes. */
export function taskImpact(db: Db, taskId: number): TaskImpactCounts {
  const one = (sql: string) => (db.prepare(sql).get(taskId) as { n: number }).n;
  return {
    items: one('SELECT count(*) AS n FROM task_items WHERE task_id = ?'),
    annotators: (db.prepare('SELECT a.name FROM task_annotators t JOIN annotators a ON a.id = t.annotator_id WHERE t.task_id = ? ORDER BY a.name').all(taskId) as { name: string }[]).map((r) => r.name),
    labels: db
      .prepare('SELECT r.name AS rater, r.kind AS kind, count(*) AS labels FROM labels l JOIN raters r ON r.id = l.rater_id WHERE l.task_id = ? GROUP BY r.id ORDER BY r.kind, r.name')
      .all(taskId) as RaterLabelCount[],
    labelEvents: one('SELECT count(*) AS n FROM label_events WHERE task_id = ?'),
    submissions: one('SELECT count(*) AS n FROM submissions WHERE task_id = ?'),
    gold: db.prepare('SELECT source, count(*) AS count FROM gold WHERE task_id = ? GROUP BY source ORDER BY source').all(taskId) as GoldCount[],
    goldEdits: one('SELECT count(*) AS n FROM gold_events WHERE task_id = ?'),
    judgeRuns: one('SELECT count(*) AS n FROM judge_runs WHERE task_id = ?'),
    judgeCalls: one('SELECT count(*) AS n FROM judge_calls c JOIN judge_runs r ON r.id = c.run_id WHERE r.task_id = ?'),
  };
}

/** A task by id or name whatever its state. */
export function taskAnyState(db: Db, ref: number | string): { id: number; name: string; state: string } | undefined {
  const sql = typeof ref === 'number' ? 'SELECT id, name, state FROM tasks WHERE id = ?' : 'SELECT id, name, state FROM tasks WHERE name = ?';
  return db.prepare(sql).get(ref) as { id: number; name: string; state: string } | undefined;
}

/** Archives an active task (inside a write); false when it is not active. */
export function archiveTask(db: Db, taskId: number, by: string | null, at: string): boolean {
  return db.prepare("UPDATE tasks SET state = 'archived', archived_at = ?, archived_by = ? WHERE id = ? AND state = 'active'").run(at, by, taskId).changes > 0;
}

/** Brings an archived task back to active (inside a write); false when it is not archived. */
export function unarchiveTask(db: Db, taskId: number): boolean {
  return db.prepare("UPDATE tasks SET state = 'active', archived_at = NULL, archived_by = NULL WHERE id = ? AND state = 'archived'").run(taskId).changes > 0;
}

/**
 * Moves an active or archived task to the trash (inside a write). It keeps `archived_at`, so a
 * restore brings back an archived task archived.
 */
export function trashTask(db: Db, taskId: number, by: string | null, at: string): boolean {
  return db.prepare("UPDATE tasks SET state = 'trashed', trashed_at = ?, trashed_by = ? WHERE id = ? AND state IN ('active', 'archived')").run(at, by, taskId).changes > 0;
}

export function restoreTask(db: Db, taskId: number): boolean {
  return (
    db
      .prepare("UPDATE tasks SET state = CASE WHEN archived_at IS NULL THEN 'active' ELSE 'archived' END, trashed_at = NULL, trashed_by = NULL WHERE id = ? AND state = 'trashed'")
      .run(taskId).changes > 0
  );
}

export function markTaskForDeletion(db: Db, taskId: number): boolean {
  return db.prepare("UPDATE tasks SET state = 'deleting' WHERE id = ? AND state = 'trashed'").run(taskId).changes > 0;
}

export interface TrashedTaskRecord {
  id: number;
  name: string;
  trashed_at: string;
  trashed_by: string | null;
}

export function trashedTasks(db: Db): TrashedTaskRecord[] {
  return db.prepare("SELECT id, name, trashed_at, trashed_by FROM tasks WHERE state = 'trashed' ORDER BY trashed_at DESC, id DESC").all() as TrashedTaskRecord[];
}

/** Tasks a purge had hidden and not finished deleting. */
export function tasksBeingDeleted(db: Db): number[] {
  return (db.prepare("SELECT id FROM tasks WHERE state = 'deleting'").all() as { id: number }[]).map((r) => r.id);
}

const TASK_DELETE_BATCH = 2000;

/**
 * One chunk of a task's purge (inside a write): its rows go in batches, each table before the
 * ones it refers to (a label before the event that set it, an undo before the event it undid),
 * then the task row, whose cascades take what is left. True when the task is gone.
 */
export function deleteTaskChunk(db: Db, taskId: number, hold: { overBudget(): boolean }): boolean {
  const tables: string[] = [
    'DELETE FROM labels WHERE id IN (SELECT id FROM labels WHERE task_id = ? LIMIT ?)',
    'DELETE FROM gold_events WHERE id IN (SELECT id FROM gold_events WHERE task_id = ? LIMIT ?)',
    'DELETE FROM judge_calls WHERE id IN (SELECT c.id FROM judge_calls c JOIN judge_runs r ON r.id = c.run_id WHERE r.task_id = ? LIMIT ?)',
    'DELETE FROM label_events WHERE id IN (SELECT id FROM label_events WHERE task_id = ? ORDER BY id DESC LIMIT ?)',
  ];
  // Originals kept by a discussion (0070) refer to label events; few, so in one go.
  if (hasTable(db, 'label_originals')) db.prepare('DELETE FROM label_originals WHERE task_id = ?').run(taskId);
  for (const sql of tables) {
    const statement = db.prepare(sql);
    for (;;) {
      if (statement.run(taskId, TASK_DELETE_BATCH).changes === 0) break;
      if (hold.overBudget()) return false;
    }
  }
  db.prepare("DELETE FROM tasks WHERE id = ? AND state = 'deleting'").run(taskId);
  return true;
}

function hasTable(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}
