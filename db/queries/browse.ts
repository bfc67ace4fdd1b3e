import { sql, type RawBuilder } from 'kysely';
import { jsonEach, jsonEachKey, jsonEachNumber, jsonEachKind, jsonEachText, jsonEachValue, jsonString, jsonFieldsEqual, likeAnyCase } from '../sql/portable';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { SqlDb } from '../sql/sqlDb';

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
const HIDES_SCORES = sql`EXISTS (SELECT 1 FROM task_items ht JOIN tasks hk ON hk.id = ht.task_id WHERE ht.item_id = i.id AND hk.hide_scores = 1)`;

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

// On the query layer (db/sql): these run on SQLite and PostgreSQL alike. The filters are raw SQL
// fragments (kysely's `sql`), put together per request; the JSON reading is in db/sql/portable.ts.

type Fragment = RawBuilder<unknown>;

const SORT_COLUMNS = {
  id: sql`i.id`,
  externalId: sql`i.external_id`,
  dataset: sql`d.name`,
  kind: sql`i.kind`,
  findings: sql`(CAST(i.error_count AS BIGINT) * 1000000 + i.warning_count * 1000 + i.info_count)`,
} as const;

export type ItemSort = keyof typeof SORT_COLUMNS;

/** The browser's item set: items of ready datasets. */
const FROM_ITEMS = sql`FROM items i JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'`;

/** `IN (?, ?, …)` for a list (never empty: `IN (NULL)` matches nothing). */
function inList(values: readonly string[]): Fragment {
  return values.length ? sql`(${sql.join(values)})` : sql`(NULL)`;
}

/** The sort key of the findings column: the counts the caller is shown (reading aids only on items hiding scores from them). */
function sortKey(sort: ItemSort, blind: BlindBrowsing | undefined): Fragment {
  if (sort !== 'findings' || !blind) return SORT_COLUMNS[sort];
  const shown = sql`(SELECT coalesce(sum(CASE f.severity WHEN 'error' THEN 1000000 WHEN 'warning' THEN 1000 ELSE 1 END), 0)
                  FROM findings f WHERE f.item_id = i.id AND f.validator IN ${inList(blind.readingAids)})`;
  return sql`(CASE WHEN ${HIDES_SCORES} THEN ${shown} ELSE ${SORT_COLUMNS.findings} END)`;
}

const SEVERITIES = { error: ['error'], warning: ['error', 'warning'], info: ['error', 'warning', 'info'] } as const;

/** `%text%` for LIKE, its wildcards escaped with a backslash. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The conditions of a filter (none: every item), to be joined with AND. */
function conditions(db: SqlDb, query: ItemQuery): Fragment[] {
  const blind = query.blind;
  if (blind) return blindConditions(db, query, blind);
  const parts: Fragment[] = [];
  if (query.datasetId !== undefined) parts.push(sql`i.dataset_id = ${query.datasetId}`);
  if (query.kind) parts.push(sql`i.kind = ${query.kind}`);
  if (query.search) {
    const like = likePattern(query.search);
    parts.push(sql`(${likeAnyCase(db, sql`i.external_id`, like)} OR ${likeAnyCase(db, sql`i.metadata`, like)})`);
  }
  if (query.severity === 'error') parts.push(sql`i.error_count > 0`);
  if (query.severity === 'warning') parts.push(sql`(i.error_count + i.warning_count) > 0`);
  if (query.severity === 'info') parts.push(sql`(i.error_count + i.warning_count + i.info_count) > 0`);
  const fields = Object.entries(query.metadata ?? {});
  if (fields.length > 0) parts.push(jsonFieldsEqual(db, sql`i.metadata`, fields));
  return parts;
}

/**
 * The filter as a caller blind to automatic scores sees the items: on an item of a task hiding
 * them, severity counts reading aids only, search reads external id and the names and values of
 * fields other than score fields, and a filter on a score field matches nothing.
 */
function blindConditions(db: SqlDb, query: ItemQuery, blind: BlindBrowsing): Fragment[] {
  const parts = conditions(db, { datasetId: query.datasetId, kind: query.kind });
  const eitherWay = (open: Fragment, hidden: Fragment) => parts.push(sql`((NOT ${HIDES_SCORES} AND ${open}) OR (${HIDES_SCORES} AND ${hidden}))`);
  if (query.search) {
    const like = likePattern(query.search);
    eitherWay(
      sql`(${likeAnyCase(db, sql`i.external_id`, like)} OR ${likeAnyCase(db, sql`i.metadata`, like)})`,
      sql`(${likeAnyCase(db, sql`i.external_id`, like)} OR EXISTS (SELECT 1 FROM ${jsonEach(db, sql`i.metadata`, 'j')} WHERE ${jsonEachKey(db, 'j')} NOT IN ${inList(blind.scoreKeys)}
         AND (${likeAnyCase(db, jsonEachKey(db, 'j'), like)} OR ${likeAnyCase(db, jsonEachText(db, 'j'), like)})))`,
    );
  }
  if (query.severity) {
    const severities = SEVERITIES[query.severity];
    const counted = sql.join(
      severities.map((s) => sql.ref(`i.${s}_count`)),
      sql` + `,
    );
    eitherWay(sql`(${counted}) > 0`, sql`EXISTS (SELECT 1 FROM findings f WHERE f.item_id = i.id AND f.validator IN ${inList(blind.readingAids)} AND f.severity IN ${inList(severities)})`);
  }
  const fields = Object.entries(query.metadata ?? {});
  const shownFields = fields.filter(([key]) => !blind.scoreKeys.includes(key));
  if (shownFields.length > 0) parts.push(jsonFieldsEqual(db, sql`i.metadata`, shownFields));
  for (const field of fields.filter(([key]) => blind.scoreKeys.includes(key))) eitherWay(jsonFieldsEqual(db, sql`i.metadata`, [field]), sql`1 = 0`);
  return parts;
}

/** `WHERE a AND b …` of conditions (nothing for none), with `extra` conditions added. */
function where(parts: readonly Fragment[], ...extra: Fragment[]): Fragment {
  const all = [...parts, ...extra];
  return all.length ? sql`WHERE ${sql.join(all, sql` AND `)}` : sql``;
}

/** Counts and pages items matching a filter. */
export function listItems(conn: AnyDb, query: ItemQuery, page: { offset: number; limit: number; sort: ItemSort; descending: boolean }) {
  const db = asSql(conn);
  const filter = conditions(db, query);
  const total = db.one(sql<{ n: number }>`SELECT count(*) AS n ${FROM_ITEMS} ${where(filter)}`)!.n;
  const direction = page.descending ? sql`DESC` : sql`ASC`;
  const rows = db.all(
    sql<ItemListRow>`SELECT i.id, i.external_id, i.dataset_id, d.name AS dataset, i.kind, i.metadata, i.metrics,
              i.error_count, i.warning_count, i.info_count
       ${FROM_ITEMS} ${where(filter)} ORDER BY ${sortKey(page.sort, query.blind)} ${direction}, i.id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
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
export function itemNeighbours(conn: AnyDb, id: number, query: ItemQuery, order: { sort: ItemSort; descending: boolean }): NeighbourRows {
  const db = asSql(conn);
  const filter = conditions(db, query);
  const total = db.one(sql<{ n: number }>`SELECT count(*) AS n ${FROM_ITEMS} ${where(filter)}`)!.n;
  const key = sortKey(order.sort, query.blind);
  const target = db.one(sql<{ k: string | number }>`SELECT ${key} AS k ${FROM_ITEMS} ${where(filter, sql`i.id = ${id}`)}`);
  if (!target) return { total, position: null, previous: null, next: null };

  const [earlier, later] = order.descending ? [sql`>`, sql`<`] : [sql`<`, sql`>`];
  const side = (op: Fragment) => sql`(${key} ${op} ${target.k} OR (${key} = ${target.k} AND i.id ${op} ${id}))`;
  const direction = (reversed: boolean) => (order.descending !== reversed ? sql`DESC` : sql`ASC`);
  const position = db.one(sql<{ n: number }>`SELECT count(*) AS n ${FROM_ITEMS} ${where(filter, side(earlier))}`)!.n;
  const nearest = (op: Fragment, reversed: boolean) =>
    db.one(sql<{ id: number; external_id: string }>`SELECT i.id, i.external_id ${FROM_ITEMS} ${where(filter, side(op))} ORDER BY ${key} ${direction(reversed)}, i.id ${direction(reversed)} LIMIT 1`) ?? null;
  return { total, position, previous: nearest(earlier, true), next: nearest(later, false) };
}

/** How many ready datasets and items the workspace holds. */
export function workspaceCounts(conn: AnyDb): { datasets: number; items: number } {
  const db = asSql(conn);
  return db.one(
    sql<{ datasets: number; items: number }>`SELECT (SELECT count(*) FROM datasets WHERE state = 'ready') AS datasets,
              (SELECT count(*) FROM items WHERE dataset_id IN (SELECT id FROM datasets WHERE state = 'ready')) AS items`,
  )!;
}

/** Whether item `id` is in a ready dataset (what the browser can open). */
export function isBrowsable(conn: AnyDb, id: number): boolean {
  const db = asSql(conn);
  return db.one(sql`SELECT 1 AS one ${FROM_ITEMS} WHERE i.id = ${id}`) !== undefined;
}

/** One item with everything the item page needs, or undefined. */
export function getItem(conn: AnyDb, id: number): ItemFullRow | undefined {
  const db = asSql(conn);
  return db.one(
    sql<ItemFullRow>`SELECT i.id, i.external_id, i.dataset_id, d.name AS dataset, i.kind, i.metadata, i.metrics, i.error_count,
              i.warning_count, i.info_count, i.payload, i.raw_text, i.content_hash, i.source_line, im.file_name AS source_file,
              jc.score AS journey_coverage, jc.conversations AS journey_conversations
       ${FROM_ITEMS} LEFT JOIN imports im ON im.id = i.import_id
       LEFT JOIN journey_coverage jc
              ON i.kind = 'conversation' AND jc.dataset_id = i.dataset_id AND jc.graph = ${jsonString(db, sql`i.metadata`, 'graph')}
       WHERE i.id = ${id}`,
  );
}

/** Findings of an item in a stable order (severity, then position). */
export function findingsOf(conn: AnyDb, itemId: number) {
  const db = asSql(conn);
  return db.all(
    sql<{ validator: string; severity: 'error' | 'warning' | 'info'; location: string | null; message: string }>`SELECT validator, severity, location, message FROM findings WHERE item_id = ${itemId}
       ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, id`,
  );
}

/** The validators and severities of the findings of these items, by item (one statement per few hundred items). */
export function findingSeverities(conn: AnyDb, itemIds: readonly number[]): Map<number, { validator: string; severity: 'error' | 'warning' | 'info' }[]> {
  const db = asSql(conn);
  const out = new Map<number, { validator: string; severity: 'error' | 'warning' | 'info' }[]>(itemIds.map((id) => [id, []]));
  for (let k = 0; k < itemIds.length; k += 500) {
    const rows = db.all(db.q.selectFrom('findings').select(['item_id', 'validator', 'severity']).where('item_id', 'in', itemIds.slice(k, k + 500)));
    for (const row of rows) out.get(row.item_id)!.push({ validator: row.validator, severity: row.severity as 'error' | 'warning' | 'info' });
  }
  return out;
}

/** Whether any ready dataset holds an item of this kind. */
export function anyItemOfKind(conn: AnyDb, kind: string): boolean {
  const db = asSql(conn);
  return db.one(sql`SELECT 1 AS one ${FROM_ITEMS} WHERE i.kind = ${kind} LIMIT 1`) !== undefined;
}

/** Finds an item by kind and external id across datasets (links a CSV plan to its query). */
export function findByExternalId(conn: AnyDb, kind: string, externalId: string, preferDatasetId?: number) {
  const db = asSql(conn);
  return db.one(
    sql<{ id: number; payload: string; dataset_id: number }>`SELECT i.id, i.payload, i.dataset_id ${FROM_ITEMS}
       WHERE i.kind = ${kind} AND i.external_id = ${externalId}
       ORDER BY CASE WHEN i.dataset_id = ${preferDatasetId ?? -1} THEN 0 ELSE 1 END, i.id LIMIT 1`,
  );
}

/** Metadata keys with up to `maxValues` most frequent values each (equally frequent ones numbers first, then text, each ascending). */
export function metadataFields(conn: AnyDb, datasetId: number | undefined, blind?: BlindBrowsing, maxValues = 50) {
  const db = asSql(conn);
  const key = jsonEachKey(db, 'j');
  const type = jsonEachKind(db, 'j');
  const parts: Fragment[] = [sql`${type} IN ('text', 'number', 'true', 'false')`];
  if (datasetId !== undefined) parts.push(sql`i.dataset_id = ${datasetId}`);
  // A score field's values on items hiding scores from the caller are not offered to filter on.
  if (blind) parts.push(sql`NOT (${key} IN ${inList(blind.scoreKeys)} AND ${HIDES_SCORES})`);
  const rows = db.all(
    sql<{ key: string; value: string | number; type: string; n: number }>`SELECT k AS key, v AS value, t AS type, count(*) AS n FROM
       (SELECT ${key} AS k, ${jsonEachValue(db, 'j')} AS v, ${type} AS t
        FROM items i JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready' CROSS JOIN ${jsonEach(db, sql`i.metadata`, 'j')}
        ${where(parts)}) fields
       GROUP BY k, v, t`,
  );
  // Booleans come as 1/0: given back as booleans. Numbers written differently (1 and 1.0) are one value.
  const counted = new Map<string, { key: string; n: number; value: string | number | boolean }>();
  for (const row of rows) {
    const value = row.type === 'true' ? true : row.type === 'false' ? false : row.type === 'text' ? String(row.value) : jsonEachNumber(row.value);
    const id = JSON.stringify([row.key, typeof value, value]);
    const seen = counted.get(id);
    if (seen) seen.n += row.n;
    else counted.set(id, { key: row.key, n: row.n, value });
  }
  const values = [...counted.values()];
  values.sort((a, b) => byText(a.key, b.key) || b.n - a.n || byValue(a.value, b.value));
  const fields = new Map<string, (string | number | boolean)[]>();
  for (const { key: name, value } of values) {
    const kept = fields.get(name) ?? [];
    if (kept.length < maxValues) kept.push(value);
    fields.set(name, kept);
  }
  return [...fields].map(([name, kept]) => ({ key: name, values: kept }));
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Numbers (booleans as 1 and 0) before text, each ascending. */
function byValue(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'string' || typeof b === 'string') return typeof a !== 'string' ? -1 : typeof b !== 'string' ? 1 : byText(a, b);
  return Number(a) - Number(b);
}

/** The metadata field names of items in tasks hiding automatic scores (where score fields may hide). */
export function metadataKeysOfItemsHidingScores(conn: AnyDb): string[] {
  const db = asSql(conn);
  const rows = db.all(
    sql<{ key: string }>`SELECT DISTINCT ${jsonEachKey(db, 'j')} AS key FROM items i CROSS JOIN ${jsonEach(db, sql`i.metadata`, 'j')}
       WHERE i.id IN (SELECT ht.item_id FROM task_items ht JOIN tasks hk ON hk.id = ht.task_id WHERE hk.hide_scores = 1)`,
  );
  return rows.map((r) => r.key);
}

/** Dataset list with item and finding counts, and the files each was imported from. */
export function datasetSummaries(conn: AnyDb, blind?: BlindBrowsing) {
  const db = asSql(conn);
  // For a caller blind to automatic scores, items hiding them count their reading aids only (as the item list shows them).
  const flag = (condition: Fragment) => sql`CASE WHEN ${condition} THEN 1 ELSE 0 END`;
  const shown = (open: Fragment, hidden: Fragment) => (blind ? sql`(CASE WHEN ${HIDES_SCORES} THEN ${hidden} ELSE ${open} END)` : open);
  const aids = blind ? inList(blind.readingAids) : sql`(NULL)`;
  const aidsOf = (severity: string) => flag(sql`EXISTS (SELECT 1 FROM findings f WHERE f.item_id = i.id AND f.validator IN ${aids} AND f.severity = ${severity})`);
  const datasets = db.all(
    sql<{ id: number; name: string; kind: string; created_at: string; item_count: number; with_errors: number; with_warnings: number; finding_count: number }>`
       SELECT d.id, d.name, d.kind, d.created_at,
              count(i.id) AS item_count,
              coalesce(sum(${shown(flag(sql`i.error_count > 0`), aidsOf('error'))}), 0) AS with_errors,
              coalesce(sum(${shown(flag(sql`i.warning_count > 0`), aidsOf('warning'))}), 0) AS with_warnings,
              coalesce(sum(${shown(sql`i.error_count + i.warning_count + i.info_count`, sql`(SELECT count(*) FROM findings f WHERE f.item_id = i.id AND f.validator IN ${aids})`)}), 0) AS finding_count
       FROM datasets d LEFT JOIN items i ON i.dataset_id = d.id WHERE d.state = 'ready' GROUP BY d.id, d.name, d.kind, d.created_at ORDER BY d.name`,
  );
  const files = db.all(
    db.q
      .selectFrom('imports')
      .select(['dataset_id', 'file_name', 'format', 'item_count', 'skipped_count', 'imported_at'])
      .where('state', '=', 'done')
      .orderBy('id'),
  );
  return { datasets, files };
}
