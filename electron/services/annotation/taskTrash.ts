import type { TaskDeletionImpact, TrashedTask } from '../../api/contract';
import { archiveTask, deleteTaskChunk, markTaskForDeletion, restoreTask, taskAnyState, taskImpact, trashTask, trashedTasks, unarchiveTask } from '../../../db/queries/trash';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { moveToTrash, purgeForGood, restoreFromTrash, type Trashable } from '../trash/trashLifecycle';
import { loadTask } from './taskContext';

/*
 * Tasks under rule 1 of issue 13, through the one trash lifecycle (services/trash/trashLifecycle.ts):
 * archiving hides a task from its annotators and makes it read-only; deleting moves it to the
 * trash, everything under it kept and hidden; restoring brings it back as it was; purging (the
 * name typed) deletes it for good after a backup of the workspace.
 */

const changed = (ctx: ServiceContext) => ctx.emit('workspace.changed', { what: 'tasks' });

function impactOfId(ctx: ServiceContext, id: number, name: string): TaskDeletionImpact {
  return { task: name, ...taskImpact(ctx.sql, id) };
}

/** A task by name or id in any state but being deleted. @throws NotFoundError */
function anyTask(ctx: ServiceContext, ref: string | number) {
  const task = taskAnyState(ctx.sql, ref);
  if (!task || task.state === 'deleting') throw new NotFoundError(`no task ${typeof ref === 'number' ? `with id ${ref}` : `named "${ref}"`}`);
  return task;
}

/** What a task holds that deleting it would remove (see `tasks.impact`); trashed tasks too. */
export function taskImpactOf(ctx: ServiceContext, ref: string | number): TaskDeletionImpact {
  const task = anyTask(ctx, ref);
  return impactOfId(ctx, task.id, task.name);
}

/** Archives a task (see `tasks.archive`). */
export async function archive(ctx: ServiceContext, ref: string | number): Promise<{ archived: boolean }> {
  const task = loadTask(ctx.sql, ref);
  const done = await ctx.sqlWrite((db) => archiveTask(db, task.record.id, ctx.caller.name, new Date().toISOString()), { label: 'archive task' });
  if (done) changed(ctx);
  return { archived: true };
}

/** Makes an archived task active again (see `tasks.unarchive`). */
export async function unarchive(ctx: ServiceContext, ref: string | number): Promise<{ archived: boolean }> {
  const task = loadTask(ctx.sql, ref);
  const done = await ctx.sqlWrite((db) => unarchiveTask(db, task.record.id), { label: 'unarchive task' });
  if (done) changed(ctx);
  return { archived: false };
}

/** A task as the trash lifecycle moves it (services/trash/trashLifecycle.ts). @throws NotFoundError */
function trashable(ctx: ServiceContext, ref: string | number): Trashable<TaskDeletionImpact> {
  const task = anyTask(ctx, ref);
  return {
    kind: 'task',
    label: `task "${task.name}"`,
    state: task.state === 'trashed' ? 'trashed' : 'active',
    confirmation: task.name,
    confirmationWords: 'its name',
    changed: 'tasks',
    impact: () => impactOfId(ctx, task.id, task.name),
    trash: (db, by, at) => trashTask(db, task.id, by, at),
    restore: (db) => restoreTask(db, task.id),
    markForDeletion: (db) => markTaskForDeletion(db, task.id),
    purgeChunk: (db, hold) => deleteTaskChunk(db, task.id, hold),
  };
}

/** Moves a task to the trash (see `tasks.delete`); an archived task goes too. */
export async function trash(ctx: ServiceContext, ref: string | number): Promise<{ trashed: boolean; impact: TaskDeletionImpact }> {
  return moveToTrash(ctx, trashable(ctx, ref));
}

export function listTrashedTasks(ctx: ServiceContext): TrashedTask[] {
  return trashedTasks(ctx.sql).map((t) => ({ id: t.id, name: t.name, trashedAt: t.trashed_at, trashedBy: t.trashed_by, impact: impactOfId(ctx, t.id, t.name) }));
}

/** Brings a trashed task back (see `tasks.restore`). */
export async function restore(ctx: ServiceContext, ref: string | number): Promise<{ restored: boolean }> {
  return restoreFromTrash(ctx, trashable(ctx, ref));
}

/** Deletes a trashed task for good (see `tasks.purge`): the name typed, a backup, then the rows in chunks. */
export async function purge(ctx: ServiceContext, ref: string | number, confirm: string): Promise<{ purged: boolean; backup: string | null; impact: TaskDeletionImpact }> {
  return purgeForGood(ctx, trashable(ctx, ref), confirm);
}
