import os from 'node:os';
import type { Hold } from '../writePath';
import { sql } from 'kysely';
import { jsonArrayEach } from '../sql/portable';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { Query, SqlDb } from '../sql/sqlDb';
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
 * Owners refresh their heartbeat every few seconds while they write (importFiles.ts), so a live import never comes near it.
 */
export const IMPORT_LEASE_MS = 15 * 60_000;

/** Rows deleted per statement when discarding; a chunk runs as many as its budget allows. */
const DELETE_BATCH = 500;

export type BeginOutcome =
  | { status: 'begun'; datasetId: number; importId: number; /** the dataset is hidden: items go straight in */ direct: boolean }
  | { status: 'unchanged'; /** the earlier import of the same content */ importId: number }
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
export function beginImport(conn: AnyDb, args: BeginArgs): BeginOutcome {
  const db = asSql(conn);
  const at = new Date().toISOString();
  const existing = db.one(db.q.selectFrom('datasets').selectAll().where('name', '=', args.datasetName)) as DatasetRecord | undefined;
  let datasetId: number;
  let direct: boolean;
  if (existing) {
    if (existing.state !== 'ready') return { status: 'busy', state: existing.state };
    if (existing.kind !== args.kind) return { status: 'kind-mismatch', kind: existing.kind };
    const imports = db.all(db.q.selectFrom('imports').select(['id', 'state', 'content_hash']).where('dataset_id', '=', existing.id));
    if (imports.some((i) => i.state === 'importing')) return { status: 'busy', state: 'importing' };
    const same = imports.find((i) => i.content_hash === args.contentHash);
    if (same) return { status: 'unchanged', importId: same.id };
    datasetId = existing.id;
    direct = db.one(db.q.selectFrom('items').select(sql<number>`1`.as('one')).where('dataset_id', '=', datasetId).limit(1)) === undefined;
    if (direct) db.run(db.q.updateTable('datasets').set({ state: 'importing' }).where('id', '=', datasetId));
  } else {
    datasetId = db.one(
      db.q.insertInto('datasets').values({ name: args.datasetName, kind: args.kind, created_at: at, state: 'importing' }).returning('id'),
    )!.id;
    direct = true;
  }
  const importId = db.one(
    db.q
      .insertInto('imports')
      .values({
        dataset_id: datasetId,
        file_name: args.fileName,
        content_hash: args.contentHash,
        format: args.format,
        item_count: 0,
        skipped_count: 0,
        imported_at: at,
        state: 'importing',
        owner: thisProcess(),
        heartbeat_at: at,
      })
      .returning('id'),
  )!.id;
  return { status: 'begun', datasetId, importId, direct };
}

/**
 * The external ids of the items an import wrote that no later import has updated since, each
 * with its line in the file (null for items imported before lines were kept).
 */
export function importedIds(conn: AnyDb, importId: number): { id: string; line: number | null }[] {
  const db = asSql(conn);
  return db.all(db.q.selectFrom('items').select(['external_id as id', 'source_line as line']).where('import_id', '=', importId));
}

/** Thrown into an import whose rows were cleaned up as abandoned while it ran. */
export class ImportAbandonedError extends Error {
  constructor() {
    super('the import was given up as abandoned by another Accord process (it made no progress for too long); import the file again');
    this.name = 'ImportAbandonedError';
  }
}

/** Marks an import as alive (inside each chunk's write); throws when it was cleaned up meanwhile. */
export function heartbeat(conn: AnyDb, importId: number): void {
  const db = asSql(conn);
  const changed = db.run(
    db.q.updateTable('imports').set({ heartbeat_at: new Date().toISOString() }).where('id', '=', importId).where('state', '=', 'importing').where('owner', '=', thisProcess()),
  );
  if (changed === 0) throw new ImportAbandonedError();
}

/**
 * Makes an import visible (inside one write): applies staged records to the dataset's items,
 * records the counts, and shows the dataset. Returns the labels left on an earlier version of
 * the items it changed (null when none), which the import report states. Staged records are applied by a few set-wise
 * statements, so this holds the lock for a time proportional to the records that changed, not to
 * the file (see the import bench). The same statements on both engines (`UPDATE … FROM` exists
 * on both); only reading each staged record's findings (a JSON array) differs.
 */
export function publishImport(conn: AnyDb, importId: number, datasetId: number, counts: { imported: number; skipped: number }): ChangedLabelledRows | null {
  const db = asSql(conn);
  heartbeat(db, importId);
  const at = new Date().toISOString();
  const staged = db.one(db.q.selectFrom('import_staging').select('id').where('import_id', '=', importId).limit(1)) !== undefined;
  let changed: ChangedLabelledRows | null = null;
  if (staged) {
    db.run(sql`UPDATE items SET kind = s.kind, payload = s.payload, raw_text = s.raw_text, content_hash = s.content_hash,
              metadata = s.metadata, metrics = s.metrics, import_id = s.import_id, source_line = s.source_line,
              error_count = s.error_count, warning_count = s.warning_count, info_count = s.info_count, updated_at = ${at}
       FROM import_staging s WHERE s.import_id = ${importId} AND s.item_id = items.id`);
    db.run(sql`DELETE FROM findings WHERE item_id IN (SELECT item_id FROM import_staging WHERE import_id = ${importId} AND item_id IS NOT NULL)`);
    db.run(sql`INSERT INTO items (dataset_id, external_id, kind, payload, raw_text, content_hash, metadata, metrics, import_id,
                          source_line, error_count, warning_count, info_count, created_at, updated_at)
       SELECT ${datasetId}, external_id, kind, payload, raw_text, content_hash, metadata, metrics, import_id,
              source_line, error_count, warning_count, info_count, ${at}, ${at}
       FROM import_staging WHERE import_id = ${importId} AND item_id IS NULL ORDER BY id`);
    db.run(sql`INSERT INTO findings (item_id, validator, severity, location, message)
       SELECT i.id, f.value ->> 0, f.value ->> 1, f.value ->> 2, f.value ->> 3
       FROM import_staging s JOIN items i ON i.dataset_id = ${datasetId} AND i.external_id = s.external_id, ${jsonArrayEach(db, sql`s.findings`, 'f')}
       WHERE s.import_id = ${importId} ORDER BY s.id, f.key`);
    changed = labelsLeftOnEarlierVersions(db, importId);
    db.run(db.q.deleteFrom('import_staging').where('import_id', '=', importId));
  }
  db.run(
    db.q
      .updateTable('imports')
      .set({ state: 'done', item_count: counts.imported, skipped_count: counts.skipped, imported_at: at, owner: null, heartbeat_at: null })
      .where('id', '=', importId),
  );
  db.run(db.q.updateTable('datasets').set({ state: 'ready' }).where('id', '=', datasetId).where('state', '=', 'importing'));
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
function labelsLeftOnEarlierVersions(db: SqlDb, importId: number): ChangedLabelledRows | null {
  const where = sql`WHERE l.item_id IN (SELECT item_id FROM import_staging WHERE import_id = ${importId} AND item_id IS NOT NULL) AND l.item_hash IS DISTINCT FROM i.content_hash`;
  const byRater = db.all(
    sql<ChangedLabelledRows['byRater'][number]>`SELECT r.name AS rater, r.kind AS kind, count(*) AS labels
      FROM labels l JOIN items i ON i.id = l.item_id JOIN raters r ON r.id = l.rater_id ${where}
      GROUP BY r.id, r.name, r.kind ORDER BY r.kind, r.name`,
  );
  if (byRater.length === 0) return null;
  const items = db.one(sql<{ n: number }>`SELECT count(DISTINCT l.item_id) AS n FROM labels l JOIN items i ON i.id = l.item_id ${where}`)!.n;
  return { items, labels: byRater.reduce((sum, r) => sum + r.labels, 0), byRater };
}

/**
 * One chunk of discarding an import (inside a write): deletes its staged records and the items
 * it wrote, as many as the chunk's budget allows, and last the import itself — and its dataset
 * when the import had created it (else the dataset is shown again). True when nothing is left.
 */
export function discardImportChunk(conn: AnyDb, importId: number, hold: Hold): boolean {
  const db = asSql(conn);
  const row = db.one(db.q.selectFrom('imports').select(['dataset_id', 'state']).where('id', '=', importId));
  // Published since it was found abandoned (its owner was only slow): its rows are the dataset's now.
  if (!row || row.state !== 'importing') return true;
  // Taken from its owner in the first chunk: a stalled owner's next heartbeat or publish is refused
  // (ImportAbandonedError), so it cannot publish an import half discarded.
  db.run(db.q.updateTable('imports').set({ owner: null }).where('id', '=', importId));
  const staged = db.q.deleteFrom('import_staging').where('id', 'in', (eb) => eb.selectFrom('import_staging').select('id').where('import_id', '=', importId).limit(DELETE_BATCH));
  if (!deleteInBatches(db, staged, hold)) return false;
  const items = db.q.deleteFrom('items').where('id', 'in', (eb) => eb.selectFrom('items').select('id').where('import_id', '=', importId).limit(DELETE_BATCH));
  if (!deleteInBatches(db, items, hold)) return false;
  db.run(db.q.deleteFrom('imports').where('id', '=', importId));
  const others = db.one(db.q.selectFrom('imports').select('id').where('dataset_id', '=', row.dataset_id).limit(1)) !== undefined;
  if (others) db.run(db.q.updateTable('datasets').set({ state: 'ready' }).where('id', '=', row.dataset_id).where('state', '=', 'importing'));
  else db.run(db.q.deleteFrom('datasets').where('id', '=', row.dataset_id).where('state', '=', 'importing'));
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
function deleteInBatches(db: SqlDb, batch: Query<unknown>, hold: Hold): boolean {
  for (;;) {
    if (db.run(batch) === 0) return true;
    if (hold.overBudget()) return false;
  }
}

/** Imports left `importing` by a process that is gone (or silent beyond the lease). */
export function abandonedImports(conn: AnyDb, isAlive: (owner: string) => boolean = ownerIsAlive): number[] {
  const db = asSql(conn);
  const rows = db.all(db.q.selectFrom('imports').select(['id', 'owner', 'heartbeat_at']).where('state', '=', 'importing').orderBy('id'));
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
