import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadMigrations, type Migration } from './migrations';
import { abandonedImports, datasetsBeingDeleted, deleteDatasetChunk, discardImportChunk } from './queries/imports';
import { deleteTaskChunk, tasksBeingDeleted } from './queries/trash';
import { deleteRunChunk, runsBeingDeleted } from './queries/judgeRunTrash';
import { writeChunksNow, WritePath, writeNow } from './writePath';

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
    if (!options.readonly) {
      migrate(db, file, migrations);
      recoverInterruptedWork(db);
    } else assertNotNewer(db, file, migrations);
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
  writeNow(db, () => {
    for (const migration of pending) db.exec(migration.sql);
    db.pragma(`user_version = ${pending.at(-1)!.version}`);
  });
  return backup;
}

/**
 * Finishes what a process that died left half done: discards imports it had under way (their
 * rows were never visible) and deletes datasets, tasks and judge runs it was deleting. In chunks, like the work itself.
 */
export function recoverInterruptedWork(db: Db): void {
  // Only workspaces with the import state (0050) can have any (tests migrate to other versions).
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'import_staging'").get()) return;
  for (const importId of abandonedImports(db)) writeChunksNow(db, (hold) => discardImportChunk(db, importId, hold));
  for (const datasetId of datasetsBeingDeleted(db)) writeChunksNow(db, (hold) => deleteDatasetChunk(db, datasetId, hold));
  // A task purge that died half way (tasks have states from 0080 on).
  if (!(db.prepare('PRAGMA table_info(tasks)').all() as { name: string }[]).some((c) => c.name === 'state')) return;
  for (const taskId of tasksBeingDeleted(db)) writeChunksNow(db, (hold) => deleteTaskChunk(db, taskId, hold));
  // A judge run purge that died half way (runs have states from 0090 on).
  if (!(db.prepare('PRAGMA table_info(judge_runs)').all() as { name: string }[]).some((c) => c.name === 'state')) return;
  for (const runId of runsBeingDeleted(db)) writeChunksNow(db, (hold) => deleteRunChunk(db, runId, hold));
}

/**
 * Opens a workspace for a session: the writer connection (migrated and recovered by
 * {@link openWorkspace}) behind the one write path, and a second, read-only connection for reads
 * (one connection when the database is in memory). See db/writePath.ts.
 */
export function openWritePath(file: string, options: OpenOptions = {}): WritePath {
  const writer = openWorkspace(file, options);
  if (file === ':memory:' || file === '') return new WritePath(writer);
  let reader: Db;
  try {
    reader = new Database(file, { fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    reader.pragma('foreign_keys = ON');
  } catch (error) {
    writer.close();
    throw new WorkspaceError(`cannot open workspace ${file}: ${(error as Error).message}`);
  }
  return new WritePath(writer, { reader, waitingFile: `${file}-waiting`, file });
}
