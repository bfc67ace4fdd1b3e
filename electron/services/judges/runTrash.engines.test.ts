import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteRunChunk, markRunForDeletion } from '../../../db/queries/judgeRunTrash';
import { markTaskForDeletion } from '../../../db/queries/trash';
import { ENGINES, useEngines, type EngineWorkspace } from '../../testing/engines';
import { finishInterruptedPurges } from '../trash/interruptedPurges';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, seedPlanTask } from '../../testing/judgeFixtures';

// A judge run's trash on the query layer (issue 16): the same impact, hiding, restore and purge
// (typed confirmation, chunked deletion) on a workspace file and on PostgreSQL.

const engines = useEngines({ beforeAll, afterAll, afterEach });
let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startFakeOpenAiServer({ respond: answerPlanQuality });
});
afterEach(async () => {
  await server.close();
});

const newRun = (ws: EngineWorkspace) =>
  ws.api('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'fake-model', prices: { '*': { input: 1, output: 2 } } });

/** What the tables hold of a run: its calls, its rater, the rater's labels and label events. */
function rowsOfRun(ws: EngineWorkspace, runId: number, rater: string) {
  const db = ws.ctx.sql;
  const count = (n: { n: number } | undefined) => n?.n ?? 0;
  const raterId = db.one(db.q.selectFrom('raters').select('id').where('name', '=', rater))?.id;
  return {
    run: count(db.one(db.q.selectFrom('judge_runs').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '=', runId))),
    calls: count(db.one(db.q.selectFrom('judge_calls').select((eb) => eb.fn.countAll<number>().as('n')).where('run_id', '=', runId))),
    rater: raterId === undefined ? 0 : 1,
    labels: raterId === undefined ? 0 : count(db.one(db.q.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('n')).where('rater_id', '=', raterId))),
    events: raterId === undefined ? 0 : count(db.one(db.q.selectFrom('label_events').select((eb) => eb.fn.countAll<number>().as('n')).where('rater_id', '=', raterId))),
  };
}

describe.each(ENGINES)('a judge run’s trash on %s', (engine) => {
  it('says what goes, hides the run, restores it whole, and purges it only from the trash with “run N” typed', async () => {
    const ws = await engines.open(engine, [], async (local) => {
      await seedPlanTask(local.ctx, 4, { annotators: ['ana'] });
    });
    const kept = await newRun(ws);
    const run = await newRun(ws);
    const impact = await ws.api('judges.deleteImpact', { run: run.id });
    expect(impact).toMatchObject({
      run: run.id,
      task: 'judged',
      rater: run.rater,
      judge: `plan-quality-reference@${run.judge.version}`,
      model: 'fake-model',
      calls: { ok: 4, invalid: 0, failed: 0, cached: 4 },
      cost: 0,
      labels: 4,
      items: 4,
      labelEvents: 4,
      comparableRuns: [kept.id],
    });
    expect(await ws.api('judges.trash', {})).toEqual([]);

    // An annotator may not; an unknown run is unknown; a run not in the trash cannot be purged.
    await expect(ws.api('judges.delete', { run: run.id }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(ws.api('judges.delete', { run: 999 })).rejects.toMatchObject({ code: 'not-found', message: 'no judge run 999' });
    await expect(ws.api('judges.purge', { run: run.id, confirm: `run ${run.id}` })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/is not in the trash/) });
    await expect(ws.api('judges.restore', { run: run.id })).rejects.toMatchObject({ code: 'not-found' });

    expect(await ws.api('judges.delete', { run: run.id })).toEqual({ trashed: true, impact });
    // Deleting it again changes nothing and says so.
    expect(await ws.api('judges.delete', { run: run.id })).toEqual({ trashed: false, impact });
    expect((await ws.api('judges.runs', {})).map((r) => r.id)).toEqual([kept.id]);
    await expect(ws.api('judges.runGet', { run: run.id })).rejects.toMatchObject({ code: 'not-found' });
    const trash = await ws.api('judges.trash', { task: 'judged' });
    expect(trash.map((t) => [t.id, t.task, t.rater, t.impact.labels])).toEqual([[run.id, 'judged', run.rater, 4]]);
    expect(trash[0].trashedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(rowsOfRun(ws, run.id, run.rater)).toEqual({ run: 1, calls: 4, rater: 1, labels: 4, events: 4 });

    expect(await ws.api('judges.restore', { run: run.id })).toEqual({ restored: true });
    expect((await ws.api('judges.runs', {})).map((r) => r.id)).toEqual([kept.id, run.id]);
    expect(await ws.api('judges.runGet', { run: run.id })).toMatchObject({ id: run.id, ok: 4, cacheHits: 4 });

    await ws.api('judges.delete', { run: run.id });
    await expect(ws.api('judges.purge', { run: run.id, confirm: 'yes' })).rejects.toMatchObject({
      code: 'invalid-input',
      message: `to delete judge run ${run.id} for good, type “run ${run.id}” exactly (got "yes")`,
    });
    expect(rowsOfRun(ws, run.id, run.rater)).toEqual({ run: 1, calls: 4, rater: 1, labels: 4, events: 4 });
    const purged = await ws.api('judges.purge', { run: run.id, confirm: `run ${run.id}` });
    expect(purged).toMatchObject({ purged: true, impact });
    expect(rowsOfRun(ws, run.id, run.rater)).toEqual({ run: 0, calls: 0, rater: 0, labels: 0, events: 0 });
    expect(await ws.api('judges.trash', {})).toEqual([]);
    await expect(ws.api('judges.deleteImpact', { run: run.id })).rejects.toMatchObject({ code: 'not-found' });
    // The other run and its labels are untouched.
    expect(rowsOfRun(ws, kept.id, kept.rater)).toEqual({ run: 1, calls: 4, rater: 1, labels: 4, events: 4 });
    expect(server.requests).toHaveLength(4);
  });

  it('purges in chunks, each its own write, until the run is gone', async () => {
    const ws = await engines.open(engine, [], async (local) => {
      await seedPlanTask(local.ctx, 3);
    });
    const run = await newRun(ws);
    await ws.api('judges.delete', { run: run.id });
    expect(await ws.ctx.sqlWrite((db) => markRunForDeletion(db, run.id))).toBe(true);
    // A chunk that is always over its budget stops after each batch: labels, their events, calls.
    let chunks = 0;
    for (let done = false; !done; chunks++) done = await ws.ctx.sqlWrite((db) => deleteRunChunk(db, run.id, { overBudget: () => true }), { chunk: true });
    expect(chunks).toBe(4);
    expect(rowsOfRun(ws, run.id, run.rater)).toEqual({ run: 0, calls: 0, rater: 0, labels: 0, events: 0 });
  });

  it('finishes a purge a server left half done, and leaves what no purge holds', async () => {
    const ws = await engines.open(engine, [], async (local) => {
      await seedPlanTask(local.ctx, 3);
    });
    const kept = await newRun(ws);
    const run = await newRun(ws);
    await ws.api('judges.delete', { run: run.id });
    // As a server that died after its first chunk leaves it: hidden, its labels gone, its calls not.
    await ws.ctx.sqlWrite((db) => {
      markRunForDeletion(db, run.id);
      deleteRunChunk(db, run.id, { overBudget: () => true });
    });
    expect(rowsOfRun(ws, run.id, run.rater)).toMatchObject({ run: 1, calls: 3, labels: 0 });
    expect(await ws.api('judges.trash', {})).toEqual([]);

    // And a task whose purge had only begun.
    await ws.api('tasks.create', { name: 'other', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: [], seed: 1 });
    await ws.api('tasks.delete', { task: 'other' });
    const other = ws.ctx.sql.one(ws.ctx.sql.q.selectFrom('tasks').select('id').where('name', '=', 'other'))!.id;
    await ws.ctx.sqlWrite((db) => markTaskForDeletion(db, other));

    expect(await finishInterruptedPurges(ws.ctx)).toBe(2);
    expect(ws.ctx.sql.one(ws.ctx.sql.q.selectFrom('tasks').select('id').where('id', '=', other))).toBeUndefined();
    expect(rowsOfRun(ws, run.id, run.rater)).toEqual({ run: 0, calls: 0, rater: 0, labels: 0, events: 0 });
    expect(rowsOfRun(ws, kept.id, kept.rater)).toEqual({ run: 1, calls: 3, rater: 1, labels: 3, events: 3 });
    expect(await finishInterruptedPurges(ws.ctx)).toBe(0);
  });

  it('is finished by the next server to open the workspace when the one purging died', async () => {
    const ws = await engines.open(engine, [], async (local) => {
      await seedPlanTask(local.ctx, 2);
    });
    const run = await newRun(ws);
    await ws.api('judges.delete', { run: run.id });
    await ws.ctx.sqlWrite((db) => {
      markRunForDeletion(db, run.id);
      deleteRunChunk(db, run.id, { overBudget: () => true });
    });
    expect(rowsOfRun(ws, run.id, run.rater)).toMatchObject({ run: 1, calls: 2 });
    await ws.anotherServer();
    expect(rowsOfRun(ws, run.id, run.rater)).toEqual({ run: 0, calls: 0, rater: 0, labels: 0, events: 0 });
  });
});
