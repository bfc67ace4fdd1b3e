import { openWorkspace } from '../../db/workspace';
import { createServiceContext, type ContextOptions, type ServiceContext } from './context';

/** An open workspace with its service context; what a transport or the CLI holds. */
export interface Session {
  ctx: ServiceContext;
  /** Checkpoints the WAL into the main file and closes the database. */
  close(): void;
}

/** Opens the workspace at `workspacePath` (creating and migrating it as needed). */
export function openSession(options: Omit<ContextOptions, 'db'>): Session {
  const db = openWorkspace(options.workspacePath);
  const ctx = createServiceContext({ ...options, db });
  return {
    ctx,
    close() {
      if (!db.open) return;
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}
