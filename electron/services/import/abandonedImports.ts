import { abandonedImports, discardImportChunk } from '../../../db/queries/imports';
import type { ServiceContext } from '../context';

/**
 * Discards the imports left `importing` by a process that is gone or silent beyond the lease
 * (db/queries/imports.ts abandonedImports), chunk by chunk through the query layer's write path.
 * A workspace file does this when it opens (db/workspace.ts recoverInterruptedWork); a
 * PostgreSQL workspace outlives the server that imported, so the next server to open it does.
 *
 * @returns how many imports it discarded.
 */
export async function discardAbandonedImports(ctx: ServiceContext, isAlive?: (owner: string) => boolean): Promise<number> {
  const abandoned = abandonedImports(ctx.sql, isAlive);
  for (const importId of abandoned) {
    for (let done = false; !done; ) done = await ctx.sqlWrite((db, hold) => discardImportChunk(db, importId, hold), { chunk: true, durable: false, label: 'discard import' });
  }
  return abandoned.length;
}
