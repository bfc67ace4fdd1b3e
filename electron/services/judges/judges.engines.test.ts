import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { everyWriteTwice } from '../../testing/writesTwice';
import { ENGINES, useEngines, type EngineWorkspace, type TestEngine } from '../../testing/engines';
import { startFakeOpenAiServer, status, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, FAST_RETRIES, itemMarker, planId, planQualityAnswer, planQualityRunArgs, seedPlanTask } from '../../testing/judgeFixtures';
import { withCaller } from '../context';
import { runJudge } from './runJudge';

// Judge runs on the query layer (issue 16): the same run against the local fake endpoint on a
// workspace file and on PostgreSQL — every call recorded once and never charged twice (a rerun
// answers from the cache, a resume asks only what failed), the same summaries, call pages and
// refusals.

const engines = useEngines({ beforeAll, afterAll, afterEach });
let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startFakeOpenAiServer({ respond: answerPlanQuality });
});
afterEach(async () => {
  await server.close();
});

/** A workspace on `engine` with a plan-quality task "judged" over `count` plans, and the annotator ana. */
const judgedTask = (engine: TestEngine, count: number): Promise<EngineWorkspace> =>
  engines.open(engine, [], async (local) => {
    await seedPlanTask(local.ctx, count, { annotators: ['ana'] });
  });

const newRun = (ws: EngineWorkspace) =>
  ws.api('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'fake-model', concurrency: 2, prices: { 'fake-model': { input: 1, output: 2 } } });

/** A run's current labels as `item → value`, read straight from the tables. */
function labelsOfRater(ws: EngineWorkspace, rater: string): Record<string, string> {
  const db = ws.ctx.sql;
  const rows = db.all(
    db.q
      .selectFrom('labels as l')
      .innerJoin('raters as r', 'r.id', 'l.rater_id')
      .innerJoin('items as i', 'i.id', 'l.item_id')
      .select(['i.external_id', 'l.value'])
      .where('r.name', '=', rater)
      .orderBy('i.external_id'),
  );
  return Object.fromEntries(rows.map((r) => [r.external_id, JSON.parse(r.value!) as string]));
}

const expectedLabels = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [planId(i + 1), planQualityAnswer(planId(i + 1)).overall_quality]));

describe.each(ENGINES)('judge runs on %s', (engine) => {
  it('records every call once, applies its labels, and a rerun answers from the cache for nothing', async () => {
    const ws = await judgedTask(engine, 5);
    const run = await newRun(ws);
    expect(run).toMatchObject({ status: 'finished', total: 5, ok: 5, invalid: 0, failed: 0, pending: 0, cacheHits: 0, requests: 5, problems: [] });
    expect(run.rater).toBe(`judge:plan-quality-reference@fake-model#${run.id}`);
    expect(server.requests).toHaveLength(5);
    expect(labelsOfRater(ws, run.rater)).toEqual(expectedLabels(5));
    // The price table: 1 per million prompt tokens, 2 per million completion tokens.
    expect(run.cost).toBeCloseTo((run.promptTokens + 2 * run.completionTokens) / 1e6, 12);

    const page = await ws.api('judges.calls', { run: run.id, offset: 1, limit: 3 });
    expect(page.total).toBe(5);
    expect(page.rows.map((c) => [c.externalId, c.status, c.attempts, c.cached, c.applied])).toEqual([
      [planId(2), 'ok', 1, false, true],
      [planId(3), 'ok', 1, false, true],
      [planId(4), 'ok', 1, false, true],
    ]);
    // Nothing failed: an empty page, not an error.
    expect(await ws.api('judges.calls', { run: run.id, status: 'failed' })).toEqual({ total: 0, rows: [] });

    const cached = await newRun(ws);
    expect(server.requests).toHaveLength(5);
    expect(cached).toMatchObject({ status: 'finished', ok: 5, cacheHits: 5, requests: 0, cost: 0 });
    expect(labelsOfRater(ws, cached.rater)).toEqual(expectedLabels(5));
    expect((await ws.api('judges.runs', { task: 'judged' })).map((r) => [r.id, r.status, r.ok])).toEqual([
      [run.id, 'finished', 5],
      [cached.id, 'finished', 5],
    ]);
    expect(await ws.api('judges.runGet', { run: run.id })).toEqual({ ...run, pending: 0 });
  });

  it('resumes a run asking only what failed: an answered call is never sent or charged again', async () => {
    const ws = await judgedTask(engine, 4);
    // The endpoint answers one item with a 400 once: recorded as failed, with what it said.
    server.addRule({ match: `[${planId(3)}]`, replies: [status(400, {}, JSON.stringify({ error: { message: 'bad request for this one' } }))] });
    const first = await newRun(ws);
    expect(first).toMatchObject({ status: 'finished', ok: 3, failed: 1, requests: 4 });
    expect(first.problems).toEqual([{ status: 'failed', reason: expect.stringMatching(/400/), count: 1 }]);
    expect(server.requests).toHaveLength(4);

    const resumed = await ws.api('judges.run', { task: 'judged', resume: first.id });
    // Only the failed item went out again; its attempts add up on the same call.
    expect(server.requests).toHaveLength(5);
    expect(server.requests[4].prompt).toContain(`[${planId(3)}]`);
    expect(resumed).toMatchObject({ id: first.id, status: 'finished', ok: 4, failed: 0, requests: 5, problems: [] });
    const calls = await ws.api('judges.calls', { run: first.id });
    expect(calls.rows.map((c) => [c.externalId, c.status, c.attempts])).toEqual([
      [planId(1), 'ok', 1],
      [planId(2), 'ok', 1],
      [planId(3), 'ok', 2],
      [planId(4), 'ok', 1],
    ]);
    expect(labelsOfRater(ws, first.rater)).toEqual(expectedLabels(4));

    // A finished run resumed again sends nothing.
    await ws.api('judges.run', { task: 'judged', resume: first.id });
    expect(server.requests).toHaveLength(5);
  });

  it('cancels a run under way by its id, counting it from its calls meanwhile; the resume sends no item twice', async () => {
    const ws = await judgedTask(engine, 20);
    server.setLatency(40);
    const running = ws.api('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'fake-model', concurrency: 2 });
    let listed = (await ws.api('judges.runs', {}))[0];
    while (!listed || listed.ok < 3) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      listed = (await ws.api('judges.runs', {}))[0];
    }
    expect(listed).toMatchObject({ status: 'running', requests: listed.ok, pending: 20 - listed.ok });
    // A running run cannot go to the trash: its calls would land there.
    await expect(ws.api('judges.delete', { run: listed.id })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/is still running; cancel it first/) });

    expect(await ws.api('judges.cancel', { run: listed.id })).toEqual({ cancelled: true });
    const cancelled = await running;
    expect(cancelled).toMatchObject({ id: listed.id, status: 'cancelled' });
    // Calls in flight at the cancel were recorded: every request sent is an answer kept.
    expect(cancelled.ok).toBe(server.requests.length);
    expect(cancelled.pending).toBe(20 - cancelled.ok);
    expect(await ws.api('judges.cancel', { run: listed.id })).toEqual({ cancelled: false });

    server.setLatency(0);
    const resumed = await ws.api('judges.run', { task: 'judged', resume: listed.id });
    expect(resumed).toMatchObject({ id: listed.id, status: 'finished', ok: 20, pending: 0, requests: 20 });
    expect(server.requests).toHaveLength(20);
    expect(new Set(server.requests.map((r) => itemMarker(r))).size).toBe(20);
    expect(labelsOfRater(ws, resumed.rater)).toEqual(expectedLabels(20));
  });

  it('applies on resume an answer recorded but never applied (a crash between the two), without asking again', async () => {
    const ws = await judgedTask(engine, 3);
    const run = await newRun(ws);
    // As a crash would leave it: q-0002's call recorded, its labels not applied.
    const item = ws.itemId(planId(2));
    await ws.ctx.sqlWrite((db) => {
      db.run(db.q.updateTable('judge_calls').set({ applied_at: null }).where('run_id', '=', run.id).where('item_id', '=', item));
      db.run(db.q.deleteFrom('labels').where('item_id', '=', item));
    });
    const { [planId(2)]: lost, ...left } = expectedLabels(3);
    expect(lost).toBeDefined();
    expect(labelsOfRater(ws, run.rater)).toEqual(left);

    const resumed = await ws.api('judges.run', { task: 'judged', resume: run.id });
    expect(server.requests).toHaveLength(3);
    expect(resumed).toMatchObject({ status: 'finished', ok: 3, requests: 3 });
    expect(labelsOfRater(ws, run.rater)).toEqual(expectedLabels(3));
    expect((await ws.api('judges.calls', { run: run.id, itemId: item })).rows).toMatchObject([{ externalId: planId(2), applied: true, attempts: 1 }]);
  });

  it('charges nothing twice when every write runs twice (as PostgreSQL runs one again after a serialization failure)', async () => {
    const ws = await judgedTask(engine, 6);
    server.addRule({ match: `[${planId(4)}]`, replies: [status(400, {}, JSON.stringify({ error: { message: 'no' } }))] });
    const lead = withCaller(everyWriteTwice(ws.ctx), { name: null, annotatorId: null, role: 'lead' });
    const first = await runJudge(lead, planQualityRunArgs(server.baseUrl, { prices: { 'fake-model': { input: 1, output: 2 } } }), FAST_RETRIES);
    expect(first).toMatchObject({ status: 'finished', ok: 5, failed: 1, requests: 6 });
    const resumed = await runJudge(lead, planQualityRunArgs(server.baseUrl, { judge: undefined, baseUrl: undefined, model: undefined, resume: first.id }), FAST_RETRIES);
    expect(resumed).toMatchObject({ status: 'finished', ok: 6, failed: 0, requests: 7 });
    expect(server.requests).toHaveLength(7);
    const calls = await ws.api('judges.calls', { run: first.id });
    expect(calls.rows.map((c) => [c.externalId, c.attempts, c.applied])).toEqual(Array.from({ length: 6 }, (_, i) => [planId(i + 1), i === 3 ? 2 : 1, true]));
    expect(labelsOfRater(ws, first.rater)).toEqual(expectedLabels(6));
    // One event per label: none was applied twice.
    const db = ws.ctx.sql;
    const events = db.one(
      db.q
        .selectFrom('label_events as e')
        .innerJoin('raters as r', 'r.id', 'e.rater_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('r.name', '=', first.rater),
    )!.n;
    expect(events).toBe(6);
  });

  it('refuses alike: an annotator, an unknown run, a resume that changes the model', async () => {
    const ws = await judgedTask(engine, 2);
    await expect(ws.api('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'fake-model' }, 'ana')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(ws.api('judges.runGet', { run: 999 })).rejects.toMatchObject({ code: 'not-found', message: 'no judge run 999' });
    await expect(ws.api('judges.calls', { run: 999 })).rejects.toMatchObject({ code: 'not-found' });
    const run = await newRun(ws);
    await expect(ws.api('judges.run', { task: 'judged', resume: run.id, model: 'other-model' })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(/used model "fake-model"; a resume cannot change it/),
    });
    await expect(ws.api('judges.run', { task: 'nope', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'fake-model' })).rejects.toMatchObject({ code: 'not-found' });
    expect(server.requests).toHaveLength(2);
    expect(await ws.api('judges.runs', {})).toHaveLength(1);
  });

  it('keeps a saved judge in the library once per version', async () => {
    const ws = await judgedTask(engine, 1);
    const preset = (await ws.api('judges.presets', {})).find((j) => j.id === 'plan-quality-reference')!;
    const judge = { ...preset.definition, id: 'my-judge', title: 'Mine' };
    const saved = await ws.api('judges.save', { judge });
    expect(saved).toMatchObject({ id: 'my-judge', title: 'Mine', origin: 'workspace' });
    await ws.api('judges.save', { judge });
    const stored = (await ws.api('judges.list', {})).filter((j) => j.origin === 'workspace');
    expect(stored.map((j) => [j.id, j.version])).toEqual([['my-judge', saved.version]]);
    expect((await ws.api('judges.export', { judge: { run: (await newRun(ws)).id } })).fileName).toBe('plan-quality-reference.judge.json');
  });
});
