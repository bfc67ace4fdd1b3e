import { openWritePath } from '../../db/workspace';
import type { WritePath } from '../../db/writePath';
import { createServiceContext, type ContextOptions, type ServiceContext } from './context';

/** An open workspace with its service context; what a transport or the CLI holds. */
export interface Session {
  ctx: ServiceContext;
  /** The workspace's write path (its lock statistics, for the import bench). */
  writePath: WritePath;
  /** Checkpoints the WAL into the main file and closes the database. */
  close(): void;
}

/**
 * Opens the workspace at `workspacePath` (creating and migrating it as needed, and cleaning up
 * after a process that died mid-import): a read connection for `ctx.db` and the one write path
 * for `ctx.write` (db/writePath.ts).
 */
export function openSession(options: Omit<ContextOptions, 'db' | 'writePath'>): Session {
  const writePath = openWritePath(options.workspacePath);
  const ctx = createServiceContext({ ...options, db: writePath.db, writePath });
  return {
    ctx,
    writePath,
    close() {
      writePath.close();
    },
  };
}
