import type { CopyValue } from '../sql/copyText';
import { reserveIds } from '../sql/portable';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { SqlDb } from '../sql/sqlDb';

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

/** An item of an import with its findings, as the item writer takes them. */
export interface ItemWithFindings {
  item: ItemWrite;
  findings: FindingWrite[];
}

const ITEM_COLUMNS = [
  'id', 'dataset_id', 'external_id', 'kind', 'payload', 'raw_text', 'content_hash', 'metadata', 'metrics', 'import_id',
  'source_line', 'error_count', 'warning_count', 'info_count', 'created_at', 'updated_at',
] as const;
const FINDING_COLUMNS = ['item_id', 'validator', 'severity', 'location', 'message'] as const;
const STAGING_COLUMNS = [
  'import_id', 'external_id', 'item_id', 'kind', 'payload', 'raw_text', 'content_hash', 'metadata', 'metrics',
  'source_line', 'error_count', 'warning_count', 'info_count', 'findings',
] as const;
/** External ids looked up per statement when staging (well below either engine's limit of parameters). */
const LOOKUP_BATCH = 500;

/**
 * Writes an import's items in bulk through `copyRows` (inside a write): COPY on PostgreSQL, a
 * prepared INSERT per row on SQLite (issue 16 part 5). Items are written with ids reserved
 * first, so their findings go in the same way instead of waiting for each item's id.
 */
export function itemWriter(conn: AnyDb) {
  const db = asSql(conn);
  return {
    /** Inserts items and their findings into a dataset the import created (hidden until it is done). */
    insertAll(entries: readonly ItemWithFindings[]): void {
      const at = new Date().toISOString();
      const row = (item: ItemWrite): CopyValue[] => [
        item.datasetId, item.externalId, item.kind, item.payload, item.rawText, item.contentHash, item.metadata, item.metrics,
        item.importId, item.sourceLine, item.counts.error, item.counts.warning, item.counts.info, at, at,
      ];
      // Items without findings (most conversations) take their ids as they go in: one round trip fewer.
      if (entries.every((e) => e.findings.length === 0)) {
        db.copyRows('items', ITEM_COLUMNS.slice(1), entries.map((e) => row(e.item)));
        return;
      }
      const ids = reserveIds(db, 'items', entries.length);
      const findings: CopyValue[][] = [];
      const items = entries.map(({ item, findings: of }, i): CopyValue[] => {
        for (const f of of) findings.push([ids[i], f.validator, f.severity, f.location, f.message]);
        return [ids[i], ...row(item)];
      });
      db.copyRows('items', ITEM_COLUMNS, items);
      db.copyRows('findings', FINDING_COLUMNS, findings);
    },
    /** One item: {@link insertAll} of one. */
    insert(item: ItemWrite, findings: FindingWrite[]): void {
      this.insertAll([{ item, findings }]);
    },
    /**
     * Stages records of a re-import into an existing dataset (applied by `publishImport`): a
     * record whose item exists with the same content hash is left out. Returns each record's outcome.
     */
    stageAll(entries: readonly ItemWithFindings[]): StagedOutcome[] {
      const current = currentItems(db, entries);
      const rows: CopyValue[][] = [];
      const outcomes = entries.map(({ item, findings }): StagedOutcome => {
        const existing = current.get(item.externalId);
        if (existing?.content_hash === item.contentHash) return 'unchanged';
        rows.push([
          item.importId, item.externalId, existing?.id ?? null, item.kind, item.payload, item.rawText, item.contentHash, item.metadata, item.metrics,
          item.sourceLine, item.counts.error, item.counts.warning, item.counts.info,
          JSON.stringify(findings.map((f) => [f.validator, f.severity, f.location, f.message])),
        ]);
        return existing ? 'changed' : 'new';
      });
      db.copyRows('import_staging', STAGING_COLUMNS, rows);
      return outcomes;
    },
    /** One record: {@link stageAll} of one. */
    stage(item: ItemWrite, findings: FindingWrite[]): StagedOutcome {
      return this.stageAll([{ item, findings }])[0];
    },
  };
}

/** The dataset's items with the external ids of `entries` (all of one dataset), by external id. */
function currentItems(db: SqlDb, entries: readonly ItemWithFindings[]): Map<string, { id: number; content_hash: string }> {
  const found = new Map<string, { id: number; content_hash: string }>();
  for (let from = 0; from < entries.length; from += LOOKUP_BATCH) {
    const slice = entries.slice(from, from + LOOKUP_BATCH);
    const rows = db.all(
      db.q
        .selectFrom('items')
        .select(['id', 'external_id', 'content_hash'])
        .where('dataset_id', '=', slice[0].item.datasetId)
        .where('external_id', 'in', slice.map((e) => e.item.externalId)),
    );
    for (const row of rows) found.set(row.external_id, { id: row.id, content_hash: row.content_hash });
  }
  return found;
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
