import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import pgCopy from 'pg-copy-streams';
import { migratePostgres, pgSchemaVersion } from '../pgMigrations';
import type { Cell, ColumnKind } from './canonical';
import { cellBytes, CopyError, keyOf, rowSpan, type BatchLimit, type CopySource, type CopyTarget } from './ends';
import { pgClient } from '../sql/pgConnection';
import type { TablePlan } from './tablePlan';
import { printable as safeUrl } from './where';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A client that hands every value over as PostgreSQL's text, so that the copy converts it by
 * the column's kind itself (int8 as BigInt, float8 exactly, bytea from hex) instead of by the
 * driver's defaults (int8 as a string, float8 through parseFloat).
 */
async function connect(url: string): Promise<pg.Client> {
  const client = pgClient(url, 'accord workspace copy', { types: { getTypeParser: () => (value: string) => value } as unknown as typeof pg.types });
  // A connection that dies mid-copy also emits 'error'; the failed query reports it.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new CopyError(`cannot connect to ${safeUrl(url)}: ${(error as Error).message}`);
  }
  const encoding = (await client.query<{ server_encoding: string }>('SHOW server_encoding')).rows[0].server_encoding;
  if (encoding !== 'UTF8') {
    await client.end();
    throw new CopyError(`${safeUrl(url)} uses the ${encoding} encoding; Accord needs a UTF8 database (createdb -E UTF8 -T template0 NAME)`);
  }
  return client;
}

/** PostgreSQL's text form of a value, back into a cell of its column's kind. */
function fromText(kind: ColumnKind, text: string | null): Cell {
  if (text === null) return null;
  switch (kind) {
    case 'int':
      return BigInt(text);
    case 'real':
      // Shortest exact digits (extra_float_digits ≥ 1), and Infinity / -Infinity / NaN as words Number() reads.
      return Number(text);
    case 'text':
      return text;
    case 'blob':
      return Buffer.from(text.slice(2), 'hex');
  }
}

/** One value in COPY's CSV form: NULL unquoted and empty, every text quoted (so '' stays ''). */
function toCsv(kind: ColumnKind, value: Cell): string {
  if (value === null) return '';
  if (kind === 'int') return String(value);
  if (kind === 'real') {
    const n = value as number;
    if (Object.is(n, -0)) return '-0';
    return Number.isFinite(n) ? String(n) : Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity';
  }
  if (kind === 'blob') return `\\x${(value as Buffer).toString('hex')}`;
  return `"${(value as string).replace(/"/g, '""')}"`;
}

async function* readRows(client: pg.Client, table: TablePlan, limit: BatchLimit): AsyncIterable<Cell[][]> {
  const kinds = new Map(table.columns.map((c) => [c.name, c.kind]));
  // Byte order for text ("C", as SQLite's BINARY); NULLs first, as SQLite sorts them.
  const order = table.orderBy.map((c) => `${quote(c)}${kinds.get(c) === 'text' ? ' COLLATE "C"' : ''} NULLS FIRST`).join(', ');
  const cursor = `accord_copy_${table.name}`;
  await client.query(`DECLARE ${quote(cursor)} NO SCROLL CURSOR FOR SELECT ${table.columns.map((c) => quote(c.name)).join(', ')} FROM ${quote(table.name)} ORDER BY ${order}`);
  try {
    // FETCH takes a row count: it is scaled down after a batch of big rows went over the byte budget, and back up after small ones.
    let fetch = limit.rows;
    for (;;) {
      const { rows } = await client.query<(string | null)[]>({ text: `FETCH ${fetch} FROM ${quote(cursor)}`, rowMode: 'array' });
      if (rows.length === 0) return;
      const cells = rows.map((row) => table.columns.map((c, i) => fromText(c.kind, row[i])));
      yield cells;
      if (rows.length < fetch) return;
      const bytes = cells.reduce<number>((sum, row) => sum + row.reduce<number>((s, cell) => s + cellBytes(cell), 0), 0);
      fetch = Math.max(1, Math.min(limit.rows, Math.floor((rows.length * limit.bytes) / Math.max(1, bytes))));
    }
  } finally {
    await client.query(`CLOSE ${quote(cursor)}`).catch(() => undefined);
  }
}

/** A PostgreSQL workspace as the source: one read-only REPEATABLE READ transaction, a consistent snapshot. */
export async function postgresSource(url: string): Promise<CopySource> {
  const client = await connect(url);
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  await client.query('SET LOCAL extra_float_digits = 3');
  return {
    label: safeUrl(url),
    version: () => pgSchemaVersion(client),
    async count(table) {
      return Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quote(table.name)}`)).rows[0].n);
    },
    rows: (table, limit) => readRows(client, table, limit),
    async close() {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * An empty PostgreSQL database as the target: the schema and every row go in one transaction
 * (DDL included), so a copy that fails anywhere — a bad row, a lost connection — leaves the
 * database as empty as it was. Rows arrive through COPY, a batch at a time.
 */
export function postgresTarget(url: string): CopyTarget {
  let client: pg.Client | null = null;
  /** Rows written so far per table, so that a refused row is named by its place in the table. */
  const writtenRows = new Map<string, number>();
  const open = () => {
    if (!client) throw new Error('the copy target was not begun');
    return client;
  };
  const label = safeUrl(url);
  return {
    label,
    async begin() {
      const c = await connect(url);
      client = c;
      await c.query('BEGIN');
      await c.query('SET LOCAL extra_float_digits = 3');
      const { rows } = await c.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY 1`,
      );
      if (rows.length > 0) {
        const names = rows.slice(0, 5).map((r) => r.name).join(', ');
        throw new CopyError(`${label} is not empty (${rows.length} table(s) in schema ${(await c.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s}: ${names}${rows.length > 5 ? ', …' : ''}). A copy goes into an empty database only: createdb a new one, or drop this one's tables if it holds nothing you need.`);
      }
      const migrated = await migratePostgres(c, { ownTransaction: false });
      // Under migratePostgres's lock: another copy that began at the same moment got there first.
      if (migrated.from !== 0) throw new CopyError(`${label} received a schema from another process while this copy began; nothing was written`);
      await c.query('SET CONSTRAINTS ALL DEFERRED');
    },
    async write(table, rows) {
      const c = open();
      const first = (writtenRows.get(table.name) ?? 0) + 1;
      writtenRows.set(table.name, first - 1 + rows.length);
      const kinds = table.columns.map((col) => col.kind);
      const csv = rows.map((row) => row.map((value, i) => toCsv(kinds[i], value)).join(',')).join('\n');
      const copy = c.query(pgCopy.from(`COPY ${quote(table.name)} (${table.columns.map((col) => quote(col.name)).join(', ')}) FROM STDIN WITH (FORMAT csv)`));
      try {
        await pipeline(Readable.from([`${csv}\n`]), copy);
      } catch (error) {
        // `where` is "COPY items, line 3, column payload": the line counts within this batch.
        const where = (error as { where?: string }).where ?? '';
        const line = /line (\d+)/.exec(where);
        const column = /column (\w+)/.exec(where);
        const row = line ? rows[Number(line[1]) - 1] : undefined;
        const at = line && row ? `${rowSpan(table.name, first + Number(line[1]) - 1, 1)} (${keyOf(table, row)})` : rowSpan(table.name, first, rows.length);
        throw new CopyError(`PostgreSQL refused ${at}${column ? `, column ${column[1]}` : ''}: ${(error as Error).message}`);
      }
    },
    async finishLoad(plan) {
      const c = open();
      // Identities continue after the largest copied id, as SQLite's rowid would.
      for (const table of plan.filter((t) => t.identity)) {
        const id = quote(table.identity!);
        await c.query(`SELECT setval(pg_get_serial_sequence($1, $2), coalesce(max(${id}), 1), max(${id}) IS NOT NULL) FROM ${quote(table.name)}`, [quote(table.name), table.identity]);
      }
      // Deferred references are checked now, not at COMMIT, so a broken one fails before the hashes are read.
      try {
        await c.query('SET CONSTRAINTS ALL IMMEDIATE');
      } catch (error) {
        throw new CopyError(`rows refer to rows that do not exist: ${(error as Error).message}`);
      }
    },
    rows: (table, limit) => readRows(open(), table, limit),
    async commit() {
      await open().query('COMMIT');
      await open().end();
      client = null;
    },
    async abort() {
      if (!client) return;
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
      client = null;
    },
  };
}
