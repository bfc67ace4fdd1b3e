import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../api/contract';
import { jobById, leaseNextJob } from '../../../db/queries/jobs';
import { ENGINES, useEngines, type EngineWorkspace, type TestEngine } from '../../testing/engines';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, FAST_RETRIES, itemMarker, seedPlanTask } from '../../testing/judgeFixtures';
import type { ServiceContext } from '../context';
import { dispatch } from '../dispatch';
import { JobRunner, MAX_JOB_ATTEMPTS } from '../jobLeases';
import { judgeRunJob, JUDGE_RUN_JOB } from './leasedRuns';

// Judge runs as leased jobs on a team server (issue 16, "stateless servers"), on both engines:
// judges.run queues the run and answers at once; whichever server's runner takes the job runs
// it; a server that stops gives the job back and another finishes it sending no recorded call
// again; a cancel through any server reaches the run. (The SIGKILL of a real server process is
// electron/cli/teamJobs.heavy.test.ts.)

const engines = useEngines({ beforeAll, afterAll, afterEach });
const TIMINGS = { leaseMs: 600, pollMs: 20 };
let server: FakeOpenAiServer;
const runners: JobRunner[] = [];
beforeEach(async () => {
  server = await startFakeOpenAiServer({ respond: answerPlanQuality, latencyMs: 40 });
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  await server.close();
});

const judgedTask = (engine: TestEngine, count: number): Promise<EngineWorkspace> =>
  engines.open(engine, [], async (local) => {
    await seedPlanTask(local.ctx, count);
  });

/** A team server's context on the workspace: its judge runs are queued as jobs. */
const teamServer = (ctx: ServiceContext): ServiceContext => Object.assign(ctx, { leasedJobs: true });

function startRunner(ctx: ServiceContext, serverId: string): JobRunner {
  const runner = new JobRunner(ctx, { [JUDGE_RUN_JOB]: judgeRunJob(ctx, FAST_RETRIES) }, { serverId, ...TIMINGS });
  runners.push(runner);
  runner.start();
  return runner;
}

async function call<T>(ctx: ServiceContext, method: string, args: unknown): Promise<T> {
  const reply = await dispatch(ctx, method, args, { owner: true });
  if (!reply.ok) throw Object.assign(new Error(`${reply.error.code}: ${reply.error.message}`), { code: reply.error.code });
  return reply.value as T;
}

async function until(condition: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const runOf = (ctx: ServiceContext, id: number) => call<RunSummary>(ctx, 'judges.runGet', { run: id });
const startRun = (ctx: ServiceContext, over: Record<string, unknown> = {}) =>
  call<RunSummary>(ctx, 'judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'fake-model', concurrency: 2, ...over });

/** Requests the fake endpoint received per item. */
function requestsPerItem(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of server.requests) counts.set(itemMarker(request)!, (counts.get(itemMarker(request)!) ?? 0) + 1);
  return counts;
}

/** The items run `runId` has recorded a call for. */
function recordedItems(ctx: ServiceContext, runId: number): string[] {
  const db = ctx.sql;
  const rows = db.all(db.q.selectFrom('judge_calls as c').innerJoin('items as i', 'i.id', 'c.item_id').select('i.external_id').where('c.run_id', '=', runId));
  return rows.map((r) => r.external_id);
}

describe.each(ENGINES)('judge runs as leased jobs on %s', (engine) => {
  it('are queued by judges.run, which answers at once, and run by whichever server takes the job', async () => {
    const ws = await judgedTask(engine, 6);
    const a = teamServer(ws.ctx);
    const b = teamServer(await ws.anotherServer());
    const queued = await startRun(a, { prices: { 'fake-model': { input: 1, output: 2 } } });
    expect(queued).toMatchObject({ status: 'running', total: 6, ok: 0, requests: 0 });
    // Nothing ran inside the request: no runner has started yet.
    expect(server.requests).toHaveLength(0);
    // A resume while its job waits is refused, on either server.
    await expect(call(b, 'judges.run', { task: 'judged', resume: queued.id })).rejects.toMatchObject({ code: 'conflict' });

    startRunner(b, 'b');
    await until(() => jobById(a.sql, 1)?.state === 'done', 'the job to end');
    expect(await runOf(a, queued.id)).toMatchObject({ status: 'finished', ok: 6, pending: 0, requests: 6, cost: expect.any(Number) });
    expect([...requestsPerItem().values()]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(jobById(a.sql, 1)).toMatchObject({ kind: JUDGE_RUN_JOB, state: 'done', attempts: 1, created_by: null, error: null });
  });

  it('go on at another server when theirs stops, sending no call that was recorded', async () => {
    const ws = await judgedTask(engine, 24);
    const a = teamServer(ws.ctx);
    const b = teamServer(await ws.anotherServer());
    const runA = startRunner(a, 'a');
    const { id } = await startRun(a);
    await until(() => recordedItems(a, id).length >= 5, 'server a to record five calls');
    // Stopping gives the job back to the queue at once, spending no attempt; the run stays running for the next server.
    await runA.stop();
    const recordedByA = recordedItems(a, id);
    expect(jobById(a.sql, 1)).toMatchObject({ state: 'queued', leased_by: null, attempts: 0 });
    expect((await runOf(b, id)).status).toBe('running');

    startRunner(b, 'b');
    await until(() => jobById(a.sql, 1)?.state === 'done', 'server b to end the job');
    expect(await runOf(b, id)).toMatchObject({ status: 'finished', ok: 24, pending: 0, requests: 24 });
    expect(jobById(a.sql, 1)).toMatchObject({ state: 'done', attempts: 1 });
    const perItem = requestsPerItem();
    expect(perItem.size).toBe(24);
    for (const item of recordedByA) expect(perItem.get(item)).toBe(1);
    // Each item has exactly one recorded call.
    expect(recordedItems(a, id).sort()).toEqual([...perItem.keys()].sort());
  });

  it('are cancelled through any server: a running one by its holder (at once on PostgreSQL, else at its next renewal), a queued one at once', async () => {
    const ws = await judgedTask(engine, 30);
    const a = teamServer(ws.ctx);
    const b = teamServer(await ws.anotherServer());
    startRunner(a, 'a');
    const { id } = await startRun(a);
    await until(() => recordedItems(a, id).length >= 3, 'server a to record three calls');
    // Through server b, which does not run it.
    expect(await call(b, 'judges.cancel', { run: id })).toEqual({ cancelled: true });
    await until(() => runStatus(a, id) !== 'running', 'the run to stop');
    const cancelled = await runOf(b, id);
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    expect(cancelled.pending).toBeGreaterThan(0);
    expect(jobById(a.sql, 1)).toMatchObject({ state: 'cancelled', leased_by: null });
    expect(await call(b, 'judges.cancel', { run: id })).toEqual({ cancelled: false });

    // A queued job nobody has taken: the run ends cancelled in the same write.
    await runners[0].stop();
    const other = await startRun(b, { model: 'other-model' });
    expect(await call(a, 'judges.cancel', { run: other.id })).toEqual({ cancelled: true });
    expect(await runOf(a, other.id)).toMatchObject({ status: 'cancelled' });
  });

  it('are cancelled by the progress id the run dialog holds, through any server', async () => {
    const ws = await judgedTask(engine, 4);
    const a = teamServer(ws.ctx);
    const b = teamServer(await ws.anotherServer());
    const queued = await startRun(a, { jobId: 'judge-dialog-1' });
    expect(await call(b, 'jobs.cancel', { jobId: 'judge-dialog-1' })).toEqual({ cancelled: true });
    expect(await runOf(a, queued.id)).toMatchObject({ status: 'cancelled' });
    expect(jobById(a.sql, 1)).toMatchObject({ state: 'cancelled' });
    expect(await call(b, 'jobs.cancel', { jobId: 'judge-dialog-2' })).toEqual({ cancelled: false });
  });

  it('end failed, saying why, when their job is given up after every holder stopped before it ended', async () => {
    const ws = await judgedTask(engine, 2);
    const a = teamServer(ws.ctx);
    const queued = await startRun(a);
    for (let holder = 1; holder <= MAX_JOB_ATTEMPTS; holder++) {
      // Each holder leased it a lease after the one before, and every lease has run out by now.
      const at = Date.now() - (MAX_JOB_ATTEMPTS + 1 - holder) * (TIMINGS.leaseMs + 1);
      await a.sqlWrite((db) => leaseNextJob(db, `dies-${holder}`, [JUDGE_RUN_JOB], at, TIMINGS.leaseMs));
    }
    startRunner(a, 'last');
    await until(() => jobById(a.sql, 1)?.state === 'failed', 'the job to be given up');
    expect(server.requests).toHaveLength(0);
    expect(await runOf(a, queued.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^given up: 5 servers took this job/) });
  });

  it('send no further call from a holder that stalled past its heartbeat while another server took the job over', async () => {
    const ws = await judgedTask(engine, 30);
    const a = teamServer(ws.ctx);
    const b = teamServer(await ws.anotherServer());
    // a's sense of elapsed time, which the test moves on as if a had been paused.
    let stalledMs = 0;
    const monotonic = () => performance.now() + stalledMs;
    // A minute's lease: a's heartbeat (every 20 s) never comes during this test.
    const runner = new JobRunner(a, { [JUDGE_RUN_JOB]: judgeRunJob(a, FAST_RETRIES) }, { serverId: 'a', leaseMs: 60_000, monotonic });
    runners.push(runner);
    const { id } = await startRun(a, { concurrency: 1 });
    const ran = runner.runOnce();
    await until(() => recordedItems(a, id).length >= 3, 'server a to record three calls');
    // a stalls past its lease; meanwhile b took the job over (its lease ran out at the database).
    await b.sqlWrite((db) => db.run(db.q.updateTable('jobs').set({ leased_by: 'b' }).where('id', '=', 1)));
    const sentBefore = server.requests.length;
    stalledMs = 60_000;
    expect(await ran).toBe(true);
    // Before its next call a confirmed its lease, found the job b's, and stopped: at most the call
    // it had in flight went out after the stall (without the check it sends all 30).
    expect(server.requests.length).toBeLessThanOrEqual(sentBefore + 1);
    expect(server.requests.length).toBeLessThan(30);
    // The run is b's to go on with and to end.
    expect(runStatus(a, id)).toBe('running');
    expect(jobById(a.sql, 1)).toMatchObject({ state: 'running', leased_by: 'b' });
  });

  it('refuse extra headers, which no other server could send', async () => {
    const ws = await judgedTask(engine, 2);
    await expect(startRun(teamServer(ws.ctx), { headers: { 'x-gateway-key': 'secret-value' } })).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await call(ws.ctx, 'judges.runs', {})).toEqual([]);
  });
});

function runStatus(ctx: ServiceContext, id: number): string | undefined {
  const db = ctx.sql;
  return db.one(db.q.selectFrom('judge_runs').select('status').where('id', '=', id))?.status;
}
