import type { Db } from '../workspace';

/** What deleting a dataset would take with it, counted from the rows (see `datasetImpact`). */
export interface ImpactRows {
  items: number;
  findings: number;
  tasks: { task: string; items: number }[];
  labels: { rater: string; kind: 'human' | 'judge'; labels: number }[];
  labelEvents: number;
  submissions: number;
  gold: { source: 'unanimous' | 'adjudicated'; count: number }[];
  judgeCalls: number;
}

/** Counts everything under a dataset's items: the human work a deletion would remove. */
export function datasetImpact(db: Db, datasetId: number): ImpactRows {
  const one = (sql: string) => (db.prepare(sql).get(datasetId) as { n: number }).n;
  const underItems = (table: string, alias = 't') => `SELECT count(*) AS n FROM ${table} ${alias} JOIN items i ON i.id = ${alias}.item_id WHERE i.dataset_id = ?`;
  return {
    items: one('SELECT count(*) AS n FROM items WHERE dataset_id = ?'),
    findings: one(underItems('findings')),
    tasks: db
      .prepare('SELECT k.name AS task, count(*) AS items FROM task_items t JOIN items i ON i.id = t.item_id JOIN tasks k ON k.id = t.task_id WHERE i.dataset_id = ? GROUP BY k.id ORDER BY k.name')
      .all(datasetId) as ImpactRows['tasks'],
    labels: db
      .prepare(
        `SELECT r.name AS rater, r.kind AS kind, count(*) AS labels FROM labels l JOIN items i ON i.id = l.item_id JOIN raters r ON r.id = l.rater_id
         WHERE i.dataset_id = ? GROUP BY r.id ORDER BY r.kind, r.name`,
      )
      .all(datasetId) as ImpactRows['labels'],
    labelEvents: one(underItems('label_events')),
    submissions: one(underItems('submissions')),
    gold: db.prepare('SELECT g.source AS source, count(*) AS count FROM gold g JOIN items i ON i.id = g.item_id WHERE i.dataset_id = ? GROUP BY g.source ORDER BY g.source').all(datasetId) as ImpactRows['gold'],
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
