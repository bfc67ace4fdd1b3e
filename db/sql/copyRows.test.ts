import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../../electron/testing/postgres';
import { WritePath } from '../writePath';
import { copyText, copyTextValue, type CopyValue } from './copyText';
import { PgError } from './pgSyncClient';
import { PgWritePath, type SqlWrite } from './pgWritePath';
import { sqliteSqlWrite, sqlOf } from './sqliteSqlDb';
import { refusedRowOf, type SqlDb } from './sqlDb';

// SqlDb.copyRows (issue 16 part 5): PostgreSQL's COPY FROM STDIN in its text format, SQLite's
// prepared INSERT per row — every value must arrive exactly as given on both.

const server = usePostgres({ beforeAll, afterAll });
const opened: { close(): void }[] = [];
afterEach(() => {
  for (const ws of opened.splice(0)) ws.close();
});

/** A table of this file's own (not in the workspace schema, hence the casts). */
const CELLS = 'cells' as never;
const COLUMNS = ['id', 't', 'n', 'r', 'b'];

async function open(engine: 'sqlite' | 'postgres'): Promise<{ db: SqlDb; write: SqlWrite }> {
  if (engine === 'sqlite') {
    const raw = new Database(':memory:');
    raw.exec('CREATE TABLE cells (id INTEGER PRIMARY KEY, t TEXT, n INTEGER, r REAL, b BLOB, CHECK (t IS NULL OR t <> \'refused\'))');
    const path = new WritePath(raw);
    opened.push(path);
    return { db: sqlOf(path.db), write: sqliteSqlWrite(path.write) };
  }
  const path = PgWritePath.connect(await server.current.createDatabase());
  opened.push(path);
  await path.write((db) => db.run(sql`CREATE TABLE cells (id bigint PRIMARY KEY, t text, n bigint, r double precision, b bytea, CHECK (t IS NULL OR t <> 'refused'))`));
  return { db: path.db, write: path.write };
}

/** Text the COPY text format treats specially, and text around it. */
const TEXTS = ['plain', '', 'tab\there', 'line\nbreak', 'carriage\rreturn', 'back\\slash', '\\N', '\\.', 'ends with \\', '\\\\t', 'ünïcödé ✓ 𝄞', '"quoted", comma', ' spaces '];

describe.each(['sqlite', 'postgres'] as const)('copyRows on %s', (engine) => {
  it('writes every value exactly: special characters, empty text vs NULL, big integers, reals, blobs', async () => {
    const { db, write } = await open(engine);
    const rows: CopyValue[][] = TEXTS.map((t, i) => [i + 1, t, i, i / 10, Buffer.from([i, 0, 92, 10, 255])]);
    rows.push([100, null, 9223372036854775807n, 1e-300, null], [101, null, null, Infinity, Buffer.alloc(0)], [102, null, -42, 1.7976931348623157e308, null]);
    await write((w) => w.copyRows(CELLS, COLUMNS, rows));
    const back = db.all(sql<{ id: number; t: string | null; n: string | null; r: number | null; b: Buffer | null }>`SELECT id, t, CAST(n AS TEXT) AS n, r, b FROM cells ORDER BY id`);
    expect(back.map((r) => r.t)).toEqual([...TEXTS, null, null, null]);
    expect(back.map((r) => r.n)).toEqual([...TEXTS.map((_, i) => String(i)), '9223372036854775807', null, '-42']);
    expect(back.map((r) => r.r)).toEqual([...TEXTS.map((_, i) => i / 10), 1e-300, Infinity, 1.7976931348623157e308]);
    expect(back.map((r) => (r.b === null ? null : [...r.b]))).toEqual([...TEXTS.map((_, i) => [i, 0, 92, 10, 255]), null, [], null]);
  });

  it('fails the write when a row is refused, leaving none of its rows, and names the row', async () => {
    const { db, write } = await open(engine);
    const refused = await write((w) => w.copyRows(CELLS, COLUMNS, [[1, 'fine', 1, 1, null], [2, 'refused', 2, 2, null], [4, 'fine', 4, 4, null]])).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refusedRowOf(refused)).toEqual({ table: 'cells', columns: COLUMNS, row: [2, 'refused', 2, 2, null] });
    expect(db.all(sql`SELECT id FROM cells`)).toEqual([]);
    // The connection goes on: the next write works.
    await write((w) => w.copyRows(CELLS, COLUMNS, [[3, 'after', 3, 3, null]]));
    expect(db.all(sql`SELECT id FROM cells`)).toEqual([{ id: 3 }]);
  });
});

describe('COPY on PostgreSQL, pipelined', () => {
  it('goes on while the server takes the rows, and a COPY refused early fails the write at its COMMIT', async () => {
    const { db, write } = await open('postgres');
    // The first COPY is refused; the write function goes on (a later COPY is sent, it returns)
    // before the server has answered: the write still fails, with the first COPY's error.
    let returned = false;
    const failed = write((w) => {
      w.copyRows(CELLS, COLUMNS, [[1, 'refused', 1, 1, null]]);
      w.copyRows(CELLS, COLUMNS, [[2, 'fine', 2, 2, null]]);
      returned = true;
      return 'done';
    }).catch((error: unknown) => error);
    const error = await failed;
    expect(returned).toBe(true);
    expect(error).toBeInstanceOf(PgError);
    expect((error as PgError).code).toBe('23514');
    expect(refusedRowOf(error)?.row).toEqual([1, 'refused', 1, 1, null]);
    expect(db.all(sql`SELECT id FROM cells`)).toEqual([]);
  });

  it('reports a refused COPY at the next statement of the write, not as that statement\'s own failure', async () => {
    const { db, write } = await open('postgres');
    const error = await write((w) => {
      w.copyRows(CELLS, COLUMNS, [[1, 'fine', 1, 1, null], [2, 'refused', 2, 2, null]]);
      // Runs in the transaction the COPY aborted: it would fail with "current transaction is aborted".
      return w.all(sql`SELECT count(*) AS n FROM cells`);
    }).catch((e: unknown) => e);
    expect((error as PgError).code).toBe('23514');
    expect(refusedRowOf(error)?.row[0]).toBe(2);
    expect(db.all(sql`SELECT id FROM cells`)).toEqual([]);
    // Nothing of the failure lingers for the next write.
    expect(await write((w) => (w.copyRows(CELLS, COLUMNS, [[3, 'after', 3, 3, null]]), w.all(sql<{ id: number }>`SELECT id FROM cells`)))).toEqual([{ id: 3 }]);
  });

  it('runs nothing more on the connection after a pipelined statement failed, until the failure is answered', async () => {
    const path = PgWritePath.connect(await server.current.createDatabase());
    opened.push(path);
    path.client.query('writer', 'CREATE TABLE t (n int)');
    // As a write's BEGIN is sent: had it failed, the INSERT must not run on its own (autocommitted).
    path.client.queryPipelined('writer', 'SELECT 1/0');
    expect(() => path.client.query('writer', 'INSERT INTO t VALUES (1)')).toThrow(/division by zero/);
    expect(path.client.query('writer', 'SELECT count(*) AS n FROM t').rows).toEqual([{ n: 0 }]);
    // But a ROLLBACK runs (answering the failure): the transaction the failure aborted ends.
    path.client.queryPipelined('writer', 'BEGIN');
    path.client.queryPipelined('writer', 'SELECT 1/0');
    expect(() => path.client.query('writer', 'ROLLBACK')).toThrow(/division by zero/);
    expect(path.client.query('writer', 'SELECT 1 AS one').rows).toEqual([{ one: 1 }]);
  });

  it('keeps rows of writes that committed, in order, when COPYs of several writes are in flight', async () => {
    const { db, write } = await open('postgres');
    const writes = Array.from({ length: 20 }, (_, w) => write((c) => c.copyRows(CELLS, COLUMNS, Array.from({ length: 50 }, (_, i): CopyValue[] => [w * 50 + i, `w${w}`, i, i, null]))));
    await Promise.all(writes);
    expect(db.one(sql<{ n: number }>`SELECT count(*) AS n FROM cells`)?.n).toBe(1000);
  });
});

describe('the COPY text format', () => {
  it('escapes exactly backslash, tab, newline and carriage return, and writes NULL as \\N', () => {
    expect(copyTextValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyTextValue('\\N')).toBe('\\\\N');
    expect(copyTextValue(null)).toBe('\\N');
    expect(copyTextValue(new Uint8Array([0, 171]))).toBe('\\\\x00ab');
    expect(copyText([['a', null, 1], ['b', 2n, -0]])).toBe('a\t\\N\t1\nb\t2\t-0\n');
  });

  it('refuses text holding a NUL character, which PostgreSQL text cannot store, naming the value', () => {
    expect(() => copyTextValue('a\0b')).toThrow(/NUL character \(U\+0000\): "a\\u0000b"/);
  });
});
