import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../electron/testing/postgres';
import { loadMigrations, MIGRATION_FILES } from './migrations';
import { loadPgMigrations, migratePostgres, PG_MIGRATIONS_DIR, PG_MIGRATIONS_TABLE, pgSchemaVersion } from './pgMigrations';
import { migrate } from './workspace';

const SQLITE_DIR = path.join(PG_MIGRATIONS_DIR, '..');
const sqlFiles = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith('.sql')).sort();

describe('every SQLite migration has a PostgreSQL twin', () => {
  it('db/migrations/pg holds a file of the same name for each db/migrations/*.sql, and nothing else', () => {
    // On disk, not only the registry: a migration another branch adds fails here until its twin exists.
    expect(sqlFiles(PG_MIGRATIONS_DIR)).toEqual(sqlFiles(SQLITE_DIR));
    expect(loadPgMigrations().map((m) => m.name)).toEqual([...MIGRATION_FILES]);
  });

  it('names the missing twin', () => {
    expect(() => loadPgMigrations([...MIGRATION_FILES, '0999_someday.sql'])).toThrow(/0999_someday\.sql has no PostgreSQL twin/);
  });
});

const server = usePostgres({ beforeAll, afterAll });

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: await server.current.createDatabase() });
  await client.connect();
  return client;
}

/** SQLite declared type → the PostgreSQL type its twin must use (see pg/0010_init.sql). */
const TYPE_TWIN: Record<string, string> = { INTEGER: 'bigint', TEXT: 'text', REAL: 'double precision', BLOB: 'bytea' };

interface ColumnShape {
  name: string;
  type: string;
  notNull: boolean;
  primaryKey: boolean;
}

function sqliteShape() {
  const db = new Database(':memory:');
  migrate(db, ':memory:', loadMigrations());
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
  const columns = Object.fromEntries(
    tables.map((table) => [
      table,
      (db.prepare(`SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid`).all(table) as { name: string; type: string; notnull: number; pk: number }[]).map(
        (c): ColumnShape => ({ name: c.name, type: TYPE_TWIN[c.type] ?? `unmapped ${c.type}`, notNull: c.notnull === 1 || c.pk > 0, primaryKey: c.pk > 0 }),
      ),
    ]),
  );
  const indexes = (db.prepare("SELECT tbl_name || '.' || name AS name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY 1").all() as { name: string }[]).map((i) => i.name);
  db.close();
  return { tables, columns, indexes };
}

async function postgresShape(client: pg.Client) {
  const tables = (await client.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> $1 ORDER BY 1", [PG_MIGRATIONS_TABLE])).rows.map((t) => t.name);
  const columns: Record<string, ColumnShape[]> = {};
  for (const table of tables) {
    const { rows } = await client.query<{ name: string; type: string; nullable: string; pk: boolean }>(
      `SELECT c.column_name AS name, c.data_type AS type, c.is_nullable AS nullable,
              EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
                      WHERE i.indrelid = $1::regclass AND i.indisprimary AND a.attname = c.column_name) AS pk
       FROM information_schema.columns c WHERE c.table_schema = 'public' AND c.table_name = $1::text ORDER BY c.ordinal_position`,
      [table],
    );
    columns[table] = rows.map((c) => ({ name: c.name, type: c.type, notNull: c.nullable === 'NO', primaryKey: c.pk }));
  }
  const indexes = (
    await client.query<{ name: string }>(
      `SELECT tablename || '.' || indexname AS name FROM pg_indexes WHERE schemaname = 'public'
       AND indexname NOT IN (SELECT conname FROM pg_constraint) ORDER BY 1`,
    )
  ).rows.map((i) => i.name);
  return { tables, columns, indexes };
}

describe('the PostgreSQL schema', () => {
  it('has the SQLite schema’s tables, columns (in order, types mapped, nullability, primary keys) and indexes', async () => {
    const client = await connect();
    try {
      await migratePostgres(client);
      const want = sqliteShape();
      const got = await postgresShape(client);
      expect(got.tables).toEqual(want.tables);
      for (const table of want.tables) expect({ table, columns: got.columns[table] }).toEqual({ table, columns: want.columns[table] });
      expect(got.indexes).toEqual(want.indexes);
    } finally {
      await client.end();
    }
  });
});

describe('migratePostgres', () => {
  it('applies every migration once, records the version, and does nothing the second time', async () => {
    const client = await connect();
    try {
      const latest = loadPgMigrations().at(-1)!.version;
      expect(await pgSchemaVersion(client)).toBe(0);
      expect(await migratePostgres(client)).toMatchObject({ from: 0, to: latest, applied: [...MIGRATION_FILES] });
      expect(await migratePostgres(client)).toEqual({ from: latest, to: latest, applied: [] });
      expect(await pgSchemaVersion(client)).toBe(latest);
    } finally {
      await client.end();
    }
  });

  it('lets two servers that start at once migrate one after the other', async () => {
    const url = await server.current.createDatabase();
    const clients = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all(clients.map((c) => c.connect()));
    try {
      const results = await Promise.all(clients.map((c) => migratePostgres(c)));
      expect(results.map((r) => r.applied.length).sort((a, b) => a - b)).toEqual([0, MIGRATION_FILES.length]);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('leaves nothing behind when a migration fails, naming it', async () => {
    const client = await connect();
    try {
      const broken = [...loadPgMigrations().slice(0, 2), { version: 9999, name: '9999_broken.sql', sql: 'CREATE TABLE fine (x int); SELECT no_such_function();' }];
      await expect(migratePostgres(client, { migrations: broken })).rejects.toThrow(/9999_broken\.sql failed: function no_such_function\(\) does not exist/);
      const { rows } = await client.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
    }
  });

  it('refuses a database that sorts text by a language (ICU here), before changing anything, saying how to create one that sorts in byte order', async () => {
    const url = await server.current.createDatabase();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const icuName = `${new URL(url).pathname.slice(1)}_icu`;
    try {
      await admin.query(`CREATE DATABASE "${icuName}" TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'`);
    } finally {
      await admin.end();
    }
    const icuUrl = new URL(url);
    icuUrl.pathname = `/${icuName}`;
    const client = new pg.Client({ connectionString: icuUrl.toString() });
    await client.connect();
    try {
      await expect(migratePostgres(client)).rejects.toThrow(`database "${icuName}" sorts text by an ICU collation; Accord needs byte order so that lists sort as on a workspace file. Create the database with byte-order sorting, e.g. createdb -E UTF8 -T template0 --locale=C -O OWNER NAME`);
      expect(await pgSchemaVersion(client)).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('refuses a database written by a newer Accord', async () => {
    const client = await connect();
    try {
      await migratePostgres(client);
      await client.query(`INSERT INTO ${PG_MIGRATIONS_TABLE} (version, name, applied_at) VALUES (99999, '99999_future.sql', 'now')`);
      await expect(migratePostgres(client)).rejects.toThrow(/newer version of Accord \(schema 99999; this version knows up to \d+\)/);
    } finally {
      await client.end();
    }
  });
});
