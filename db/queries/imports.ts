import os from 'node:os';
import type { Hold } from '../writePath';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { Db } from '../workspace';
import type { DatasetRecord } from './catalog';

// The life of an import that commits in chunks (see 0050_import_state.sql): begun, written chunk
// by chunk while nobody can see it, then published in one short write — or discarded, in chunks,
// when it fails, is cancelled, or its process died.

/** This process, as an import's owner: "host pid". */
export function thisProcess(): string {
  return `${os.hostname()} ${process.pid}`;
}

/**
 * An import whose owner has not been heard of for this long is abandoned even if a process with
 * its pid is alive (the pid was reused, or the owner runs on another host sharing the file).
 * Owners refresh their heartbeat with every chunk, so a live import never comes near it.
 */
export const IMPORT_LEASE_MS = 15 * 60_000;

/** Rows deleted per statement when discarding; a chunk runs as many as its budget allows. */
const DELETE_BATCH = 500;

export type BeginOutcome =
  | { status: 'begun'; datasetId: number; importId: number; /** the dataset is hidden: items go straight in */ direct: boolean }
  | { status: 'unchanged' }
  | { status: 'kind-mismatch'; kind: string }
  | { status: 'busy'; state: 'importing' | 'deleting' | 'trashed' };

export interface BeginArgs {
  datasetName: string;
  kind: string;
  fileName: string;
  contentHash: string;
  format: string;
}

/**
 * Starts an import (inside a write). A new dataset is created hidden (`importing`), and so is an
 * existing one that holds no items yet; either way its items are written straight into `items`.
 * An existing dataset with items stays visible, and the import stages its records instead.
 */
export function beginImport(db: Db, args: BeginArgs): BeginOutcome {
  const at = new Date().toISOString();
  const existing = db.prepare('SELECT * FROM datasets WHERE name = ?').get(args.datasetName) as DatasetRecord | undefined;
  let datasetId: number;
  let direct: boolean;
  if (existing) {
    if (existing.state !== 'ready') return { status: 'busy', state: existing.state };
    if (existing.kind !== args.kind) return { status: 'kind-mismatch', kind: existing.kind };
    const imports = db.prepare('SELECT state, content_hash FROM imports WHERE dataset_id = ?').all(existing.id) as { state: string; content_hash: string }[];
    if (imports.some((i) => i.state === 'importing')) return { status: 'busy', state: 'importing' };
    if (imports.some((i) => i.content_hash === args.contentHash)) return { status: 'unchanged' };
    datasetId = existing.id;
    direct = db.prepare('SELECT 1 FROM items WHERE dataset_id = ? LIMIT 1').get(datasetId) === undefined;
    if (direct) db.prepare("UPDATE datasets SET state = 'importing' WHERE id = ?").run(datasetId);
  } else {
    datasetId = Number(db.prepare("INSERT INTO datasets (name, kind, created_at, state) VALUES (?, ?, ?, 'importing')").run(args.datasetName, args.kind, at).lastInsertRowid);
    direct = true;
  }
  const importId = Number(
    db
      .prepare(
        `INSERT INTO imports (dataset_id, file_name, content_hash, format, item_count, skipped_count, imported_at, state, owner, heartbeat_at)
         VALUES (?, ?, ?, ?, 0, 0, ?, 'importing', ?, ?)`,
      )
      .run(datasetId, args.fileName, args.contentHash, args.format, at, thisProcess(), at).lastInsertRowid,
  );
  return { status: 'begun', datasetId, importId, direct };
}

/** Thrown into an import whose rows were cleaned up as abandoned while it ran. */
export class ImportAbandonedError extends Error {
  constructor() {
    super('the import was given up as abandoned by another Accord process (it made no progress for too long); import the file again');
    this.name = 'ImportAbandonedError';
  }
}

/** Marks an import as alive (inside each chunk's write); throws when it was cleaned up meanwhile. */
export function heartbeat(db: Db, importId: number): void {
  const changed = db
    .prepare("UPDATE imports SET heartbeat_at = ? WHERE id = ? AND state = 'importing' AND owner = ?")
    .run(new Date().toISOString(), importId, thisProcess()).changes;
  if (changed === 0) throw new ImportAbandonedError();
}

/**
 * Makes an import visible (inside one write): applies staged records to the dataset's items,
 * records the counts, and shows the dataset. Returns the labels left on an earlier version of
 * the items it changed (null when none), which the import report states. Staged records are applied by a few set-wise
 * statements, so this holds the lock for a time proportional to the records that changed, not to
 * the file (see the import bench).
 */
export function publishImport(db: Db, importId: number, datasetId: number, counts: { imported: number; skipped: number }): ChangedLabelledRows | null {
  heartbeat(db, importId);
  const at = new Date().toISOString();
  const staged = db.prepare('SELECT 1 FROM import_staging WHERE import_id = ? LIMIT 1').get(importId) !== undefined;
  let changed: ChangedLabelledRows | null = null;
  if (staged) {
    db.prepare(
      `UPDATE items SET kind = s.kind, payload = s.payload, raw_text = s.raw_text, content_hash = s.content_hash,
              metadata = s.metadata, metrics = s.metrics, import_id = s.import_id, source_line = s.source_line,
              error_count = s.error_count, warning_count = s.warning_count, info_count = s.info_count, updated_at = ?
       FROM import_staging s WHERE s.import_id = ? AND s.item_id = items.id`,
    ).run(at, importId);
    db.prepare('DELETE FROM findings WHERE item_id IN (SELECT item_id FROM import_staging WHERE import_id = ? AND item_id IS NOT NULL)').run(importId);
    db.prepare(
      `INSERT INTO items (dataset_id, external_id, kind, payload, raw_text, content_hash, metadata, metrics, import_id,
                          source_line, error_count, warning_count, info_count, created_at, updated_at)
       SELECT ?, external_id, kind, payload, raw_text, content_hash, metadata, metrics, import_id,
              source_line, error_count, warning_count, info_count, ?, ?
       FROM import_staging WHERE import_id = ? AND item_id IS NULL ORDER BY id`,
    ).run(datasetId, at, at, importId);
    db.prepare(
      `INSERT INTO findings (item_id, validator, severity, location, message)
       SELECT i.id, f.value ->> 0, f.value ->> 1, f.value ->> 2, f.value ->> 3
       FROM import_staging s JOIN items i ON i.dataset_id = ? AND i.external_id = s.external_id, json_each(s.findings) f
       WHERE s.import_id = ? ORDER BY s.id, f.key`,
    ).run(datasetId, importId);
    changed = labelsLeftOnEarlierVersions(db, importId);
    db.prepare('DELETE FROM import_staging WHERE import_id = ?').run(importId);
  }
  db.prepare("UPDATE imports SET state = 'done', item_count = ?, skipped_count = ?, imported_at = ?, owner = NULL, heartbeat_at = NULL WHERE id = ?").run(
    counts.imported,
    counts.skipped,
    at,
    importId,
  );
  db.prepare("UPDATE datasets SET state = 'ready' WHERE id = ? AND state = 'importing'").run(datasetId);
  return changed;
}

/** Items a re-import changed that had labels, and those labels, now on an earlier version of their item (per rater). */
export interface ChangedLabelledRows {
  items: number;
  labels: number;
  byRater: { rater: string; kind: 'human' | 'judge'; labels: number }[];
}

/**
 * The labels on the items an import changed (its staged records with an item) that were made on
 * another version than the one the item has now: kept, and flagged (labels.ts). Null when none.
 */
function labelsLeftOnEarlierVersions(db: Db, importId: number): ChangedLabelledRows | null {
  const where = `FROM labels l JOIN items i ON i.id = l.item_id
    WHERE l.item_id IN (SELECT item_id FROM import_staging WHERE import_id = ? AND item_id IS NOT NULL) AND l.item_hash IS NOT i.content_hash`;
  const byRater = db
    .prepare(`SELECT r.name AS rater, r.kind AS kind, count(*) AS labels ${where.replace('FROM labels l', 'FROM labels l JOIN raters r ON r.id = l.rater_id')} GROUP BY r.id ORDER BY r.kind, r.name`)
    .all(importId) as ChangedLabelledRows['byRater'];
  if (byRater.length === 0) return null;
  const items = (db.prepare(`SELECT count(DISTINCT l.item_id) AS n ${where}`).get(importId) as { n: number }).n;
  return { items, labels: byRater.reduce((sum, r) => sum + r.labels, 0), byRater };
}

/**
 * One chunk of discarding an import (inside a write): deletes its staged records and the items
 * it wrote, as many as the chunk's budget allows, and last the import itself — and its dataset
 * when the import had created it (else the dataset is shown again). True when nothing is left.
 */
export function discardImportChunk(db: Db, importId: number, hold: Hold): boolean {
  const row = db.prepare('SELECT dataset_id FROM imports WHERE id = ?').get(importId) as { dataset_id: number } | undefined;
  if (!row) return true;
  if (!deleteInBatches(db, 'DELETE FROM import_staging WHERE id IN (SELECT id FROM import_staging WHERE import_id = ? LIMIT ?)', importId, hold)) return false;
  if (!deleteInBatches(db, 'DELETE FROM items WHERE id IN (SELECT id FROM items WHERE import_id = ? LIMIT ?)', importId, hold)) return false;
  db.prepare('DELETE FROM imports WHERE id = ?').run(importId);
  const others = db.prepare('SELECT 1 FROM imports WHERE dataset_id = ? LIMIT 1').get(row.dataset_id) !== undefined;
  if (others) db.prepare("UPDATE datasets SET state = 'ready' WHERE id = ? AND state = 'importing'").run(row.dataset_id);
  else db.prepare("DELETE FROM datasets WHERE id = ? AND state = 'importing'").run(row.dataset_id);
  return true;
}

/** Hides a dataset before it is deleted in chunks; false when there is no such (visible) dataset. */
export function hideDatasetForDeletion(conn: AnyDb, datasetId: number): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('datasets').set({ state: 'deleting' }).where('id', '=', datasetId).where('state', '=', 'ready')) > 0;
}

/**
 * One chunk of deleting a hidden dataset (inside a write): its items (their findings, task
 * entries and labels go with them), then the dataset. True when it is gone.
 */
export function deleteDatasetChunk(conn: AnyDb, datasetId: number, hold: Hold): boolean {
  // On the query layer (both engines), unlike the import functions around it.
  const db = asSql(conn);
  const batch = db.q.deleteFrom('items').where('id', 'in', (eb) => eb.selectFrom('items').select('id').where('dataset_id', '=', datasetId).limit(DELETE_BATCH));
  for (;;) {
    if (db.run(batch) === 0) break;
    if (hold.overBudget()) return false;
  }
  db.run(db.q.deleteFrom('datasets').where('id', '=', datasetId).where('state', '=', 'deleting'));
  return true;
}

/** Runs a batched DELETE until it deletes nothing (true) or the chunk's budget is spent (false). */
function deleteInBatches(db: Db, sql: string, id: number, hold: Hold): boolean {
  const statement = db.prepare(sql);
  for (;;) {
    if (statement.run(id, DELETE_BATCH).changes === 0) return true;
    if (hold.overBudget()) return false;
  }
}

/** Imports left `importing` by a process that is gone (or silent beyond the lease). */
export function abandonedImports(db: Db, isAlive: (owner: string) => boolean = ownerIsAlive): number[] {
  const rows = db.prepare("SELECT id, owner, heartbeat_at FROM imports WHERE state = 'importing'").all() as { id: number; owner: string | null; heartbeat_at: string | null }[];
  const now = Date.now();
  return rows
    .filter((r) => r.owner === null || r.heartbeat_at === null || now - Date.parse(r.heartbeat_at) > IMPORT_LEASE_MS || !isAlive(r.owner))
    .map((r) => r.id);
}

/** Datasets a deletion had hidden and not finished deleting. */
export function datasetsBeingDeleted(conn: AnyDb): number[] {
  const db = asSql(conn);
  return db.all(db.q.selectFrom('datasets').select('id').where('state', '=', 'deleting').orderBy('id')).map((r) => r.id);
}

/** Whether the owner of an import ("host pid") may still be running: only a same-host pid can be checked. */
function ownerIsAlive(owner: string): boolean {
  const cut = owner.lastIndexOf(' ');
  const host = owner.slice(0, cut);
  const pid = Number(owner.slice(cut + 1));
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
