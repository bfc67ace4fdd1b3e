import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cancelJob, jobById, leaseNextJob, releaseJob } from '../../db/queries/jobs';
import type { AnyDb } from '../../db/sql/sqliteSqlDb';
import { ENGINES, useEngines, type EngineWorkspace } from '../testing/engines';
import type { ServiceContext } from './context';
import { enqueueJob, JobRunner, MAX_JOB_ATTEMPTS, type LeasedJob } from './jobLeases';

// Jobs as rows with leases, on both engines: two servers share one queue; when the server
// running a job dies, the other takes it over once the lease has run out and goes on from the
// recorded progress — each step done once (issue 16 part 3).

const engines = useEngines({ beforeAll, afterAll, afterEach });
const LEASE_MS = 60_000;

/** A clock the test moves on, so lease expiry needs no waiting. */
function clock(start = Date.parse('2026-11-25T10:00:00.000Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

/**
 * The lease of running job `id` runs out: on SQLite the servers' clock moves on past it; on
 * PostgreSQL, whose leases go by the database's clock, the lease is moved back into the past
 * (as if that much time had passed at the database).
 */
async function leaseRunsOut(ws: EngineWorkspace, time: ReturnType<typeof clock>, id: number): Promise<void> {
  time.advance(LEASE_MS + 1);
  if (ws.engine === 'postgres') {
    await ws.ctx.sqlWrite((db) => db.run(db.q.updateTable('jobs').set({ lease_until: new Date(Date.now() - 1_000).toISOString() }).where('id', '=', id)));
  }
}

/** A long job that waits for its signal: `started` resolves with it once a runner holds it. */
function waitsForAbort() {
  let started!: (job: LeasedJob) => void;
  const running = new Promise<LeasedJob>((resolve) => (started = resolve));
  const handler = async (job: LeasedJob) => {
    started(job);
    await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
    job.signal.throwIfAborted();
  };
  return { handler, running };
}

/** The labels of the writes `ctx` makes, in order (which lease writes a runner made). */
function writeLabels(ctx: ServiceContext): string[] {
  const labels: string[] = [];
  const write = ctx.sqlWrite;
  ctx.sqlWrite = ((fn, options) => {
    labels.push(options?.label ?? '');
    return write(fn, options);
  }) as ServiceContext['sqlWrite'];
  return labels;
}

describe.each(ENGINES)('jobs on %s', (engine) => {
  it('are taken over from a server that died, going on from where it got, nothing done twice', async () => {
    const ws = await engines.open(engine, []);
    const otherCtx = await ws.anotherServer();
    const time = clock();
    const done: Record<string, number[]> = { a: [], b: [] };
    let crash!: () => void;
    const dies = new Promise<void>((resolve) => (crash = resolve));
    // Six steps, each recorded as progress before the next; server a dies after its third.
    const steps = (server: 'a' | 'b') => async (job: LeasedJob) => {
      for (let step = job.progressDone + 1; step <= 6; step++) {
        done[server].push(step);
        await job.progress(step, 6);
        if (server === 'a' && step === 3) {
          crash();
          // A dead server never comes back: its handler never returns.
          await new Promise(() => {});
        }
      }
    };
    const a = new JobRunner(ws.ctx, { 'test.steps': steps('a') }, { serverId: 'a', leaseMs: LEASE_MS, now: time.now });
    const b = new JobRunner(otherCtx, { 'test.steps': steps('b') }, { serverId: 'b', leaseMs: LEASE_MS, now: time.now });
    const id = await enqueueJob(ws.ctx, 'test.steps', { of: 6 }, time.now());

    void a.runOnce();
    await dies;
    expect(jobById(ws.ctx.sql, id)).toMatchObject({ state: 'running', leased_by: 'a', attempts: 1, progress_done: 3 });
    // While a's lease lasts, b leaves the job alone.
    expect(await b.runOnce()).toBe(false);
    await leaseRunsOut(ws, time, id);
    expect(await b.runOnce()).toBe(true);

    expect(done).toEqual({ a: [1, 2, 3], b: [4, 5, 6] });
    expect(jobById(ws.ctx.sql, id)).toMatchObject({ state: 'done', leased_by: null, lease_until: null, attempts: 2, progress_done: 6, progress_total: 6, error: null });
  });

  it('lets no server take a live job early, whatever its own clock says (PostgreSQL: leases by the database clock)', async () => {
    const ws = await engines.open(engine, []);
    const long = waitsForAbort();
    const a = new JobRunner(ws.ctx, { 'test.long': long.handler }, { serverId: 'a', leaseMs: LEASE_MS });
    const id = await enqueueJob(ws.ctx, 'test.long', {});
    const running = a.runOnce();
    await long.running;
    // b's clock is an hour ahead: by it, a's lease (a minute) ran out long ago. On PostgreSQL
    // the database's clock decides, so b leaves the job alone. (On SQLite every process reads one
    // machine's clock, so no server's can be off; a skew injected into b's shows what it decides by.)
    const skewed = () => Date.now() + 60 * 60_000;
    const b = new JobRunner(await ws.anotherServer(), { 'test.long': async () => {} }, { serverId: 'b', leaseMs: LEASE_MS, now: skewed });
    if (engine === 'postgres') {
      expect(await b.runOnce()).toBe(false);
      expect(jobById(ws.ctx.sql, id)).toMatchObject({ state: 'running', leased_by: 'a', attempts: 1 });
      // Nor does a's own renewal go by its clock: its lease ends a lease from the database's now.
      const leaseEnd = Date.parse(jobById(ws.ctx.sql, id)!.lease_until!);
      expect(Math.abs(leaseEnd - (Date.now() + LEASE_MS))).toBeLessThan(LEASE_MS / 2);
    } else {
      expect(await b.runOnce()).toBe(true);
    }
    await a.stop();
    await running;
  });

  it('gives each queued job to one server only, and records a failure with its reason', async () => {
    const ws = await engines.open(engine, []);
    const otherCtx = await ws.anotherServer();
    const ran: string[] = [];
    const handler = (server: string) => async (job: LeasedJob) => {
      ran.push(`${server}:${(job.args as { n: number }).n}`);
      if ((job.args as { n: number }).n === 3) throw new Error('the judge endpoint refused the key');
    };
    for (let n = 1; n <= 4; n++) await enqueueJob(ws.ctx, 'test.one', { n });
    const a = new JobRunner(ws.ctx, { 'test.one': handler('a') }, { serverId: 'a' });
    const b = new JobRunner(otherCtx, { 'test.one': handler('b') }, { serverId: 'b' });
    // Both servers ask in turn until neither finds work.
    for (let any = true; any; ) any = (await Promise.all([a.runOnce(), b.runOnce()])).some(Boolean);
    expect(ran.map((r) => r.split(':')[1]).sort()).toEqual(['1', '2', '3', '4']);
    const states = [1, 2, 3, 4].map((id) => jobById(ws.ctx.sql, id));
    expect(states.map((j) => j?.state)).toEqual(['done', 'done', 'failed', 'done']);
    expect(states[2]?.error).toBe('the judge endpoint refused the key');
    // A runner only takes the kinds it knows.
    await enqueueJob(ws.ctx, 'test.other', {});
    expect(await a.runOnce()).toBe(false);
  });

  it('tells the handler when its job was cancelled, and records nothing more for it', async () => {
    const ws = await engines.open(engine, []);
    let seen!: LeasedJob;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const runner = new JobRunner(
      ws.ctx,
      {
        'test.long': async (job) => {
          seen = job;
          started();
          await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
          job.signal.throwIfAborted();
        },
      },
      { serverId: 'a', leaseMs: 60 },
    );
    const id = await enqueueJob(ws.ctx, 'test.long', {});
    const run = runner.runOnce();
    await running;
    await ws.ctx.sqlWrite((db) => cancelJob(db, id, Date.now()));
    // The next heartbeat (every 20 ms here) finds the lease gone and aborts the handler.
    await run;
    expect(seen.signal.aborted).toBe(true);
    await expect(seen.progress(1, 1)).rejects.toThrow(/no longer this server's/);
    expect(jobById(ws.ctx.sql, id)).toMatchObject({ state: 'cancelled', leased_by: null });
  });

  it.runIf(engine === 'postgres')('aborts a cancelled job at its holder at once, not at its next renewal (the cancel is announced)', async () => {
    const ws = await engines.open(engine, []);
    const long = waitsForAbort();
    const labels = writeLabels(ws.ctx);
    // A ten-minute lease: the first heartbeat would come after 200 s, far beyond this test's time.
    const runner = new JobRunner(ws.ctx, { 'test.long': long.handler }, { serverId: 'a', leaseMs: 10 * 60_000 });
    const id = await enqueueJob(ws.ctx, 'test.long', {});
    const run = runner.runOnce();
    const job = await long.running;
    const other = await ws.anotherServer();
    await other.sqlWrite((db) => cancelJob(db, id, Date.now()));
    await run;
    expect(job.signal.aborted).toBe(true);
    // What the holder wrote, in order: it leased the job, checked its lease on hearing the cancel
    // (and found it gone), and never got as far as a heartbeat.
    expect(labels).toEqual(['queue test.long', 'lease a job', 'check a cancelled job lease']);
    expect(jobById(ws.ctx.sql, id)).toMatchObject({ state: 'cancelled', leased_by: null });
  });

  it('gives a job up once MAX_JOB_ATTEMPTS holders each stopped before it ended, ending what it stands for; a job given back spends no attempt', async () => {
    const ws = await engines.open(engine, []);
    const time = clock();
    const ran: number[] = [];
    const given: { args: unknown; reason: string }[] = [];
    const handler = Object.assign(async (job: LeasedJob) => void ran.push(job.attempt), {
      giveUp: (db: AnyDb, args: unknown, reason: string) => void given.push({ args, reason }),
    });
    const id = await enqueueJob(ws.ctx, 'test.crashes', { n: 1 }, time.now());
    // A server shutting down gives its job back: no attempt spent.
    await ws.ctx.sqlWrite((db) => leaseNextJob(db, 'closing', ['test.crashes'], time.now(), LEASE_MS));
    await ws.ctx.sqlWrite((db) => releaseJob(db, id, 'closing'));
    expect(jobById(ws.ctx.sql, id)).toMatchObject({ state: 'queued', attempts: 0 });
    // Five servers take it in turn and each dies holding it.
    for (let server = 1; server <= MAX_JOB_ATTEMPTS; server++) {
      await ws.ctx.sqlWrite((db) => leaseNextJob(db, `dies-${server}`, ['test.crashes'], time.now(), LEASE_MS));
      time.advance(LEASE_MS + 1);
    }
    const sixth = new JobRunner(ws.ctx, { 'test.crashes': handler }, { serverId: 'sixth', leaseMs: LEASE_MS, now: time.now });
    expect(await sixth.runOnce()).toBe(true);
    expect(ran).toEqual([]);
    expect(jobById(ws.ctx.sql, id)).toMatchObject({ state: 'failed', leased_by: null, attempts: MAX_JOB_ATTEMPTS + 1, error: expect.stringMatching(/^given up: 5 servers took this job and each stopped before it ended/) });
    expect(given).toEqual([{ args: { n: 1 }, reason: jobById(ws.ctx.sql, id)!.error }]);
    expect(await sixth.runOnce()).toBe(false);
  });
});
