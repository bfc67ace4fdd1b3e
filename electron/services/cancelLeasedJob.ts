import { activeJobsOfKind, cancelJob } from '../../db/queries/jobs';
import type { ServiceContext } from './context';
import { cancelJobOfRun, JUDGE_RUN_JOB } from './judges/leasedRuns';
import { IMPORT_JOB } from './leasedImports';

/**
 * `jobs.cancel` by the caller's progress id: the long job this process runs under that id, and on
 * a team server also the leased job (judge run or import) carrying it, whichever server holds it
 * — that server sees the cancel at its next lease renewal. A judge run's job is cancelled through
 * its run, so a run nobody runs yet ends `cancelled` at once.
 */
export async function cancelJobAnywhere(ctx: ServiceContext, progressId: string): Promise<{ cancelled: boolean }> {
  const here = ctx.jobs.cancel(progressId);
  if (!ctx.leasedJobs) return { cancelled: here };
  const carrying = (kind: string) => activeJobsOfKind(ctx.sql, kind).filter((job) => (JSON.parse(job.args) as { jobId?: string | null }).jobId === progressId);
  let leased = false;
  for (const job of carrying(JUDGE_RUN_JOB)) leased = (await cancelJobOfRun(ctx, (JSON.parse(job.args) as { runId: number }).runId)) || leased;
  for (const job of carrying(IMPORT_JOB)) leased = (await ctx.sqlWrite((db) => cancelJob(db, job.id, Date.now()), { label: 'cancel an import job' })) || leased;
  return { cancelled: here || leased };
}
