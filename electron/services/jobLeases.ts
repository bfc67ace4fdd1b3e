import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { finishJob, insertJob, jobById, jobToTake, leaseNextJob, releaseJob, renewJobLease, setJobProgress, type JobRecord, type LeaseTime } from '../../db/queries/jobs';
import type { AnyDb } from '../../db/sql/sqliteSqlDb';
import type { JobProgress } from '../api/contract';
import { PaceMeter } from '../common/progressPace';
import type { ServiceContext } from './context';

/** A job as its handler sees it while this server holds its lease. */
export interface LeasedJob {
  id: number;
  kind: string;
  args: unknown;
  /** 1 the first time; more when this server took the job over from one that died. */
  attempt: number;
  /** Progress recorded so far (by this server or the one before): where a resumable job goes on from. */
  progressDone: number;
  /** Aborted when the lease is lost (the job was cancelled, or another server took it over). */
  signal: AbortSignal;
  /** Records progress in the job's row (every server's browsers see it); throws once the lease is lost. */
  progress(done: number, total: number | null): Promise<void>;
  /**
   * Whether this server still holds the job and goes on with it (read inside a write, `db`
   * being that write's connection): false once it was cancelled, taken over, or this server is
   * stopping. A handler writes a final outcome (a run's status) only while it holds the job.
   */
  holds(db: AnyDb): boolean;
  /**
   * Whether this server still holds the job, asked before work that must not be done twice (a
   * model call): yes at once while half the lease surely lies ahead (the heartbeat keeps two
   * thirds ahead); otherwise — this server stalled past its heartbeat (paused,
   * swapped out, its event loop blocked), and another may have taken the job over — it renews
   * the lease now, and a lease found lost aborts the job.
   */
  confirmHeld(): Promise<boolean>;
}

/**
 * Runs one kind of job. It must be resumable and idempotent: a server may die at any point, and
 * the next one runs the handler again from `progressDone`, so work already recorded in the
 * workspace (a judge call, an imported record) must be found there and not done again.
 */
export type JobHandler = ((job: LeasedJob) => Promise<void>) & {
  /**
   * Ends what the job stands for when it is given up (inside the write that fails the job): a
   * judge run's status, say, which nobody would otherwise end. See MAX_JOB_ATTEMPTS.
   */
  giveUp?: (db: AnyDb, args: unknown, reason: string) => void;
};

/**
 * Servers that may take a job before it is given up: a job whose every holder stopped without
 * ending it (a server that runs out of memory on it, say) would otherwise take each server down
 * in turn, for ever. A server shutting down gives its job back without spending an attempt.
 */
export const MAX_JOB_ATTEMPTS = 5;

export interface JobRunnerOptions {
  /** This server's name in leases (by default `host:pid:random`, fresh per runner). */
  serverId?: string;
  /** How long a lease lasts without renewal; a dead server's job waits this long for another. */
  leaseMs?: number;
  /** How often an idle runner looks for work. */
  pollMs?: number;
  /** How long things take, in ms (performance.now; tests move it on as if the server had stalled). */
  monotonic?: () => number;
  /**
   * This server's clock: what it records (finish times, progress rates) and, on SQLite, its
   * leases (tests move it on instead of waiting). On PostgreSQL leases go by the database's clock
   * alone, so a server whose clock is off cannot take a live job early (db/queries/jobs.ts LeaseTime).
   */
  now?: () => number;
}

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_POLL_MS = 1_000;

/**
 * Waits for a queued job to end (done, failed or cancelled), looking at its row every `pollMs`:
 * how a request waits on the job it queued, whichever server runs it.
 */
export async function jobEnded(ctx: ServiceContext, id: number, pollMs: number): Promise<JobRecord> {
  for (;;) {
    const job = jobById(ctx.sql, id)!;
    if (job.state === 'done' || job.state === 'failed' || job.state === 'cancelled') return job;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Queues a job for whichever server's runner takes it first. */
export function enqueueJob(ctx: ServiceContext, kind: string, args: unknown, now = Date.now()): Promise<number> {
  return ctx.sqlWrite((db) => insertJob(db, { kind, args, createdBy: ctx.caller.name, at: now }), { label: `queue ${kind}` });
}

/**
 * A server's job runner (issue 16, "stateless servers"): takes queued jobs — and jobs whose
 * server died, once their lease has run out — one at a time, renews the lease while the handler
 * works (a heartbeat every third of the lease), and records the outcome. Nothing that matters is
 * kept in memory: the job row says who runs it and how far it got.
 */
export class JobRunner {
  readonly serverId: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly now: () => number;
  private readonly monotonic: () => number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Aborts the handler under way (stop() lets its job go). */
  private abortRunning: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly handlers: Readonly<Record<string, JobHandler>>,
    options: JobRunnerOptions = {},
  ) {
    // Host and pid say which process holds a job (for people, and for tests that kill it); the rest keeps it unique.
    this.serverId = options.serverId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.now = options.now ?? Date.now;
    this.monotonic = options.monotonic ?? (() => performance.now());
  }

  /** Looks for work now and every pollMs until stopped. */
  start(): void {
    this.stopped = false;
    const tick = async () => {
      this.timer = null;
      if (this.stopped) return;
      try {
        while (!this.stopped && (await this.runOnce()));
      } catch (error) {
        console.error(`accord: the job runner failed: ${(error as Error).message}`);
      }
      if (!this.stopped) this.timer = setTimeout(() => void tick(), this.pollMs);
    };
    void tick();
  }

  /** Takes one job and runs it to its end; false when there was none to take. */
  async runOnce(): Promise<boolean> {
    // Looking costs a read; only a server that sees work takes the write to lease it.
    if (!jobToTake(this.ctx.sql, Object.keys(this.handlers), this.leaseNow())) return false;
    // Tracked from the lease on, so stop() waits for a job leased while it was called.
    const taking = this.takeAndRun();
    this.running = taking.then(() => undefined);
    try {
      return await taking;
    } finally {
      this.running = null;
    }
  }

  private async takeAndRun(): Promise<boolean> {
    // The lease lasts at least leaseMs from before it was asked for (the database's now() in the write is later).
    const asked = this.monotonic();
    const record = await this.ctx.sqlWrite((db) => leaseNextJob(db, this.serverId, Object.keys(this.handlers), this.leaseNow(), this.leaseMs), { label: 'lease a job' });
    if (!record) return false;
    if (this.stopped) {
      // Stopped while leasing: the job goes back untouched.
      await this.ctx.sqlWrite((db) => releaseJob(db, record.id, this.serverId), { label: 'release a job' });
      return false;
    }
    if (record.attempts > MAX_JOB_ATTEMPTS) {
      await this.giveUp(record);
      return true;
    }
    await this.run(record, asked);
    return true;
  }

  /** The moment lease statements go by: the database's clock on PostgreSQL (null), this server's on SQLite. */
  private leaseNow(): LeaseTime {
    return this.ctx.sql.engine === 'postgres' ? null : this.now();
  }

  /**
   * Stops taking work, aborts the handler under way and, once it has returned, gives its job
   * back to the queue, its progress kept: another server takes it at once (a handler is
   * resumable), rather than waiting for this one's lease to run out.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abortRunning?.();
    await this.running?.catch(() => {});
  }

  /** Fails a job that every one of its holders left unfinished, and ends what it stands for. */
  private async giveUp(record: JobRecord): Promise<void> {
    const reason = `given up: ${MAX_JOB_ATTEMPTS} servers took this job and each stopped before it ended (did it make them fail, e.g. run out of memory?); see the servers' logs`;
    await this.ctx.sqlWrite(
      (db) => {
        if (!finishJob(db, record.id, this.serverId, { state: 'failed', error: reason, at: this.now() })) return;
        this.handlers[record.kind].giveUp?.(db, JSON.parse(record.args) as unknown, reason);
      },
      { label: 'give up a job' },
    );
  }

  private async run(record: JobRecord, leasedAt: number): Promise<void> {
    const pace = new PaceMeter(record.progress_done);
    const abort = new AbortController();
    const lost = () => abort.abort(new Error(`job ${record.id} is no longer this server's (cancelled, or taken over)`));
    let stopping = false;
    this.abortRunning = () => {
      stopping = true;
      abort.abort(new Error(`this server is stopping: job ${record.id} goes back to the queue`));
    };
    // Until when (monotonic) the lease surely lasts: a lease from before the last renewal was asked for.
    let sureUntil = leasedAt + this.leaseMs;
    // Renewing is also how the holder learns it lost the job: the renewal finds it no longer its own.
    const renew = async (label: string) => {
      const asked = this.monotonic();
      try {
        const held = await this.ctx.sqlWrite((db) => renewJobLease(db, record.id, this.serverId, this.leaseNow(), this.leaseMs), { label });
        if (held) sureUntil = Math.max(sureUntil, asked + this.leaseMs);
        else lost();
      } catch {
        // The database did not answer: the next heartbeat tries again (the lease may still hold).
      }
    };
    const heartbeat = setInterval(() => void renew('renew a job lease'), Math.max(10, Math.floor(this.leaseMs / 3)));
    // The heartbeat alone must not keep a process alive that is otherwise done.
    heartbeat.unref();
    // A cancel announced by any server (PostgreSQL) is checked at once, not at the next heartbeat.
    const stopHearing = this.ctx.onJobCancelled?.((id) => {
      if (id === record.id) void renew('check a cancelled job lease');
    });
    const job: LeasedJob = {
      id: record.id,
      kind: record.kind,
      args: JSON.parse(record.args) as unknown,
      attempt: record.attempts,
      progressDone: record.progress_done,
      signal: abort.signal,
      progress: async (done, total) => {
        abort.signal.throwIfAborted();
        const held = await this.ctx.sqlWrite((db) => setJobProgress(db, record.id, this.serverId, done, total), { label: 'job progress' });
        if (!held) {
          lost();
          abort.signal.throwIfAborted();
        }
        this.ctx.emit('job.progress', progressEvent(record, pace, done, total, this.now(), false));
      },
      holds: (db) => {
        if (stopping || abort.signal.aborted) return false;
        const row = jobById(db, record.id);
        return row?.state === 'running' && row.leased_by === this.serverId;
      },
      confirmHeld: async () => {
        if (stopping || abort.signal.aborted) return false;
        // The heartbeat keeps two thirds of the lease ahead; under half means it missed a beat.
        if (sureUntil - this.monotonic() >= this.leaseMs / 2) return true;
        await renew('confirm a job lease');
        return !stopping && !abort.signal.aborted;
      },
    };
    try {
      await this.handlers[record.kind](job);
      if (!abort.signal.aborted) {
        await this.ctx.sqlWrite((db) => finishJob(db, record.id, this.serverId, { state: 'done', at: this.now() }), { label: 'finish a job' });
        this.ctx.emit('job.progress', progressEvent(record, pace, record.progress_done, null, this.now(), true));
      }
    } catch (error) {
      // A job this server lost is someone else's now: nothing to record here.
      if (!abort.signal.aborted) {
        await this.ctx.sqlWrite((db) => finishJob(db, record.id, this.serverId, { state: 'failed', error: (error as Error).message, at: this.now() }), { label: 'finish a job' });
      }
    } finally {
      clearInterval(heartbeat);
      stopHearing?.();
      this.abortRunning = null;
    }
    if (stopping) {
      await this.ctx.sqlWrite((db) => releaseJob(db, record.id, this.serverId), { label: 'release a job' }).catch((error: Error) => {
        console.error(`accord: could not give job ${record.id} back to the queue (another server takes it when its lease runs out): ${error.message}`);
      });
    }
  }
}

/** A job's progress as browsers show it (the same event as in-process jobs send). */
function progressEvent(record: JobRecord, pace: PaceMeter, done: number, total: number | null, now: number, finished: boolean): JobProgress {
  return { jobId: `job-${record.id}`, label: record.kind, done, total, ...pace.at(now, done, total), finished };
}
