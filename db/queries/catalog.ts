import type { Db } from '../workspace';

/** Row shapes as stored; JSON columns are still strings here. */
export interface DatasetRecord {
  id: number;
  name: string;
  kind: string;
  created_at: string;
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

/** An item's columns in the order of the insert statements' parameters (the time twice: created, updated). */
type ItemRow = [
  datasetId: number,
  externalId: string,
  kind: string,
  payload: string,
  rawText: string | null,
  contentHash: string,
  metadata: string,
  metrics: string | null,
  importId: number,
  sourceLine: number | null,
  errors: number,
  warnings: number,
  infos: number,
  createdAt: string,
  updatedAt: string,
];

export interface FindingWrite {
  validator: string;
  severity: string;
  location: string | null;
  message: string;
}

/**
 * Prepared statements for the catalogue (datasets, imports, items, findings). Prepared once
 * per connection: imports call them per record, so re-preparing would dominate.
 */
export function catalogQueries(db: Db) {
  const now = () => new Date().toISOString();
  const datasetByName = db.prepare<[string], DatasetRecord>('SELECT * FROM datasets WHERE name = ?');
  const insertDataset = db.prepare<[string, string, string]>('INSERT INTO datasets (name, kind, created_at) VALUES (?, ?, ?)');
  const importByHash = db.prepare<[number, string], { id: number }>(
    'SELECT id FROM imports WHERE dataset_id = ? AND content_hash = ?',
  );
  const insertImport = db.prepare(
    `INSERT INTO imports (dataset_id, file_name, content_hash, format, item_count, skipped_count, imported_at)
     VALUES (@datasetId, @fileName, @contentHash, @format, 0, 0, @at)`,
  );
  const itemCount = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM items WHERE dataset_id = ?');
  const finishImport = db.prepare<[number, number, number]>('UPDATE imports SET item_count = ?, skipped_count = ? WHERE id = ?');
  // Upsert that leaves an unchanged item (same content hash) untouched and tells us so by
  // returning no row.
  // Parameters by position, not by name: an import binds them 100,000 times, and binding by
  // name costs a lookup per parameter (~2 µs a row).
  const upsertItem = db.prepare<ItemRow, { id: number }>(
    `INSERT INTO items (dataset_id, external_id, kind, payload, raw_text, content_hash, metadata, metrics, import_id,
                        source_line, error_count, warning_count, info_count, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (dataset_id, external_id) DO UPDATE SET
       kind = excluded.kind, payload = excluded.payload, raw_text = excluded.raw_text,
       content_hash = excluded.content_hash, metadata = excluded.metadata, metrics = excluded.metrics,
       import_id = excluded.import_id, source_line = excluded.source_line, error_count = excluded.error_count,
       warning_count = excluded.warning_count, info_count = excluded.info_count, updated_at = excluded.updated_at
     WHERE items.content_hash <> excluded.content_hash
     RETURNING id`,
  );
  // A dataset's first import cannot conflict; the plain insert skips the conflict check.
  const insertItem = db.prepare<ItemRow>(
    `INSERT INTO items (dataset_id, external_id, kind, payload, raw_text, content_hash, metadata, metrics, import_id,
                        source_line, error_count, warning_count, info_count, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const deleteFindings = db.prepare<[number]>('DELETE FROM findings WHERE item_id = ?');
  const insertFinding = db.prepare<[number, string, string, string | null, string]>(
    'INSERT INTO findings (item_id, validator, severity, location, message) VALUES (?, ?, ?, ?, ?)',
  );

  return {
    datasetByName: (name: string) => datasetByName.get(name),
    createDataset(name: string, kind: string): number {
      return Number(insertDataset.run(name, kind, now()).lastInsertRowid);
    },
    isAlreadyImported: (datasetId: number, contentHash: string) => importByHash.get(datasetId, contentHash) !== undefined,
    createImport(datasetId: number, fileName: string, contentHash: string, format: string): number {
      return Number(insertImport.run({ datasetId, fileName, contentHash, format, at: now() }).lastInsertRowid);
    },
    isEmpty: (datasetId: number) => itemCount.get(datasetId)!.n === 0,
    finishImport: (importId: number, items: number, skipped: number) => finishImport.run(items, skipped, importId),
    /**
     * Writes an item and its findings; returns false when an identical item was already there.
     * `fresh`: the dataset had no items before this import, so nothing can conflict.
     */
    writeItem(item: ItemWrite, findings: FindingWrite[], fresh = false): boolean {
      const at = now();
      const values: ItemRow = [
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
      ];
      if (fresh) {
        const id = Number(insertItem.run(...values).lastInsertRowid);
        for (const f of findings) insertFinding.run(id, f.validator, f.severity, f.location, f.message);
        return true;
      }
      const row = upsertItem.get(...values);
      if (!row) return false;
      deleteFindings.run(row.id);
      for (const f of findings) insertFinding.run(row.id, f.validator, f.severity, f.location, f.message);
      return true;
    },
  };
}

export type CatalogQueries = ReturnType<typeof catalogQueries>;
