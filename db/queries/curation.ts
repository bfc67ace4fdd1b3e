import type { Db } from '../workspace';

/** A task item with what curation needs: the flowgraph a conversation names, and its source. */
export interface CurationItemRecord {
  item_id: number;
  external_id: string;
  dataset: string;
  kind: 'graph' | 'plan' | 'conversation';
  /** `metadata.graph`: for a conversation, the flowgraph (graph external id) it follows. */
  graph: string | null;
}

/** The task's items (of ready datasets), by item id. */
export function curationItems(db: Db, taskId: number): CurationItemRecord[] {
  return db
    .prepare(
      `SELECT i.id AS item_id, i.external_id, d.name AS dataset, i.kind,
              CASE WHEN json_type(i.metadata, '$.graph') = 'text' THEN json_extract(i.metadata, '$.graph') END AS graph
       FROM task_items t JOIN items i ON i.id = t.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
       WHERE t.task_id = ? ORDER BY i.id`,
    )
    .all(taskId) as CurationItemRecord[];
}

/** The stored source of items to export: the raw text where kept, else the canonical payload. */
export function itemSources(db: Db, ids: readonly number[]): Map<number, { payload: string; raw_text: string | null }> {
  const get = db.prepare('SELECT payload, raw_text FROM items WHERE id = ?');
  const out = new Map<number, { payload: string; raw_text: string | null }>();
  for (const id of ids) {
    const row = get.get(id) as { payload: string; raw_text: string | null } | undefined;
    if (row) out.set(id, row);
  }
  return out;
}
