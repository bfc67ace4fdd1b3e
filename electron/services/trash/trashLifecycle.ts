import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { SqlDb } from '../../../db/sql/sqlDb';
import type { Hold } from '../../../db/writePath';
import type { ServiceContext } from '../context';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';

/*
 * Nothing lost silently (issue 13, rule 1), one shape for everything that holds human work or
 * its evidence (a dataset, a judge run): deleting moves it to a trash where everything under it
 * is kept and hidden from every reader; restoring brings it back as it was; purging deletes it
 * for good — a deliberate act (a typed confirmation) taken after a backup of the workspace, its
 * rows removed in chunks so an annotator's save never waits long.
 */

/** Something that can go to the trash: how to name it, count what it holds, and move it between states. */
export interface Trashable<Impact> {
  /** "dataset", "judge run": names the write and the backup. */
  kind: string;
  /** How it is named in messages: `dataset "plans"`, `judge run 3`. */
  label: string;
  state: 'active' | 'trashed' | 'deleting' | string;
  /** What must be typed to purge it, and how the refusal names it (`its name`, `“run 3”`). */
  confirmation: string;
  confirmationWords: string;
  /** What `workspace.changed` says changed. */
  changed: string;
  impact(): Impact;
  trash(db: SqlDb, by: string | null, at: string): boolean;
  restore(db: SqlDb): boolean;
  /** Hides it for the purge; on the connection of the write that purges it (see below). */
  markForDeletion(db: AnyDb): boolean;
  /** One chunk of the purge (both engines); true when it is gone. */
  purgeChunk(db: SqlDb, hold: Hold): boolean;
  /** Why it cannot go to the trash now (a run still running), or null. */
  busy?(): string | null;
}

/** Moves an active thing to the trash, saying what went with it; `trashed: false` when it was there already. */
export async function moveToTrash<I>(ctx: ServiceContext, target: Trashable<I>): Promise<{ trashed: boolean; impact: I }> {
  const impact = target.impact();
  if (target.state === 'trashed') return { trashed: false, impact };
  if (target.state !== 'active') throw new NotFoundError(`no ${target.label}`);
  const busy = target.busy?.() ?? null;
  if (busy) throw new ConflictError(busy);
  const trashed = await ctx.sqlWrite((db) => target.trash(db, ctx.caller.name, new Date().toISOString()), { label: `trash ${target.kind}` });
  if (trashed) ctx.emit('workspace.changed', { what: target.changed });
  return { trashed, impact };
}

/** Brings a trashed thing back as it was. */
export async function restoreFromTrash<I>(ctx: ServiceContext, target: Trashable<I>): Promise<{ restored: boolean }> {
  if (target.state !== 'trashed') throw new NotFoundError(`${target.label} is not in the trash`);
  const restored = await ctx.sqlWrite((db) => target.restore(db), { label: `restore ${target.kind}` });
  if (restored) ctx.emit('workspace.changed', { what: target.changed });
  return { restored };
}

/**
 * Deletes a trashed thing for good: the confirmation typed exactly, a backup of the workspace
 * written (its path returned), then the rows removed in chunks (a crash part way is finished
 * when the workspace is next opened).
 */
export async function purgeForGood<I>(ctx: ServiceContext, target: Trashable<I>, confirm: string): Promise<{ purged: boolean; backup: string | null; impact: I }> {
  if (target.state !== 'trashed') {
    throw new ConflictError(`${target.label} is not in the trash; delete it first (it then stays restorable), and purge it from the trash`);
  }
  if (confirm !== target.confirmation) throw new InvalidInputError(`to delete ${target.label} for good, type ${target.confirmationWords} exactly (got "${confirm}")`);
  const impact = target.impact();
  const backup = ctx.backups ? await ctx.backups.beforeDestructive(`purge ${target.label}`) : null;
  const label = `purge ${target.kind}`;
  const purged = await ctx.sqlWrite((db) => target.markForDeletion(db), { label });
  // Chunk by chunk, each its own write (a save queued behind it waits one chunk at most).
  for (let done = !purged; !done; ) done = await ctx.sqlWrite((db, hold) => target.purgeChunk(db, hold), { chunk: true, label });
  ctx.emit('workspace.changed', { what: target.changed });
  return { purged, backup, impact };
}
