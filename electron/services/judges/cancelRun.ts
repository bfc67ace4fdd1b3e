import { runById } from '../../../db/queries/judges';
import type { ServiceContext } from '../context';
import { ConflictError, NotFoundError } from '../errors';
import { cancelActiveRun } from './activeRuns';
import { cancelJobOfRun } from './leasedRuns';

/**
 * Cancels a judge run by its id — the same cancel as `jobs.cancel` on the run's job, for a
 * caller that does not hold the job id (the runs table, a run left going in the background).
 * The run stops taking items, lets the calls in flight finish and be recorded, and ends
 * `cancelled`, resumable with nothing answered sent again. Returns at once; the status changes
 * when the calls in flight have finished. On a team server the run is a job (leasedRuns.ts) that
 * any server may hold: the job is cancelled in the workspace, and the server holding it stops the
 * run at its next lease renewal (at once when that is this server).
 *
 * @returns `cancelled: false` when the run has already stopped (finished, cancelled, failed).
 * @throws NotFoundError for an unknown run; ConflictError for a run recorded as running that
 *   this process is not running (the CLI runs it, or the process that ran it died).
 */
export async function cancelRun(ctx: ServiceContext, runId: number): Promise<{ cancelled: boolean }> {
  const run = runById(ctx.sql, runId);
  if (!run) throw new NotFoundError(`no judge run ${runId}`);
  if (run.status !== 'running') return { cancelled: false };
  const asJob = await cancelJobOfRun(ctx, runId);
  // Whether or not it is a job: when this process runs it, it stops now rather than at the next renewal.
  const here = cancelActiveRun(ctx.sql, runId);
  if (asJob || here) return { cancelled: true };
  throw new ConflictError(
    `run ${runId} is recorded as running, but not by this app: another process runs it (the accord CLI; stop it there), or the process that ran it died — then resume it with: accord judge run --task "${run.task_name}" --resume ${runId}`,
  );
}
