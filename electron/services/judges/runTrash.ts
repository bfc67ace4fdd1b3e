import type { RunDeletionImpact, TrashedRun } from '../../api/contract';
import { listRuns, raterOfRun, runInAnyState } from '../../../db/queries/judges';
import { deleteRunChunk, markRunForDeletion, restoreRun, runImpact, trashedRunIds, trashRun } from '../../../db/queries/judgeRunTrash';
import { loadTask } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { moveToTrash, purgeForGood, restoreFromTrash, type Trashable } from '../trash/trashLifecycle';

/*
 * Deleting a judge run (issue 13, rule 1), the same shapes as a dataset's trash: say exactly what
 * goes, move it to the trash (hidden, every call and label kept), restore it whole, or purge it
 * for good with `run N` typed, after a backup.
 */

/** What typing confirms a run's purge. */
export const runConfirmation = (run: number) => `run ${run}`;

function impactOfRun(ctx: ServiceContext, run: NonNullable<ReturnType<typeof runInAnyState>>): RunDeletionImpact {
  return {
    run: run.id,
    task: run.task_name,
    rater: raterOfRun(ctx.sql, run.id)?.name ?? '',
    judge: `${run.judge_name}@${run.judge_version}`,
    model: run.model,
    ...runImpact(ctx.sql, run.id),
    comparableRuns: listRuns(ctx.sql, run.task_id)
      .map((r) => r.id)
      .filter((id) => id !== run.id),
  };
}

/** A run as the trash lifecycle moves it. @throws NotFoundError */
function trashable(ctx: ServiceContext, id: number): Trashable<RunDeletionImpact> {
  const run = runInAnyState(ctx.sql, id);
  if (!run || run.state === 'deleting') throw new NotFoundError(`no judge run ${id}`);
  return {
    kind: 'judge run',
    label: `judge run ${id}`,
    state: run.state,
    confirmation: runConfirmation(id),
    confirmationWords: `“${runConfirmation(id)}”`,
    changed: 'judges',
    impact: () => impactOfRun(ctx, run),
    // A run recorded as running may be going in another process (the CLI): its calls would land in the trash.
    busy: () => (run.status === 'running' ? `judge run ${id} is still running; cancel it first (Cancel on its page, or stop the accord judge run that runs it), then delete it` : null),
    trash: (db, by, at) => trashRun(db, id, by, at),
    restore: (db) => restoreRun(db, id),
    markForDeletion: (db) => markRunForDeletion(db, id),
    purgeChunk: (db, hold) => deleteRunChunk(db, id, hold),
  };
}

/** What deleting a run takes with it (see `judges.deleteImpact`); trashed runs too. */
export function runDeletionImpact(ctx: ServiceContext, id: number): RunDeletionImpact {
  return trashable(ctx, id).impact();
}

// Async, so a run that does not exist is a rejected promise like every other failure.
export const deleteRun = async (ctx: ServiceContext, id: number) => moveToTrash(ctx, trashable(ctx, id));
export const restoreRunFromTrash = async (ctx: ServiceContext, id: number) => restoreFromTrash(ctx, trashable(ctx, id));
export const purgeRun = async (ctx: ServiceContext, id: number, confirm: string) => purgeForGood(ctx, trashable(ctx, id), confirm);

/** The runs in the trash, newest first, each with what it holds. */
export function listTrashedRuns(ctx: ServiceContext, task?: string | number): TrashedRun[] {
  const taskId = task === undefined ? undefined : loadTask(ctx.sql, task).record.id;
  return trashedRunIds(ctx.sql, taskId).map((id) => {
    const run = runInAnyState(ctx.sql, id)!;
    const impact = impactOfRun(ctx, run);
    return { id, task: run.task_name, rater: impact.rater, trashedAt: run.trashed_at!, trashedBy: run.trashed_by, impact };
  });
}
