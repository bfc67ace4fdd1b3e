import type { Caller } from '../../api/access';
import type { ArgsOf, ResultOf } from '../../api/contract';
import { activeJobsOfKind, cancelJob, clearEndedJobResults, insertJob, setJobResult } from '../../../db/queries/jobs';
import { withCaller, type ServiceContext } from '../context';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../errors';
import { jobEnded, type JobHandler } from '../jobLeases';
import { exportAgreement } from './report/exportReport';
import { questionAgreement, taskAgreement } from './taskAgreement';

/**
 * Bootstraps on a team server (issue 16, "stateless servers"): an agreement request that
 * resamples (`bootstrap > 0`) is queued as an `agreement` job; whichever server leases it runs
 * the same analysis a desktop runs in its request, and leaves the answer as the job's result
 * for the request waiting on it. Progress goes out under the caller's progress id from the
 * holder (NOTIFY: every browser hears it), `jobs.cancel` from any server cancels the job, and a
 * server taking the job over from one that died computes it again from the start: the seed makes
 * the figures identical. Without a bootstrap the figures take a moment, and are answered in the request.
 *
 * One code path for the analysis, two ways to schedule it.
 */

export const AGREEMENT_JOB = 'agreement';

type AgreementMethod = 'agreement.summary' | 'agreement.question' | 'agreement.export';

/** The analysis behind each method, wherever it runs. */
const ANALYSE: { [M in AgreementMethod]: (ctx: ServiceContext, args: ArgsOf<M>) => Promise<ResultOf<M>> } = {
  'agreement.summary': taskAgreement,
  'agreement.question': questionAgreement,
  'agreement.export': exportAgreement,
};

/** What an agreement job's row holds in its args. */
interface AgreementJobArgs<M extends AgreementMethod = AgreementMethod> {
  method: M;
  /** The request's arguments as dispatch checked them (the caller's progress id among them). */
  args: ArgsOf<M>;
  /**
   * Who asked: the job computes as them. Dispatch checked the method's access rule (adjudicators
   * and leads) before the job was queued; nothing in the analysis varies by caller today, and
   * the job runs under theirs so nothing could come to.
   */
  caller: Caller;
  /** The caller's progress id (`jobs.cancel` finds the job by it, as other jobs'), or null. */
  jobId: string | null;
}

/** What a job that refused leaves as its result, so the request refuses alike (same code and words). */
interface Refusal {
  refused: { name: string; message: string };
}

/** How often the request waiting on an agreement job looks at it. */
const WAIT_POLL_MS = 100;
/** How long an ended agreement job keeps its result: its request reads it within a poll; the rest of the day is slack. */
export const RESULT_KEPT_MS = 24 * 60 * 60_000;

/**
 * Answers an agreement method: in this request, or on a team server as a leased job when it
 * bootstraps. A request carrying the progress id of a job still under way supersedes it: the
 * page asks again under one id when the data changed (labels saved meanwhile: the job under
 * way computes the figures from before), or when the server it asked died; that job is
 * cancelled, and the new one computes on the workspace as it is now.
 */
export function scheduleAgreement<M extends AgreementMethod>(ctx: ServiceContext, method: M, args: ArgsOf<M>): Promise<ResultOf<M>> {
  const analyse = ANALYSE[method] as (ctx: ServiceContext, args: ArgsOf<M>) => Promise<ResultOf<M>>;
  if (!ctx.leasedJobs || args.bootstrap === 0) return analyse(ctx, args);
  return queueAgreement(ctx, { method, args, caller: ctx.caller, jobId: args.jobId ?? null });
}

async function queueAgreement<M extends AgreementMethod>(ctx: ServiceContext, jobArgs: AgreementJobArgs<M>): Promise<ResultOf<M>> {
  const job = await jobEnded(ctx, await enqueueAgreement(ctx, jobArgs), WAIT_POLL_MS);
  if (job.state === 'done') return JSON.parse(job.result!) as ResultOf<M>;
  if (job.state === 'failed') throw refusalOf(job.result, job.error);
  // As a bootstrap cancelled in its request ends (dispatch answers `cancelled`).
  throw new Error('cancelled');
}

/**
 * Queues the job in one write with what it replaces: the agreement jobs under way under the
 * same progress id are cancelled (their holders hear it), and the results old jobs left are
 * cleared (their requests have read them).
 */
function enqueueAgreement(ctx: ServiceContext, jobArgs: AgreementJobArgs): Promise<number> {
  const now = Date.now();
  return ctx.sqlWrite(
    (db) => {
      if (jobArgs.jobId !== null) {
        for (const job of activeJobsOfKind(db, AGREEMENT_JOB)) {
          if ((JSON.parse(job.args) as AgreementJobArgs).jobId === jobArgs.jobId) cancelJob(db, job.id, now);
        }
      }
      clearEndedJobResults(db, AGREEMENT_JOB, now - RESULT_KEPT_MS);
      return insertJob(db, { kind: AGREEMENT_JOB, args: jobArgs, createdBy: ctx.caller.name, at: now });
    },
    { label: `queue ${AGREEMENT_JOB}` },
  );
}

const REFUSALS = { NotFoundError, InvalidInputError, ConflictError, ForbiddenError } as const;

/** The error a failed job's request answers with: the analysis's own refusal where it left one. */
function refusalOf(result: string | null, error: string | null): Error {
  const refused = result ? (JSON.parse(result) as Partial<Refusal>).refused : undefined;
  if (!refused) return new Error(error ?? 'the agreement job failed');
  const Refusal = REFUSALS[refused.name as keyof typeof REFUSALS];
  return Refusal ? new Refusal(refused.message) : new Error(refused.message);
}

/**
 * The `agreement` job: runs the request's analysis as its caller, under the caller's progress id
 * (a lost lease or a cancel cancels it between questions), and leaves the answer — or the
 * refusal — as the job's result, written only while this server holds the job.
 */
export function agreementJob(ctx: ServiceContext): JobHandler {
  return async (job) => {
    const { method, args, caller } = job.args as AgreementJobArgs;
    const progressId = args.jobId ?? `agreement-job-${job.id}-${job.attempt}`;
    const cancel = () => ctx.jobs.cancel(progressId);
    job.signal.addEventListener('abort', cancel);
    const leave = (result: unknown) =>
      ctx.sqlWrite(
        (db) => {
          if (!job.holds(db)) throw new Error(`agreement job ${job.id} is no longer this server's`);
          setJobResult(db, job.id, result);
        },
        { label: 'agreement job: its result' },
      );
    try {
      const analyse = ANALYSE[method] as (ctx: ServiceContext, args: ArgsOf<AgreementMethod>) => Promise<unknown>;
      let result: unknown;
      try {
        result = await analyse(withCaller(ctx, caller), { ...args, jobId: progressId });
      } catch (error) {
        job.signal.throwIfAborted();
        const { name, message } = error as Error;
        if (name in REFUSALS) await leave({ refused: { name, message } } satisfies Refusal);
        throw error;
      }
      job.signal.throwIfAborted();
      await leave(result);
    } finally {
      job.signal.removeEventListener('abort', cancel);
    }
  };
}
