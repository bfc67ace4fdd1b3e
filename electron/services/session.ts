import { openWritePath } from '../../db/workspace';
import type { Db } from '../../db/workspace';
import type { Write, WritePath } from '../../db/writePath';
import { createServiceContext, type ContextOptions, type ServiceContext } from './context';

/** An open workspace with its service context; what a transport or the CLI holds. */
export interface Session {
  ctx: ServiceContext;
  /**
   * The SQLite connection itself, for what only a workspace file has (backups, snapshots) and for
   * tests that look at its rows. Services never get it: they reach the workspace through
   * `ctx.sql`/`ctx.sqlWrite`, the same on both engines.
   */
  db: Db;
  /** The SQLite write path's `write` (db/writePath.ts), for tests that write rows directly. */
  write: Write;
  /** The workspace's write path (its lock statistics, for the import bench). */
  writePath: WritePath;
  /** Checkpoints the WAL into the main file and closes the database. */
  close(): void;
}

/**
 * Opens the workspace at `workspacePath` (creating and migrating it as needed, and cleaning up
 * after a process that died mid-import): a read connection and the one write path
 * (db/writePath.ts), which the context reaches through the query layer.
 */
export function openSession(options: Omit<ContextOptions, 'db' | 'writePath'>): Session {
  const writePath = openWritePath(options.workspacePath);
  const ctx = createServiceContext({ ...options, db: writePath.db, writePath });
  return {
    ctx,
    db: writePath.db,
    write: writePath.write,
    writePath,
    close() {
      writePath.close();
    },
  };
}
