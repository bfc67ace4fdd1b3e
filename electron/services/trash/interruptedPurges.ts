import { datasetsBeingDeleted, deleteDatasetChunk } from '../../../db/queries/imports';
import { deleteRunChunk, runsBeingDeleted } from '../../../db/queries/judgeRunTrash';
import { deleteTaskChunk, tasksBeingDeleted } from '../../../db/queries/trash';
import type { ServiceContext } from '../context';

/**
 * Finishes the purges of datasets, tasks and judge runs that a process left half done (hidden as
 * `deleting`), chunk by chunk through the query layer's write path, on either engine. A
 * workspace file does this when it opens (db/workspace.ts recoverInterruptedWork); a PostgreSQL
 * workspace outlives the server that was purging, so another server finishes the work. A purge
 * still under way on a live server is merely helped along: each chunk deletes whatever is left,
 * and the last one the run or task row.
 *
 * @returns how many purges it finished.
 */
export async function finishInterruptedPurges(ctx: ServiceContext): Promise<number> {
  const purges = [
    ...datasetsBeingDeleted(ctx.sql).map((id) => ({ label: 'purge dataset', chunk: deleteDatasetChunk, id })),
    ...tasksBeingDeleted(ctx.sql).map((id) => ({ label: 'purge task', chunk: deleteTaskChunk, id })),
    ...runsBeingDeleted(ctx.sql).map((id) => ({ label: 'purge judge run', chunk: deleteRunChunk, id })),
  ];
  for (const { label, chunk, id } of purges) {
    for (let done = false; !done; ) done = await ctx.sqlWrite((db, hold) => chunk(db, id, hold), { chunk: true, label });
  }
  return purges.length;
}
