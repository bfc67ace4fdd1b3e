import type { RunSettings, RunSummary } from '../../api/contract';
import { activeJobsOfKind, cancelJob, insertJob, jobById, leaseRanOut, type JobRecord } from '../../../db/queries/jobs';
import { finishRun, restartRun, runById } from '../../../db/queries/judges';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { ServiceContext } from '../context';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import type { JobHandler, LeasedJob } from '../jobLeases';
import { createRun, planRun, runJudge, type RunDependencies, type RunJudgeArgs } from './runJudge';
import { toRunSummary } from './runViews';

/**
 * Judge runs on a team server (issue 16, "stateless servers"): `judges.run` records the run and
 * queues a `judge-run` job in one write, and answers at once with the run (status running);
 * whichever server's job runner leases the job runs the judge through the resume path, so a
 * server taking over from one that died sends no call the dead one had recorded. The stored run
 * holds every setting; the job names only the run (and the caller's progress id).
 */

export const JUDGE_RUN_JOB = 'judge-run';

interface JudgeRunJobArgs {
  runId: number;
  /** The id the caller follows `job.progress` events by (the renderer makes it), or null. */
  jobId: string | null;
}

/** The queued or running job of run `runId`, if a team server runs it. */
function activeJobOfRun(db: AnyDb, runId: number): JobRecord | undefined {
  return activeJobsOfKind(db, JUDGE_RUN_JOB).find((job) => (JSON.parse(job.args) as JudgeRunJobArgs).runId === runId);
}

/**
 * `judges.run` on a team server: checks the run as {@link runJudge} does, then records it (or
 * restarts the run to resume) and queues its job in one write.
 *
 * @throws as runJudge; InvalidInputError for extra headers (only their names are stored, and
 *   whichever server takes the job must be able to send them); ConflictError for a run whose
 *   job is queued or running.
 */
export async function queueJudgeRun(ctx: ServiceContext, args: RunJudgeArgs): Promise<RunSummary> {
  if (Object.keys(args.headers).length > 0) {
    throw new InvalidInputError(
      'a team server cannot send extra headers with judge calls: any of its servers may run the job, and header values are never stored in the workspace (they may hold secrets); give the endpoint key through OPENAI_API_KEY in every server\'s environment',
    );
  }
  const plan = planRun(ctx, args);
  const jobArgs = (runId: number): JudgeRunJobArgs => ({ runId, jobId: args.jobId ?? null });
  const runId = await ctx.sqlWrite(
    (db) => {
      let id: number;
      if (plan.start.runId !== null) {
        id = plan.start.runId;
        if (activeJobOfRun(db, id)) throw new ConflictError(`run ${id} is already running`);
        restartRun(db, id, plan.pieces.length, JSON.stringify(plan.settings));
      } else {
        id = createRun(db, plan).runId;
      }
      insertJob(db, { kind: JUDGE_RUN_JOB, args: jobArgs(id), createdBy: ctx.caller.name, at: Date.now() });
      return id;
    },
    { label: 'queue a judge run' },
  );
  return toRunSummary(ctx.sql, runById(ctx.sql, runId)!);
}

/**
 * The `judge-run` job: resumes the run its args name with the run's stored settings. The run
 * ends (finished, cancelled, failed) only while this server holds the job or the job was
 * cancelled: a server whose lease ran out while it was stalled leaves the run to the one that
 * took it over.
 */
export function judgeRunJob(ctx: ServiceContext, deps: RunDependencies = {}): JobHandler {
  const handle = async (job: LeasedJob) => {
    const { runId, jobId } = job.args as JudgeRunJobArgs;
    const run = runById(ctx.sql, runId);
    if (!run) throw new NotFoundError(`no judge run ${runId}`);
    // Cancelled, or ended by an earlier holder that died before ending its job: nothing to do.
    if (run.status !== 'running') return;
    const stored = JSON.parse(run.settings) as RunSettings;
    const mayFinish = (db: AnyDb) => job.holds(db) || jobById(db, job.id)?.state === 'cancelled';
    try {
      await runJudge(
        ctx,
        {
          task: run.task_id,
          resume: runId,
          headers: {},
          concurrency: stored.concurrency,
          timeoutMs: stored.timeoutMs,
          maxAttempts: stored.maxAttempts,
          noCache: stored.noCache,
          // Empty: the resume keeps the stored prices.
          prices: {},
          jobId: jobId ?? undefined,
        },
        deps,
        { signal: job.signal, mayFinish, confirmHeld: () => job.confirmHeld() },
      );
    } catch (error) {
      // A run that could not even start (its task archived since, say) ends failed, saying why.
      const reason = `the run stopped: ${(error as Error).message}`;
      await ctx.sqlWrite((db) => {
        if (mayFinish(db) && runById(db, runId)?.status === 'running') finishRun(db, runId, 'failed', reason);
      });
      throw error;
    }
  };
  // A run whose job is given up (every server that took it stopped) ends failed, saying why.
  const giveUp = (db: AnyDb, args: unknown, reason: string) => {
    const { runId } = args as JudgeRunJobArgs;
    if (runById(db, runId)?.status === 'running') finishRun(db, runId, 'failed', reason);
  };
  return Object.assign(handle, { giveUp });
}

/**
 * Cancels the job of run `runId`, if a team server runs it: the server holding its lease sees
 * the cancel at its next renewal and stops the run (calls in flight recorded, status
 * `cancelled`). A job nobody runs — still queued, or its server dead — ends the run here.
 *
 * @returns false when no job of the run is queued or running.
 */
export function cancelJobOfRun(ctx: ServiceContext, runId: number, now = Date.now()): Promise<boolean> {
  return ctx.sqlWrite(
    (db) => {
      const job = activeJobOfRun(db, runId);
      if (!job) return false;
      // Read before the cancel clears the lease; by the database's clock (a server's may be off).
      const nobodyRunsIt = job.state === 'queued' || leaseRanOut(db, job.id, null);
      cancelJob(db, job.id, now);
      if (nobodyRunsIt) finishRun(db, runId, 'cancelled');
      return true;
    },
    { label: 'cancel a judge run' },
  );
}
