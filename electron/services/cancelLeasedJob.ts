import { activeJobsOfKind, cancelJob } from '../../db/queries/jobs';
import { AGREEMENT_JOB } from './agreement/leasedAgreement';
import type { ServiceContext } from './context';
import { cancelJobOfRun, JUDGE_RUN_JOB } from './judges/leasedRuns';
import { IMPORT_JOB } from './leasedImports';

/**
 * `jobs.cancel` by the caller's progress id: the long job this process runs under that id, and on
 * a team server also the leased job (judge run, import or bootstrap) carrying it, whichever server
 * holds it — that server hears the cancel at once on PostgreSQL (db/queries/jobs.ts cancelJob), or
 * sees it at its next lease renewal. A judge run's job is cancelled through its run, so a run
 * nobody runs yet ends `cancelled` at once.
 */
export async function cancelJobAnywhere(ctx: ServiceContext, progressId: string): Promise<{ cancelled: boolean }> {
  const here = ctx.jobs.cancel(progressId);
  if (!ctx.leasedJobs) return { cancelled: here };
  const carrying = (kind: string) => activeJobsOfKind(ctx.sql, kind).filter((job) => (JSON.parse(job.args) as { jobId?: string | null }).jobId === progressId);
  let leased = false;
  for (const job of carrying(JUDGE_RUN_JOB)) leased = (await cancelJobOfRun(ctx, (JSON.parse(job.args) as { runId: number }).runId)) || leased;
  for (const kind of [IMPORT_JOB, AGREEMENT_JOB]) {
    for (const job of carrying(kind)) leased = (await ctx.sqlWrite((db) => cancelJob(db, job.id, Date.now()), { label: `cancel a job (${kind})` })) || leased;
  }
  return { cancelled: here || leased };
}
