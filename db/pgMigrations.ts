import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { assertMonotonic, MIGRATION_FILES, migrationVersion, type Migration } from './migrations';

/**
 * The schema on PostgreSQL (issue 16): every SQLite migration in db/migrations has a twin of the
 * same name in db/migrations/pg, and this runner applies them as db/workspace.ts `migrate` does
 * on SQLite — the pending ones in one transaction, the version recorded with them. SQLite keeps
 * its version in `PRAGMA user_version`; PostgreSQL has no such slot, so a table records each
 * applied migration (the version is the largest).
 */
export const PG_MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', 'pg');

/** The bookkeeping table; PostgreSQL-only, so the copy and the schema comparison leave it out. */
export const PG_MIGRATIONS_TABLE = 'accord_migrations';

/** Any lock key would do, as long as every Accord process uses the same one (pg_advisory_xact_lock). */
const MIGRATION_LOCK = 0x61636364;

/** The PostgreSQL twins of the SQLite registry, in its order. A missing twin is an error naming it. */
export function loadPgMigrations(files: readonly string[] = MIGRATION_FILES, dir = PG_MIGRATIONS_DIR): Migration[] {
  const migrations = files.map((name) => {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) throw new Error(`migration ${name} has no PostgreSQL twin: write db/migrations/pg/${name} (see 0010_init.sql there for how types map)`);
    return { version: migrationVersion(name), name, sql: fs.readFileSync(file, 'utf8') };
  });
  assertMonotonic(migrations);
  return migrations;
}

/** What can run a query: a pg.Client or a pool's client. */
export type PgQueryable = Pick<pg.ClientBase, 'query'>;

/** The schema version of a PostgreSQL workspace: the last migration applied, 0 when none. */
export async function pgSchemaVersion(client: PgQueryable): Promise<number> {
  const exists = await client.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [PG_MIGRATIONS_TABLE]);
  if (!exists.rows[0].found) return 0;
  const { rows } = await client.query<{ version: number | string | null }>(`SELECT max(version)::int AS version FROM ${PG_MIGRATIONS_TABLE}`);
  // Number(): a client that reads every value as text (the workspace copy's) gets "140".
  return Number(rows[0].version ?? 0);
}

export interface PgMigrateOptions {
  migrations?: Migration[];
  /**
   * false: the caller holds a transaction already (the workspace copy creates the schema and
   * fills it in one), so no BEGIN/COMMIT here. Default true.
   */
  ownTransaction?: boolean;
}

/**
 * Brings a PostgreSQL database to the latest schema: applies the pending migrations in one
 * transaction (DDL is transactional here: a failed migration leaves nothing behind), under an
 * advisory lock so that two servers starting at once do not both migrate. Refuses a database
 * written by a newer Accord, as SQLite's `migrate` does.
 *
 * @returns the versions before and after, and the migrations applied.
 */
export async function migratePostgres(client: PgQueryable, options: PgMigrateOptions = {}): Promise<{ from: number; to: number; applied: string[] }> {
  const migrations = options.migrations ?? loadPgMigrations();
  const own = options.ownTransaction ?? true;
  if (own) await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await assertByteOrder(client);
    await client.query(`CREATE TABLE IF NOT EXISTS ${PG_MIGRATIONS_TABLE} (version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`);
    const from = await pgSchemaVersion(client);
    const latest = migrations.at(-1)?.version ?? 0;
    if (from > latest) {
      throw new Error(`the database was written by a newer version of Accord (schema ${from}; this version knows up to ${latest}). Update Accord to use it; nothing was changed.`);
    }
    const pending = migrations.filter((m) => m.version > from);
    for (const migration of pending) {
      try {
        // The simple query protocol runs a whole file, PL/pgSQL bodies included, in one round trip.
        await client.query(migration.sql);
      } catch (error) {
        throw new Error(`PostgreSQL migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await client.query(`INSERT INTO ${PG_MIGRATIONS_TABLE} (version, name, applied_at) VALUES ($1, $2, $3)`, [migration.version, migration.name, new Date().toISOString()]);
    }
    if (own) await client.query('COMMIT');
    return { from, to: pending.at(-1)?.version ?? from, applied: pending.map((m) => m.name) };
  } catch (error) {
    if (own) await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Refuses a database that sorts text by a language's rules: Accord sorts names, ids and tags in
 * byte order on a workspace file (SQLite's BINARY), and the same lists must come out in the same
 * order on PostgreSQL ("Bob" before "alice", as on the file). A database created with
 * `--locale=C` (README "Run a team server") sorts that way.
 */
export async function assertByteOrder(client: PgQueryable): Promise<void> {
  // datlocprovider (libc or ICU) exists from PostgreSQL 15; before, every database is libc's.
  const { rows } = await client.query("SELECT d.datname AS name, d.datcollate AS collate, coalesce(to_jsonb(d) ->> 'datlocprovider', 'c') AS provider FROM pg_database d WHERE d.datname = current_database()");
  const db = rows[0] as { name: string; collate: string; provider: string } | undefined;
  // C.UTF-8 compares code points, which is UTF-8's byte order.
  if (!db || (db.provider === 'c' && ['c', 'posix', 'c.utf8'].includes(db.collate.toLowerCase().replace('-', '')))) return;
  const how = db.provider === 'c' ? `the collation "${db.collate}"` : 'an ICU collation';
  throw new Error(
    `database "${db.name}" sorts text by ${how}; Accord needs byte order so that lists sort as on a workspace file. Create the database with byte-order sorting, e.g. createdb -E UTF8 -T template0 --locale=C -O OWNER NAME, then copy the workspace into it; nothing was changed.`,
  );
}
