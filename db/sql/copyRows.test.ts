import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../../electron/testing/postgres';
import { WritePath } from '../writePath';
import { copyText, copyTextValue, type CopyValue } from './copyText';
import { PgWritePath, type SqlWrite } from './pgWritePath';
import { sqliteSqlWrite, sqlOf } from './sqliteSqlDb';
import type { SqlDb } from './sqlDb';

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

  it('fails the write when a row is refused, leaving none of its rows', async () => {
    const { db, write } = await open(engine);
    await expect(write((w) => w.copyRows(CELLS, COLUMNS, [[1, 'fine', 1, 1, null], [2, 'refused', 2, 2, null]]))).rejects.toThrow();
    expect(db.all(sql`SELECT id FROM cells`)).toEqual([]);
    // The connection goes on: the next write works.
    await write((w) => w.copyRows(CELLS, COLUMNS, [[3, 'after', 3, 3, null]]));
    expect(db.all(sql`SELECT id FROM cells`)).toEqual([{ id: 3 }]);
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
