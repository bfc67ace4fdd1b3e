import { sql, type RawBuilder } from 'kysely';
import { PG_MIGRATIONS_TABLE } from '../pgMigrations';
import type { SqlDb } from './sqlDb';

/*
 * SQL that differs between SQLite and PostgreSQL, written once per engine here so query modules
 * stay engine-neutral (only db/sql looks at `db.engine`). JSON lives in text columns on both
 * engines (docs/team-server.md); PostgreSQL reads it through `::jsonb`.
 */

/** `$."key"`: SQLite's JSON path of a top-level key, quoted so dots and spaces stay part of the key. */
function sqlitePath(key: string): string {
  return `$."${key.replace(/"/g, '\\"')}"`;
}

/** The string at top-level `key` of the JSON text `doc`, or NULL when it is missing or not a string. */
export function jsonString(db: SqlDb, doc: RawBuilder<unknown>, key: string): RawBuilder<string | null> {
  if (db.engine === 'sqlite') {
    const path = sqlitePath(key);
    return sql<string | null>`(CASE WHEN json_type(${doc}, ${path}) = 'text' THEN json_extract(${doc}, ${path}) END)`;
  }
  return sql<string | null>`(CASE WHEN jsonb_typeof((${doc})::jsonb -> ${key}::text) = 'string' THEN (${doc})::jsonb ->> ${key}::text END)`;
}

/**
 * Whether each top-level `key` of the JSON text `doc` equals its `value` as SQLite's
 * `json_extract(doc, path) = value` decides it: a string equals the same JSON string; a number
 * equals an equal JSON number, and JSON true and false count as 1 and 0 (a boolean `value` is
 * compared as 1 or 0). On PostgreSQL the text is read as JSON once per row for all of them (each
 * reading costs about as much as the rest of the filter).
 */
export function jsonFieldsEqual(db: SqlDb, doc: RawBuilder<unknown>, fields: readonly (readonly [string, string | number | boolean])[]): RawBuilder<number> {
  if (fields.length === 0) return sql<number>`1 = 1`;
  const compared = fields.map(([key, value]) => [key, typeof value === 'boolean' ? Number(value) : value] as const);
  if (db.engine === 'sqlite') return sql<number>`(${sql.join(compared.map(([key, value]) => sql`json_extract(${doc}, ${sqlitePath(key)}) = ${value}`), sql` AND `)})`;
  const matches = compared.map(([key, value]) => {
    const field = sql`x.m -> ${key}::text`;
    if (typeof value === 'string') return sql`${field} = to_jsonb(${value}::text)`;
    const flag = value === 1 ? sql`, 'true'::jsonb` : value === 0 ? sql`, 'false'::jsonb` : sql``;
    return sql`${field} IN (to_jsonb(${value}::numeric)${flag})`;
  });
  return sql<number>`EXISTS (SELECT 1 FROM (SELECT (${doc})::jsonb AS m) AS x WHERE ${sql.join(matches, sql` AND `)})`;
}

/**
 * A FROM item listing the top-level fields of the JSON object text `doc` as rows, named `alias`;
 * read them with {@link jsonEachKey}, {@link jsonEachKind} and {@link jsonEachValue}. It may
 * refer to tables earlier in the FROM list (`FROM items i, <this>`).
 */
export function jsonEach(db: SqlDb, doc: RawBuilder<unknown>, alias: string): RawBuilder<unknown> {
  const name = sql.id(alias);
  return db.engine === 'sqlite' ? sql`json_each(${doc}) AS ${name}` : sql`jsonb_each((${doc})::jsonb) AS ${name}(key, value)`;
}

/** A field's key, of a {@link jsonEach} row. */
export function jsonEachKey(_db: SqlDb, alias: string): RawBuilder<string> {
  return sql<string>`${sql.ref(`${alias}.key`)}`;
}

/** A field's kind: text, number, true, false, null, array or object. */
export function jsonEachKind(db: SqlDb, alias: string): RawBuilder<string> {
  if (db.engine === 'sqlite') return sql<string>`(CASE ${sql.ref(`${alias}.type`)} WHEN 'integer' THEN 'number' WHEN 'real' THEN 'number' ELSE ${sql.ref(`${alias}.type`)} END)`;
  const value = sql.ref(`${alias}.value`);
  return sql<string>`(CASE jsonb_typeof(${value}) WHEN 'string' THEN 'text' WHEN 'boolean' THEN (${value} #>> '{}') ELSE jsonb_typeof(${value}) END)`;
}

/**
 * A field's value as SQLite's json_each gives it: text as text, true and false as 1 and 0,
 * numbers as numbers, arrays and objects as JSON text. On PostgreSQL a number comes as its
 * decimal text: read it with {@link jsonEachNumber}.
 */
export function jsonEachValue(db: SqlDb, alias: string): RawBuilder<string | number | null> {
  const value = sql.ref(`${alias}.value`);
  if (db.engine === 'sqlite') return sql<string | number | null>`${value}`;
  return sql<string | number | null>`(CASE jsonb_typeof(${value}) WHEN 'boolean' THEN (CASE WHEN ${value} = 'true'::jsonb THEN '1' ELSE '0' END) WHEN 'null' THEN NULL ELSE (${value} #>> '{}') END)`;
}

/** A {@link jsonEachValue} of a number field as a number (from either engine). */
export function jsonEachNumber(value: string | number): number {
  return typeof value === 'number' ? value : Number(value);
}

/** A field's value as text, for a text search (numbers as their digits, true and false as 1 and 0). */
export function jsonEachText(db: SqlDb, alias: string): RawBuilder<string | null> {
  if (db.engine === 'sqlite') return sql<string | null>`CAST(${sql.ref(`${alias}.value`)} AS TEXT)`;
  return sql<string | null>`${jsonEachValue(db, alias)}`;
}

/** The workspace's schema version: SQLite's `user_version`, PostgreSQL's last migration applied (db/pgMigrations.ts). */
export function schemaVersionOf(db: SqlDb): number {
  const query =
    db.engine === 'sqlite'
      ? sql<{ version: number }>`SELECT user_version AS version FROM pragma_user_version`
      : sql<{ version: number | null }>`SELECT max(version) AS version FROM ${sql.table(PG_MIGRATIONS_TABLE)}`;
  return db.one(query)?.version ?? 0;
}

/**
 * `x LIKE pattern ESCAPE '\'` ignoring case as SQLite's LIKE does (ASCII letters) on both
 * engines: SQLite's own LIKE (a `lower()` of every row would cost a scan its speed), PostgreSQL's
 * ILIKE.
 */
export function likeAnyCase(db: SqlDb, x: RawBuilder<unknown>, pattern: string): RawBuilder<number> {
  return db.engine === 'sqlite' ? sql<number>`${x} LIKE ${pattern} ESCAPE '\\'` : sql<number>`${x} ILIKE ${pattern} ESCAPE '\\'`;
}

/**
 * A FROM item listing the elements of the JSON array text `doc` as rows named `alias`, with
 * `alias.value` (the element, to read with `->>`) and `alias.key` (its place, in order).
 */
export function jsonArrayEach(db: SqlDb, doc: RawBuilder<unknown>, alias: string): RawBuilder<unknown> {
  const name = sql.id(alias);
  return db.engine === 'sqlite' ? sql`json_each(${doc}) AS ${name}` : sql`jsonb_array_elements((${doc})::jsonb) WITH ORDINALITY AS ${name}(value, key)`;
}

/** The number at top-level `key` of the JSON text `doc`, or NULL when it is missing or not a number. */
export function jsonNumber(db: SqlDb, doc: RawBuilder<unknown>, key: string): RawBuilder<number | null> {
  if (db.engine === 'sqlite') {
    const path = sqlitePath(key);
    return sql<number | null>`(CASE WHEN json_type(${doc}, ${path}) IN ('integer', 'real') THEN json_extract(${doc}, ${path}) END)`;
  }
  return sql<number | null>`(CASE WHEN jsonb_typeof((${doc})::jsonb -> ${key}::text) = 'number' THEN ((${doc})::jsonb ->> ${key}::text)::float8 END)`;
}

/** Whether top-level `key` of the JSON text `doc` holds an object. */
export function jsonIsObject(db: SqlDb, doc: RawBuilder<unknown>, key: string): RawBuilder<number> {
  if (db.engine === 'sqlite') return sql<number>`(json_type(${doc}, ${sqlitePath(key)}) = 'object')`;
  return sql<number>`(jsonb_typeof((${doc})::jsonb -> ${key}::text) = 'object')`;
}

/**
 * `n` new ids of `table` (inside a write), in ascending order, for rows written with their id
 * through copyRows (an import's items, whose findings need their ids): PostgreSQL's identity
 * sequence (other servers' writes draw from it too, so the ids need not be consecutive), SQLite's
 * next rowids (the write holds the workspace's lock, and INTEGER PRIMARY KEY without
 * AUTOINCREMENT would give the same).
 */
export function reserveIds(db: SqlDb, table: 'items', n: number): number[] {
  if (n === 0) return [];
  if (db.engine === 'sqlite') {
    const last = db.one(sql<{ id: number | null }>`SELECT max(id) AS id FROM ${sql.table(table)}`)?.id ?? 0;
    return Array.from({ length: n }, (_, i) => last + 1 + i);
  }
  const rows = db.all(sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id FROM generate_series(1, ${n}::int) ORDER BY 1`);
  return rows.map((r) => r.id);
}
