import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadMigrations, type Migration } from './migrations';

/** An open workspace database. */
export type Db = Database.Database;

/** Raised when a workspace cannot be opened; the message is meant for the user as is. */
export class WorkspaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkspaceError';
  }
}

export interface OpenOptions {
  /** Override the migration registry (tests). */
  migrations?: Migration[];
  /** Open without creating the file or migrating. */
  readonly?: boolean;
}

/**
 * Opens (creating if needed) a workspace file with the pragmas DESIGN.md §2 requires:
 * WAL, foreign keys, a busy timeout so two processes can share it, and `synchronous=FULL` so a
 * label the user saw saved survives a power cut. Then applies pending migrations, after a backup.
 */
export function openWorkspace(file: string, options: OpenOptions = {}): Db {
  const migrations = options.migrations ?? loadMigrations();
  if (!options.readonly) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  let db: Db;
  try {
    db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  } catch (error) {
    throw new WorkspaceError(`cannot open workspace ${file}: ${(error as Error).message}`);
  }
  try {
    db.pragma('busy_timeout = 5000');
    assertIsWorkspace(db, file);
    if (!options.readonly) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = FULL');
    if (!options.readonly) migrate(db, file, migrations);
    else assertNotNewer(db, file, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function assertIsWorkspace(db: Db, file: string): void {
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new WorkspaceError(`${file} is busy: another Accord process is writing to it (a big import?). Try again when it is done.`);
    }
    throw new WorkspaceError(`${file} is not an Accord workspace (not an SQLite database)`);
  }
}

/** The schema version a workspace is at (0 for a new file). */
export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function assertNotNewer(db: Db, file: string, migrations: Migration[]): void {
  const current = schemaVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new WorkspaceError(
      `${file} was written by a newer version of Accord (workspace schema ${current}; this version knows up to ` +
        `${latest}). Update Accord to open it; the file was not changed.`,
    );
  }
}

/**
 * Applies every pending migration in one transaction and records the new `user_version`.
 * An existing workspace is copied first (`VACUUM INTO`, a consistent snapshot) so a failed or
 * regretted migration can be undone by hand.
 */
export function migrate(db: Db, file: string, migrations: Migration[]): string | null {
  assertNotNewer(db, file, migrations);
  const current = schemaVersion(db);
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return null;
  let backup: string | null = null;
  if (current > 0 && file !== ':memory:') {
    backup = `${file}.v${current}-${new Date().toISOString().replace(/[:.]/g, '-')}.bak`;
    db.prepare('VACUUM INTO ?').run(backup);
  }
  db.transaction(() => {
    for (const migration of pending) db.exec(migration.sql);
    db.pragma(`user_version = ${pending.at(-1)!.version}`);
  })();
  return backup;
}

/**
 * Runs a big write (an import of a large file) through SQLite's rollback journal rather than
 * the WAL, then returns the workspace to WAL. In WAL mode every page is written twice — once
 * to the WAL, once more when the WAL is checkpointed into the database — and both copies are
 * flushed to disk; new pages written through a rollback journal go to the database once (the
 * journal only keeps the few pages that existed before). Crash safety is the same: an
 * interrupted write leaves a hot journal that SQLite rolls back on the next open.
 *
 * The switch needs the workspace to itself: when another connection has it open (another
 * Accord process), the write simply stays in WAL mode. While the write runs, another process
 * cannot open the workspace (it waits out its busy timeout, then is told the workspace is busy)
 * instead of reading beside it.
 */
export async function withRollbackJournal<T>(db: Db, write: () => Promise<T>): Promise<T> {
  const switched = trySetJournalMode(db, 'delete');
  try {
    return await write();
  } finally {
    // Should this fail (another process opened the workspace meanwhile), the workspace stays
    // in rollback mode, which is as safe, until it is next opened (openWorkspace sets WAL).
    if (switched) trySetJournalMode(db, 'wal');
  }
}

/** Sets the journal mode without waiting on other connections; whether it is now that mode. */
function trySetJournalMode(db: Db, mode: 'delete' | 'wal'): boolean {
  const timeout = db.pragma('busy_timeout', { simple: true }) as number;
  try {
    db.pragma('busy_timeout = 0');
    return db.pragma(`journal_mode = ${mode}`, { simple: true }) === mode;
  } catch {
    return false;
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
}
