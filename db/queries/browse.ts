import type { Db } from '../workspace';

/** Filter of the item browser, applied in SQL so 100,000 items page fast. */
export interface ItemQuery {
  datasetId?: number;
  kind?: string;
  search?: string;
  severity?: 'error' | 'warning' | 'info';
  metadata?: Record<string, string | number | boolean>;
  /**
   * Set for a caller from whom tasks hide automatic scores (issue 13): on an item of such a task
   * the filters and the findings sort act only on what the caller is shown — findings of these
   * validators (reading aids), metadata fields other than these score fields — so neither the
   * membership nor the order of a page can give a hidden score away.
   */
  blind?: BlindBrowsing;
}

/** What a caller blind to automatic scores sees of an item of a task hiding them. */
export interface BlindBrowsing {
  readingAids: readonly string[];
  scoreKeys: readonly string[];
}

/** Whether the item `i` is in a task hiding automatic scores (the condition itemsWithHiddenScores applies). */
const HIDES_SCORES = 'EXISTS (SELECT 1 FROM task_items ht JOIN tasks hk ON hk.id = ht.task_id WHERE ht.item_id = i.id AND hk.hide_scores = 1)';

export interface ItemListRow {
  id: number;
  external_id: string;
  dataset_id: number;
  dataset: string;
  kind: string;
  metadata: string;
  metrics: string | null;
  error_count: number;
  warning_count: number;
  info_count: number;
}

export interface ItemFullRow extends ItemListRow {
  /** The User Journey Coverage Score of a conversation's graph in its dataset, if any. */
  journey_coverage: number | null;
  journey_conversations: number | null;
  payload: string;
  raw_text: string | null;
  content_hash: string;
  source_line: number | null;
  source_file: string | null;
}

const SORT_COLUMNS = {
  id: 'i.id',
  externalId: 'i.external_id',
  dataset: 'd.name',
  kind: 'i.kind',
  findings: '(i.error_count * 1000000 + i.warning_count * 1000 + i.info_count)',
} as const;

export type ItemSort = keyof typeof SORT_COLUMNS;

/** `IN (?, ?, …)` for a list (never empty: `IN (NULL)` matches nothing). */
function inList(values: readonly string[]): string {
  return values.length ? `(${values.map(() => '?').join(', ')})` : '(NULL)';
}

/** The sort key of the findings column: the counts the caller is shown (reading aids only on items hiding scores from them). */
function sortKey(sort: ItemSort, blind: BlindBrowsing | undefined): { sql: string; params: unknown[] } {
  if (sort !== 'findings' || !blind) return { sql: SORT_COLUMNS[sort], params: [] };
  const shown = `(SELECT coalesce(sum(CASE f.severity WHEN 'error' THEN 1000000 WHEN 'warning' THEN 1000 ELSE 1 END), 0)
                  FROM findings f WHERE f.item_id = i.id AND f.validator IN ${inList(blind.readingAids)})`;
  return { sql: `(CASE WHEN ${HIDES_SCORES} THEN ${shown} ELSE ${SORT_COLUMNS.findings} END)`, params: [...blind.readingAids] };
}

const SEVERITIES = { error: ['error'], warning: ['error', 'warning'], info: ['error', 'warning', 'info'] } as const;

function whereClause(query: ItemQuery): { sql: string; params: unknown[] } {
  const blind = query.blind;
  if (blind) return blindWhereClause(query, blind);
  const parts: string[] = [];
  const params: unknown[] = [];
  if (query.datasetId !== undefined) {
    parts.push('i.dataset_id = ?');
    params.push(query.datasetId);
  }
  if (query.kind) {
    parts.push('i.kind = ?');
    params.push(query.kind);
  }
  if (query.search) {
    parts.push("(i.external_id LIKE ? ESCAPE '\\' OR i.metadata LIKE ? ESCAPE '\\')");
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like, like);
  }
  if (query.severity === 'error') parts.push('i.error_count > 0');
  if (query.severity === 'warning') parts.push('(i.error_count + i.warning_count) > 0');
  if (query.severity === 'info') parts.push('(i.error_count + i.warning_count + i.info_count) > 0');
  for (const [key, value] of Object.entries(query.metadata ?? {})) {
    parts.push('json_extract(i.metadata, ?) = ?');
    params.push(jsonPath(key), typeof value === 'boolean' ? Number(value) : value);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/**
 * The filter as a caller blind to automatic scores sees the items: on an item of a task hiding
 * them, severity counts reading aids only, search reads external id and the names and values of
 * fields other than score fields, and a filter on a score field matches nothing.
 */
function blindWhereClause(query: ItemQuery, blind: BlindBrowsing): { sql: string; params: unknown[] } {
  const { sql, params } = whereClause({ datasetId: query.datasetId, kind: query.kind });
  const parts = sql ? [sql.slice('WHERE '.length)] : [];
  const eitherWay = (open: string, openParams: unknown[], hidden: string, hiddenParams: unknown[]) => {
    parts.push(`((NOT ${HIDES_SCORES} AND ${open}) OR (${HIDES_SCORES} AND ${hidden}))`);
    params.push(...openParams, ...hiddenParams);
  };
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    eitherWay(
      "(i.external_id LIKE ? ESCAPE '\\' OR i.metadata LIKE ? ESCAPE '\\')",
      [like, like],
      `(i.external_id LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM json_each(i.metadata) j WHERE j.key NOT IN ${inList(blind.scoreKeys)}
         AND (j.key LIKE ? ESCAPE '\\' OR CAST(j.value AS TEXT) LIKE ? ESCAPE '\\')))`,
      [like, ...blind.scoreKeys, like, like],
    );
  }
  if (query.severity) {
    const severities = SEVERITIES[query.severity];
    const counted = severities.map((s) => `i.${s}_count`).join(' + ');
    eitherWay(
      `(${counted}) > 0`,
      [],
      `EXISTS (SELECT 1 FROM findings f WHERE f.item_id = i.id AND f.validator IN ${inList(blind.readingAids)} AND f.severity IN ${inList(severities)})`,
      [...blind.readingAids, ...severities],
    );
  }
  for (const [key, value] of Object.entries(query.metadata ?? {})) {
    const matches = 'json_extract(i.metadata, ?) = ?';
    const matchParams = [jsonPath(key), typeof value === 'boolean' ? Number(value) : value];
    if (blind.scoreKeys.includes(key)) eitherWay(matches, matchParams, '0', []);
    else {
      parts.push(matches);
      params.push(...matchParams);
    }
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** `$."model"`: quoting keeps keys with dots or spaces from being read as paths. */
function jsonPath(key: string): string {
  return `$."${key.replace(/"/g, '\\"')}"`;
}

/** Counts and pages items matching a filter. */
export function listItems(db: Db, query: ItemQuery, page: { offset: number; limit: number; sort: ItemSort; descending: boolean }) {
  const { sql, params } = whereClause(query);
  const from = "FROM items i JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'";
  const total = (db.prepare(`SELECT count(*) AS n ${from} ${sql}`).get(...params) as { n: number }).n;
  const key = sortKey(page.sort, query.blind);
  const order = `${key.sql} ${page.descending ? 'DESC' : 'ASC'}, i.id ${page.descending ? 'DESC' : 'ASC'}`;
  const rows = db
    .prepare(
      `SELECT i.id, i.external_id, i.dataset_id, d.name AS dataset, i.kind, i.metadata, i.metrics,
              i.error_count, i.warning_count, i.info_count
       ${from} ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .all(...params, ...key.params, page.limit, page.offset) as ItemListRow[];
  return { total, rows };
}

/** An item's place in a browse order and the ids either side of it (see {@link itemNeighbours}). */
export interface NeighbourRows {
  total: number;
  position: number | null;
  previous: { id: number; external_id: string } | null;
  next: { id: number; external_id: string } | null;
}

/**
 * Where item `id` sits in the order {@link listItems} gives for the same filter and sort, and
 * the items just before and after it. Counting the rows that sort before the item (sort key,
 * then id as the tie-break, as listItems orders) finds its position without paging through the
 * list. An item the filter excludes has no position and no neighbours.
 */
export function itemNeighbours(db: Db, id: number, query: ItemQuery, order: { sort: ItemSort; descending: boolean }): NeighbourRows {
  const { sql, params } = whereClause(query);
  const from = "FROM items i JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'";
  const and = (condition: string) => (sql ? `${sql} AND ${condition}` : `WHERE ${condition}`);
  const total = (db.prepare(`SELECT count(*) AS n ${from} ${sql}`).get(...params) as { n: number }).n;
  const { sql: key, params: keyParams } = sortKey(order.sort, query.blind);
  const target = db.prepare(`SELECT ${key} AS k ${from} ${and('i.id = ?')}`).get(...keyParams, ...params, id) as { k: unknown } | undefined;
  if (!target) return { total, position: null, previous: null, next: null };

  const [earlier, later] = order.descending ? ['>', '<'] : ['<', '>'];
  const side = (op: string) => `(${key} ${op} ? OR (${key} = ? AND i.id ${op} ?))`;
  const sideParams = [...params, ...keyParams, target.k, ...keyParams, target.k, id];
  const direction = (reversed: boolean) => (order.descending !== reversed ? 'DESC' : 'ASC');
  const position = (db.prepare(`SELECT count(*) AS n ${from} ${and(side(earlier))}`).get(...sideParams) as { n: number }).n;
  const nearest = (op: string, reversed: boolean) =>
    (db
      .prepare(`SELECT i.id, i.external_id ${from} ${and(side(op))} ORDER BY ${key} ${direction(reversed)}, i.id ${direction(reversed)} LIMIT 1`)
      .get(...sideParams, ...keyParams) as { id: number; external_id: string } | undefined) ?? null;
  return { total, position, previous: nearest(earlier, true), next: nearest(later, false) };
}

/** One item with everything the item page needs, or undefined. */
export function getItem(db: Db, id: number): ItemFullRow | undefined {
  return db
    .prepare(
      `SELECT i.id, i.external_id, i.dataset_id, d.name AS dataset, i.kind, i.metadata, i.metrics, i.error_count,
              i.warning_count, i.info_count, i.payload, i.raw_text, i.content_hash, i.source_line, im.file_name AS source_file,
              jc.score AS journey_coverage, jc.conversations AS journey_conversations
       FROM items i JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready' LEFT JOIN imports im ON im.id = i.import_id
       LEFT JOIN journey_coverage jc
              ON i.kind = 'conversation' AND jc.dataset_id = i.dataset_id AND jc.graph = json_extract(i.metadata, '$.graph')
       WHERE i.id = ?`,
    )
    .get(id) as ItemFullRow | undefined;
}

/** Findings of an item in a stable order (severity, then position). */
export function findingsOf(db: Db, itemId: number) {
  return db
    .prepare(
      `SELECT validator, severity, location, message FROM findings WHERE item_id = ?
       ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, id`,
    )
    .all(itemId) as { validator: string; severity: 'error' | 'warning' | 'info'; location: string | null; message: string }[];
}

/** Finds an item by kind and external id across datasets (links a CSV plan to its query). */
/** Whether any ready dataset holds an item of this kind. */
export function anyItemOfKind(db: Db, kind: string): boolean {
  return db.prepare(`SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready' WHERE i.kind = ? LIMIT 1`).get(kind) !== undefined;
}

export function findByExternalId(db: Db, kind: string, externalId: string, preferDatasetId?: number) {
  return db
    .prepare(
      `SELECT i.id, i.payload, i.dataset_id FROM items i JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
       WHERE i.kind = ? AND i.external_id = ?
       ORDER BY (i.dataset_id = ?) DESC, i.id LIMIT 1`,
    )
    .get(kind, externalId, preferDatasetId ?? -1) as { id: number; payload: string; dataset_id: number } | undefined;
}

/** Metadata keys with up to `maxValues` most frequent values each. */
export function metadataFields(db: Db, datasetId: number | undefined, blind?: BlindBrowsing, maxValues = 50) {
  const conditions = ["j.type IN ('text', 'integer', 'real', 'true', 'false')"];
  const params: (number | string)[] = [];
  if (datasetId !== undefined) {
    conditions.push('i.dataset_id = ?');
    params.push(datasetId);
  }
  if (blind) {
    // A score field's values on items hiding scores from the caller are not offered to filter on.
    conditions.push(`NOT (j.key IN ${inList(blind.scoreKeys)} AND ${HIDES_SCORES})`);
    params.push(...blind.scoreKeys);
  }
  const rows = db
    .prepare(
      `SELECT j.key AS key, j.value AS value, j.type AS type, count(*) AS n FROM items i JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready', json_each(i.metadata) j
       WHERE ${conditions.join(' AND ')} GROUP BY j.key, j.value, j.type ORDER BY j.key, n DESC`,
    )
    .all(...params) as { key: string; value: string | number; type: string; n: number }[];
  const fields = new Map<string, (string | number | boolean)[]>();
  for (const row of rows) {
    const values = fields.get(row.key) ?? [];
    // json_each reports JSON booleans as 1/0; give them back as booleans.
    if (values.length < maxValues) values.push(row.type === 'true' ? true : row.type === 'false' ? false : row.value);
    fields.set(row.key, values);
  }
  return [...fields].map(([key, values]) => ({ key, values }));
}

/** The metadata field names of items in tasks hiding automatic scores (where score fields may hide). */
export function metadataKeysOfItemsHidingScores(db: Db): string[] {
  const rows = db
    .prepare(
      `SELECT DISTINCT j.key AS key FROM items i, json_each(i.metadata) j
       WHERE i.id IN (SELECT ht.item_id FROM task_items ht JOIN tasks hk ON hk.id = ht.task_id WHERE hk.hide_scores = 1)`,
    )
    .all() as { key: string }[];
  return rows.map((r) => r.key);
}

/** Dataset list with item and finding counts, and the files each was imported from. */
export function datasetSummaries(db: Db, blind?: BlindBrowsing) {
  // For a caller blind to automatic scores, items hiding them count their reading aids only (as the item list shows them).
  const aids = blind ? inList(blind.readingAids) : '';
  const shown = (open: string, hidden: string) => (blind ? `(CASE WHEN ${HIDES_SCORES} THEN ${hidden} ELSE ${open} END)` : open);
  const aidsOf = (severity: string) => `EXISTS (SELECT 1 FROM findings f WHERE f.item_id = i.id AND f.validator IN ${aids} AND f.severity = '${severity}')`;
  const datasets = db
    .prepare(
      `SELECT d.id, d.name, d.kind, d.created_at,
              count(i.id) AS item_count,
              coalesce(sum(${shown('i.error_count > 0', aidsOf('error'))}), 0) AS with_errors,
              coalesce(sum(${shown('i.warning_count > 0', aidsOf('warning'))}), 0) AS with_warnings,
              coalesce(sum(${shown('i.error_count + i.warning_count + i.info_count', `(SELECT count(*) FROM findings f WHERE f.item_id = i.id AND f.validator IN ${aids})`)}), 0) AS finding_count
       FROM datasets d LEFT JOIN items i ON i.dataset_id = d.id WHERE d.state = 'ready' GROUP BY d.id ORDER BY d.name`,
    )
    .all(...(blind ? [...blind.readingAids, ...blind.readingAids, ...blind.readingAids] : [])) as {
    id: number;
    name: string;
    kind: string;
    created_at: string;
    item_count: number;
    with_errors: number;
    with_warnings: number;
    finding_count: number;
  }[];
  const files = db
    .prepare("SELECT dataset_id, file_name, format, item_count, skipped_count, imported_at FROM imports WHERE state = 'done' ORDER BY id")
    .all() as { dataset_id: number; file_name: string; format: string; item_count: number; skipped_count: number; imported_at: string }[];
  return { datasets, files };
}
