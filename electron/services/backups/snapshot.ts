import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Db } from '../../../db/workspace';

/**
 * Writes a consistent copy of the open workspace to `target` with SQLite's online backup API
 * (`db.backup` copies in steps, so the app keeps answering meanwhile, and the copy includes
 * changes still in the WAL). The copy is built under a temporary name and renamed into place,
 * so an interrupted run never leaves something that looks complete, and it is switched from
 * WAL to a rollback journal: one self-contained file, which opens even from read-only media.
 */
export async function writeSnapshot(db: Db, target: string): Promise<void> {
  const temporary = `${target}.partial`;
  fs.rmSync(temporary, { force: true });
  try {
    await db.backup(temporary);
    const copy = new Database(temporary);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    // A journal left beside a file being replaced would be replayed into the copy on its first open.
    for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${target}${suffix}`, { force: true });
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
