import { sql } from 'kysely';
import { jsonString } from '../sql/portable';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';

/** A task item with what curation needs: the flowgraph a conversation names, and its source. */
export interface CurationItemRecord {
  item_id: number;
  external_id: string;
  dataset: string;
  kind: 'graph' | 'plan' | 'conversation';
  /** `metadata.graph`: for a conversation, the flowgraph (graph external id) it follows. */
  graph: string | null;
}

// On the query layer (db/sql): these run on SQLite and PostgreSQL alike.

/** The task's items (of ready datasets), by item id. */
export function curationItems(conn: AnyDb, taskId: number): CurationItemRecord[] {
  const db = asSql(conn);
  return db.all(
    sql<CurationItemRecord>`SELECT i.id AS item_id, i.external_id, d.name AS dataset, i.kind, ${jsonString(db, sql`i.metadata`, 'graph')} AS graph
       FROM task_items t JOIN items i ON i.id = t.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
       WHERE t.task_id = ${taskId} ORDER BY i.id`,
  );
}

/** The stored source of items to export: the raw text where kept, else the canonical payload. */
export function itemSources(conn: AnyDb, ids: readonly number[]): Map<number, { payload: string; raw_text: string | null }> {
  const db = asSql(conn);
  const out = new Map<number, { payload: string; raw_text: string | null }>();
  // A few hundred ids a statement: one round trip per batch on PostgreSQL, not per item.
  for (let k = 0; k < ids.length; k += 500) {
    const rows = db.all(db.q.selectFrom('items').select(['id', 'payload', 'raw_text']).where('id', 'in', ids.slice(k, k + 500)));
    for (const { id, ...source } of rows) out.set(id, source);
  }
  return out;
}
