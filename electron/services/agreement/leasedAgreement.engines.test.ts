import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobById } from '../../../db/queries/jobs';
import { seedAgreementLoad } from '../../testing/agreementLoad';
import type { AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { ENGINES, useEngines, type EngineWorkspace, type TestEngine } from '../../testing/engines';
import type { ServiceContext } from '../context';
import { dispatch } from '../dispatch';
import { JobRunner } from '../jobLeases';
import { agreementJob, AGREEMENT_JOB, RESULT_KEPT_MS } from './leasedAgreement';

// Bootstraps as leased jobs on a team server (issue 16, "stateless servers"), on both engines:
// an agreement request that resamples is queued as a job, run by whichever server's runner
// leases it, and answered with exactly what the request would have computed itself; jobs.cancel
// by the progress id reaches it from any server. (The SIGKILL of a real server mid-bootstrap:
// electron/cli/teamAgreementJob.heavy.test.ts.)

const engines = useEngines({ beforeAll, afterAll, afterEach });
const UNITS = 1_000;
const runners: JobRunner[] = [];
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
});

// One function for every open: the workspace is seeded once per file and copied for each test.
const seedLoad = (local: AnnotationWorkspace) => seedAgreementLoad(local.ctx, UNITS).then(() => {});
const open = (engine: TestEngine): Promise<EngineWorkspace> => engines.open(engine, [], seedLoad);
/** A team server's context: its bootstraps are queued as jobs. */
const teamServer = (ctx: ServiceContext): ServiceContext => Object.assign(ctx, { leasedJobs: true });
/** A result without the time it was computed at, which is all that may differ (a JSON export's content read as JSON). */
const timeless = (result: unknown): unknown =>
  JSON.parse(JSON.stringify(result, (key, value: unknown) => (key === 'computedAt' ? undefined : key === 'content' && typeof value === 'string' ? timeless(JSON.parse(value)) : value)));

function startRunner(ctx: ServiceContext, serverId: string): void {
  const runner = new JobRunner(ctx, { [AGREEMENT_JOB]: agreementJob(ctx) }, { serverId, leaseMs: 600, pollMs: 20 });
  runners.push(runner);
  runner.start();
}

async function call<T>(ctx: ServiceContext, method: string, args: unknown): Promise<T> {
  const reply = await dispatch(ctx, method, args, { owner: true });
  if (!reply.ok) throw Object.assign(new Error(`${reply.error.code}: ${reply.error.message}`), { code: reply.error.code });
  return reply.value as T;
}

async function until(condition: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const onlyJob = (ctx: ServiceContext) => ctx.sql.all(ctx.sql.q.selectFrom('jobs').selectAll())[0];
const jobCount = (ctx: ServiceContext) => ctx.sql.one(ctx.sql.q.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')))!.n;

describe.each(ENGINES)('bootstraps as leased jobs on %s', (engine) => {
  it('are queued by a team server, run by whichever server leases them, and answer what the request computes itself', async () => {
    const ws = await open(engine);
    // `desk` answers in its requests (a desktop, or any server that is not a team's).
    const desk = await ws.anotherServer();
    const team = teamServer(ws.ctx);
    startRunner(teamServer(await ws.anotherServer()), 'b');
    const asked = [
      ['agreement.summary', { task: 'load', bootstrap: 200, seed: 7 }],
      ['agreement.question', { task: 'load', question: 'overall_quality', bootstrap: 200, seed: 7, maxDisagreements: 20 }],
      ['agreement.export', { task: 'load', bootstrap: 200, seed: 7, format: 'json' }],
    ] as const;
    for (const [method, args] of asked) {
      const inRequest = await call(desk, method, args);
      expect(jobCount(ws.ctx), `${method} in the request queues nothing`).toBe(0);
      expect(timeless(await call(team, method, args)), method).toEqual(timeless(inRequest));
      expect(jobCount(ws.ctx)).toBe(1);
      expect(onlyJob(ws.ctx)).toMatchObject({ kind: AGREEMENT_JOB, state: 'done', attempts: 1, leased_by: null });
      expect(JSON.parse(onlyJob(ws.ctx).args)).toMatchObject({ method, args, caller: { role: 'lead' }, jobId: null });
      await ws.ctx.sqlWrite((db) => db.run(db.q.deleteFrom('jobs')));
    }
    const summary = await call<{ questions: { headline: { value: number } }[] }>(team, 'agreement.summary', { task: 'load', bootstrap: 200, seed: 7 });
    expect(summary.questions).toHaveLength(2);
    // Without resampling the figures take a moment: answered in the request, no job.
    await ws.ctx.sqlWrite((db) => db.run(db.q.deleteFrom('jobs')));
    // Dispatch checks who may look before anything is queued: an annotator queues nothing.
    const refused = await dispatch(team, 'agreement.summary', { task: 'load', bootstrap: 200 }, { name: 'ana' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(jobCount(ws.ctx)).toBe(0);
    await call(team, 'agreement.summary', { task: 'load', bootstrap: 0 });
    expect(jobCount(ws.ctx)).toBe(0);
  });

  it('clear the results of jobs that ended over a day ago when another is queued', async () => {
    const ws = await open(engine);
    const team = teamServer(ws.ctx);
    startRunner(teamServer(await ws.anotherServer()), 'b');
    const args = { task: 'load', bootstrap: 50 };
    await call(team, 'agreement.summary', args);
    await call(team, 'agreement.summary', { ...args, seed: 2 });
    const [first, second] = ws.ctx.sql.all(ws.ctx.sql.q.selectFrom('jobs').select('id').orderBy('id')).map((row) => row.id);
    // The first ended a day and a minute ago.
    await ws.ctx.sqlWrite((db) => db.run(db.q.updateTable('jobs').set({ finished_at: new Date(Date.now() - RESULT_KEPT_MS - 60_000).toISOString() }).where('id', '=', first)));
    await call(team, 'agreement.summary', { ...args, seed: 3 });
    expect(jobById(ws.ctx.sql, first)).toMatchObject({ state: 'done', result: null });
    expect(jobById(ws.ctx.sql, second)!.result).not.toBeNull();
  });

  it("answer the analysis's refusal as the request would, word for word", async () => {
    const ws = await open(engine);
    const team = teamServer(ws.ctx);
    startRunner(teamServer(await ws.anotherServer()), 'b');
    const args = { task: 'load', question: 'nope', bootstrap: 100 };
    const inRequest = await call(await ws.anotherServer(), 'agreement.question', args).catch((error: Error) => error);
    expect(inRequest).toMatchObject({ code: 'not-found', message: expect.stringMatching(/no question "nope" in task "load" \(questions: validity, overall_quality\)/) });
    await expect(call(team, 'agreement.question', args)).rejects.toEqual(inRequest);
    expect(jobById(ws.ctx.sql, 1)).toMatchObject({ state: 'failed', error: expect.stringMatching(/no question "nope"/) });
  });

  it('are cancelled by the progress id through any server, queued or running', async () => {
    const ws = await open(engine);
    const a = teamServer(ws.ctx);
    const b = teamServer(await ws.anotherServer());
    // Queued: nobody runs it yet.
    const queued = call(a, 'agreement.summary', { task: 'load', bootstrap: 100, jobId: 'agreement-1' }).catch((error: Error & { code: string }) => error);
    await until(() => jobById(a.sql, 1)?.state === 'queued', 'the job to be queued');
    expect(await call(b, 'jobs.cancel', { jobId: 'agreement-1' })).toEqual({ cancelled: true });
    expect(await queued).toMatchObject({ code: 'cancelled' });
    // Running: a long bootstrap on b; the cancel comes through a.
    startRunner(b, 'b');
    const running = call(a, 'agreement.summary', { task: 'load', bootstrap: 100_000, jobId: 'agreement-2' }).catch((error: Error & { code: string }) => error);
    await until(() => jobById(a.sql, 2)?.state === 'running', 'b to lease the job');
    expect(await call(a, 'jobs.cancel', { jobId: 'agreement-2' })).toEqual({ cancelled: true });
    expect(await running).toMatchObject({ code: 'cancelled' });
    await runners[0].stop();
    // b stopped without leaving a result, and the job stays cancelled.
    expect(jobById(a.sql, 2)).toMatchObject({ state: 'cancelled', result: null });
    expect(await call(b, 'jobs.cancel', { jobId: 'agreement-3' })).toEqual({ cancelled: false });
  });

  it('supersede the job under way when asked again with the same progress id: it is cancelled, and the new one computes on the data as it is now', async () => {
    const ws = await open(engine);
    const a = teamServer(ws.ctx);
    const b = teamServer(await ws.anotherServer());
    const args = { task: 'load', bootstrap: 100, seed: 3, jobId: 'agreement-dialog' };
    const first = call(a, 'agreement.summary', args).catch((error: Error & { code: string }) => error);
    await until(() => jobById(a.sql, 1)?.state === 'queued', 'the job to be queued');
    // Meanwhile ana changes her mind on q-0001: the page asks again under its id.
    const validity = ws.ctx.sql.one(ws.ctx.sql.q.selectFrom('labels').innerJoin('raters as r', 'r.id', 'labels.rater_id').select('labels.value').where('r.name', '=', 'ana').where('labels.question', '=', 'validity').where('labels.item_id', '=', ws.itemId('q-0001')))!;
    const flipped = JSON.parse(validity.value!) === 'valid' ? 'invalid' : 'valid';
    expect(await dispatch(a, 'labels.save', { task: 'load', itemId: ws.itemId('q-0001'), question: 'validity', value: flipped }, { name: 'ana' })).toMatchObject({ ok: true });
    const again = call(b, 'agreement.summary', args);
    expect(await first).toMatchObject({ code: 'cancelled' });
    expect(jobById(a.sql, 1)).toMatchObject({ state: 'cancelled' });
    startRunner(b, 'b');
    const fresh = await again;
    // The figures of the workspace as it is now, as a request computes them.
    expect(timeless(fresh)).toEqual(timeless(await call(await ws.anotherServer(), 'agreement.summary', args)));
    expect(jobById(a.sql, 2)).toMatchObject({ state: 'done' });
    // A request without a progress id supersedes nothing.
    await Promise.all([call(a, 'agreement.summary', { ...args, jobId: undefined }), call(b, 'agreement.summary', { ...args, jobId: undefined })]);
    expect(jobCount(a)).toBe(4);
  });
});
