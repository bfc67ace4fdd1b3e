import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { Db } from '../workspace';

/** Row shapes as stored; JSON columns are still strings here. */
export interface DatasetRecord {
  id: number;
  name: string;
  kind: string;
  created_at: string;
  /** `ready`, or hidden while an import creates it (`importing`) or while it is deleted (`deleting`). */
  state: 'importing' | 'ready' | 'deleting' | 'trashed';
}

export interface ItemWrite {
  datasetId: number;
  externalId: string;
  kind: string;
  payload: string;
  rawText: string | null;
  contentHash: string;
  metadata: string;
  metrics: string | null;
  importId: number;
  sourceLine: number | null;
  counts: { error: number; warning: number; info: number };
}

export interface FindingWrite {
  validator: string;
  severity: string;
  location: string | null;
  message: string;
}

/** How a record of a re-import compares with the dataset's item of the same external id. */
export type StagedOutcome = 'new' | 'changed' | 'unchanged';

/**
 * Prepared statements for writing an import's items, on the connection a write was given.
 * Prepared once per import: imports call them per record, so re-preparing would dominate.
 * SQLite only, on purpose: compiling a query per record would cost imports their speed, and on
 * PostgreSQL imports stream through COPY instead (issue 16 part 5; electron/services/import).
 */
export function itemWriter(db: Db) {
  const now = () => new Date().toISOString();
  // Parameters by position, not by name: an import binds them 100,000 times, and binding by
  // name costs a lookup per parameter (~2 µs a row).
  const insertItem = db.prepare<[number, string, string, string, string | null, string, string, string | null, number, number | null, number, number, number, string, string]>(
    `INSERT INTO items (dataset_id, external_id, kind, payload, raw_text, content_hash, metadata, metrics, import_id,
                        source_line, error_count, warning_count, info_count, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertFinding = db.prepare<[number, string, string, string | null, string]>(
    'INSERT INTO findings (item_id, validator, severity, location, message) VALUES (?, ?, ?, ?, ?)',
  );
  const existing = db.prepare<[number, string], { id: number; content_hash: string }>('SELECT id, content_hash FROM items WHERE dataset_id = ? AND external_id = ?');
  const stage = db.prepare<[number, string, number | null, string, string, string | null, string, string, string | null, number | null, number, number, number, string]>(
    `INSERT INTO import_staging (import_id, external_id, item_id, kind, payload, raw_text, content_hash, metadata, metrics,
                                 source_line, error_count, warning_count, info_count, findings)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  return {
    /** Inserts an item and its findings into a dataset the import created (hidden until it is done). */
    insert(item: ItemWrite, findings: FindingWrite[]): void {
      const at = now();
      const id = Number(
        insertItem.run(
          item.datasetId,
          item.externalId,
          item.kind,
          item.payload,
          item.rawText,
          item.contentHash,
          item.metadata,
          item.metrics,
          item.importId,
          item.sourceLine,
          item.counts.error,
          item.counts.warning,
          item.counts.info,
          at,
          at,
        ).lastInsertRowid,
      );
      for (const f of findings) insertFinding.run(id, f.validator, f.severity, f.location, f.message);
    },
    /**
     * Stages a record of a re-import into an existing dataset (applied by `publishImport`): a
     * record whose item exists with the same content hash is left out.
     */
    stage(item: ItemWrite, findings: FindingWrite[]): StagedOutcome {
      const current = existing.get(item.datasetId, item.externalId);
      if (current?.content_hash === item.contentHash) return 'unchanged';
      stage.run(
        item.importId,
        item.externalId,
        current?.id ?? null,
        item.kind,
        item.payload,
        item.rawText,
        item.contentHash,
        item.metadata,
        item.metrics,
        item.sourceLine,
        item.counts.error,
        item.counts.warning,
        item.counts.info,
        JSON.stringify(findings.map((f) => [f.validator, f.severity, f.location, f.message])),
      );
      return current ? 'changed' : 'new';
    },
  };
}

export type ItemWriter = ReturnType<typeof itemWriter>;

/** A ready dataset by name (hidden ones, being imported, deleted or in the trash, are not found). On the query layer. */
export function readyDatasetByName(conn: AnyDb, name: string): DatasetRecord | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('datasets').selectAll().where('name', '=', name).where('state', '=', 'ready')) as DatasetRecord | undefined;
}

/** Lookups of the catalogue as readers see it: `ready` datasets only (on the query layer). */
export function catalogQueries(conn: AnyDb) {
  return {
    datasetByName: (name: string) => readyDatasetByName(conn, name),
  };
}

export type CatalogQueries = ReturnType<typeof catalogQueries>;
