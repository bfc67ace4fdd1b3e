import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { ENGINES, useEngines, type EngineWorkspace, type TestEngine } from '../../testing/engines';
import { everyWriteTwice } from '../../testing/writesTwice';
import { dispatch } from '../dispatch';

// People managed (rename, deactivate, activate, merge plan and merge) through the query layer:
// the same answers, refusals and stored outcome on a workspace file and on PostgreSQL (issue 16).

const engines = useEngines({ beforeAll, afterAll, afterEach });

/** ana and ben on "quality", ada an adjudicator; "Ana" created by mistake beside ana, with labels of her own. */
async function twoRecords(local: AnnotationWorkspace): Promise<void> {
  await local.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
  await local.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
  await local.api('tasks.assign', { task: 'quality', annotators: ['Ana'], force: true });
  const label = async (who: string, item: string, value: string) => {
    await local.api('labels.save', { task: 'quality', itemId: local.itemId(item), question: 'overall_quality', value }, who);
    await local.api('labels.submit', { task: 'quality', itemId: local.itemId(item) }, who);
  };
  await label('ana', 'q-001', 'Good');
  await label('Ana', 'q-002', 'Bad'); // only Ana: moves
  await label('Ana', 'q-001', 'Good'); // same answer: ana's kept
  await label('ana', 'q-003', 'Acceptable');
  await label('Ana', 'q-003', 'Very Good'); // conflict, Ana's the newer
}

const open = (engine: TestEngine) => engines.open(engine, ['plans.jsonl'], twoRecords);

const names = async (ws: EngineWorkspace) => (await ws.api('annotators.list', {})).map((a) => `${a.name}${a.active ? '' : ' (inactive)'}${a.mergedInto ? ` → ${a.mergedInto}` : ''}`);

/** Current labels as stored: rater, item, answer; in that order. */
function storedLabels(ws: EngineWorkspace): string[] {
  const db = ws.ctx.sql;
  const rows = db.all(
    sql<{ rater: string; item: string; value: string }>`SELECT r.name AS rater, i.external_id AS item, l.value FROM labels l JOIN raters r ON r.id = l.rater_id JOIN items i ON i.id = l.item_id ORDER BY r.name, i.external_id`,
  );
  return rows.map((r) => `${r.rater} ${r.item} ${r.value}`);
}

function count(ws: EngineWorkspace, table: 'label_events' | 'submissions' | 'annotator_merges' | 'assignments'): number {
  const db = ws.ctx.sql;
  return db.one(db.q.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')))!.n;
}

describe.each(ENGINES)('on %s', (engine) => {
  it('renames a person, their labels following; refuses a taken name and a lookalike of someone else', async () => {
    const ws = await open(engine);
    expect(await ws.api('annotators.rename', { name: 'ben', newName: 'Ben Ito' })).toEqual({ name: 'Ben Ito', previous: 'ben' });
    expect(await ws.api('annotators.rename', { name: 'Ben Ito', newName: 'Ben Ito' })).toEqual({ name: 'Ben Ito', previous: 'Ben Ito' });
    await ws.api('annotators.rename', { name: 'ana', newName: 'ana lopez' });
    expect(storedLabels(ws)).toEqual(['Ana q-001 "Good"', 'Ana q-002 "Bad"', 'Ana q-003 "Very Good"', 'ana lopez q-001 "Good"', 'ana lopez q-003 "Acceptable"']);
    await expect(ws.api('annotators.rename', { name: 'ana lopez', newName: 'ada' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/already an annotator; .*merge/) });
    await expect(ws.api('annotators.rename', { name: 'ana lopez', newName: 'ben ito' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/only by case or spacing/) });
    await expect(ws.api('annotators.rename', { name: 'nobody', newName: 'x' })).rejects.toMatchObject({ code: 'not-found' });
    expect(await names(ws)).toEqual(['Ana', 'Ben Ito', 'ada', 'ana lopez']);
  });

  it('deactivates and activates, keeping labels; refuses people management to anyone but a lead', async () => {
    const ws = await open(engine);
    expect(await ws.api('annotators.deactivate', { name: 'ben' })).toEqual({ name: 'ben', active: false });
    expect(await ws.api('annotators.deactivate', { name: 'ben' })).toEqual({ name: 'ben', active: false });
    expect(await names(ws)).toEqual(['Ana', 'ada', 'ana', 'ben (inactive)']);
    expect(await ws.api('annotators.activate', { name: 'ben' })).toEqual({ name: 'ben', active: true });
    for (const who of ['ana', 'ada']) {
      await expect(ws.api('annotators.deactivate', { name: 'ben' }, who)).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/ is for leads/) });
      await expect(ws.api('annotators.mergePlan', { from: 'Ana', into: 'ana' }, who)).rejects.toMatchObject({ code: 'forbidden' });
    }
    expect(await names(ws)).toEqual(['Ana', 'ada', 'ana', 'ben']);
    expect(storedLabels(ws)).toHaveLength(5);
  });

  it('plans a merge without changing anything, and plans one of a person who never labelled as empty', async () => {
    const ws = await open(engine);
    const events = count(ws, 'label_events');
    expect(await ws.api('annotators.mergePlan', { from: 'Ana', into: 'ana' })).toEqual({
      from: 'Ana',
      into: 'ana',
      moving: 1,
      identical: 1,
      conflicts: [{ task: 'quality', item: 'q-003', unit: '', question: 'overall_quality', from: { answer: 'Very Good', updatedAt: expect.any(String) }, into: { answer: 'Acceptable', updatedAt: expect.any(String) } }],
      submissions: 3,
      tasks: ['quality'],
      gold: 0,
    });
    await ws.api('annotators.upsert', { name: 'zoe', role: 'annotator' });
    expect(await ws.api('annotators.mergePlan', { from: 'zoe', into: 'ana' })).toEqual({ from: 'zoe', into: 'ana', moving: 0, identical: 0, conflicts: [], submissions: 0, tasks: [], gold: 0 });
    await expect(ws.api('annotators.mergePlan', { from: 'ana', into: 'ana' })).rejects.toMatchObject({ code: 'invalid-input' });
    expect([count(ws, 'label_events'), storedLabels(ws).length, count(ws, 'annotator_merges')]).toEqual([events, 5, 0]);
  });

  it('merges with keep-newest: labels, submissions, queue and task move to one record; history stays; the merged record cannot come back', async () => {
    const ws = await open(engine);
    const events = count(ws, 'label_events');
    await expect(ws.api('annotators.merge', { from: 'Ana', into: 'ana', confirm: 'Ana' })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/^1 label differs between "Ana" and "ana"/) });
    await expect(ws.api('annotators.merge', { from: 'Ana', into: 'ana', conflicts: 'keep-into', confirm: 'ana' })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/confirm with the name "Ana"/) });
    const result = await ws.api('annotators.merge', { from: 'Ana', into: 'ana', conflicts: 'keep-newest', confirm: 'Ana' });
    expect(result).toMatchObject({ from: 'Ana', into: 'ana', moving: 1, identical: 1, rule: 'keep-newest', tookFrom: 1, submissions: 3, tasks: ['quality'] });
    expect(storedLabels(ws)).toEqual(['ana q-001 "Good"', 'ana q-002 "Bad"', 'ana q-003 "Very Good"']);
    expect(await names(ws)).toEqual(['Ana (inactive) → ana', 'ada', 'ana', 'ben']);
    // Ana's submissions became ana's (the ones both had counted once); her queue left with her place on the task; events untouched.
    const db = ws.ctx.sql;
    const submitted = db.all(sql<{ rater: string; n: number }>`SELECT r.name AS rater, count(*) AS n FROM submissions s JOIN raters r ON r.id = s.rater_id GROUP BY r.name ORDER BY r.name`);
    expect(submitted).toEqual([{ rater: 'ana', n: 3 }]);
    const queues = db.all(sql<{ annotator: string; n: number }>`SELECT a.name AS annotator, count(*) AS n FROM assignments q JOIN annotators a ON a.id = q.annotator_id GROUP BY a.name ORDER BY a.name`);
    expect(queues).toEqual([
      { annotator: 'ana', n: 3 },
      { annotator: 'ben', n: 3 },
    ]);
    expect(count(ws, 'label_events')).toBe(events);
    const merges = db.all(db.q.selectFrom('annotator_merges').select(['from_name', 'into_name', 'conflicts', 'merged_by']));
    expect(merges).toEqual([{ from_name: 'Ana', into_name: 'ana', conflicts: 'keep-newest', merged_by: null }]);
    await expect(ws.api('annotators.activate', { name: 'Ana' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/was merged into another annotator/) });
    await expect(ws.api('annotators.merge', { from: 'Ana', into: 'ana', confirm: 'Ana' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/not active|already merged/) });
  });

  it("merges the originals a discussion kept: the merged record's move where the other has none, the rest stay in its history", async () => {
    const ws = await engines.open(engine, ['plans.jsonl'], async (local) => {
      await local.api('annotators.upsert', { name: 'lea', role: 'lead' });
      await local.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana'], seed: 1 });
      await local.api('tasks.assign', { task: 'quality', annotators: ['Ana'], force: true });
      const answer = async (who: string, item: string, value: string, submit: boolean) => {
        await local.api('labels.save', { task: 'quality', itemId: local.itemId(item), question: 'overall_quality', value }, who);
        if (submit) await local.api('labels.submit', { task: 'quality', itemId: local.itemId(item) }, who);
      };
      await answer('ana', 'q-001', 'Good', true);
      await answer('Ana', 'q-001', 'Bad', true);
      await answer('Ana', 'q-003', 'Bad', true);
      // Changes after the lead opens the blind task for discussion keep the original beside the label.
      await local.api('tasks.setDiscussion', { task: 'quality', open: true }, 'lea');
      await answer('ana', 'q-001', 'Acceptable', false);
      await answer('Ana', 'q-001', 'Very Good', false);
      await answer('Ana', 'q-003', 'Good', false);
    });
    const originals = () =>
      ws.ctx.sql
        .all(sql<{ rater: string; item: string; value: string }>`SELECT r.name AS rater, i.external_id AS item, o.value FROM label_originals o JOIN raters r ON r.id = o.rater_id JOIN items i ON i.id = o.item_id ORDER BY r.name, i.external_id`)
        .map((o) => `${o.rater} ${o.item} ${o.value}`);
    expect(originals()).toEqual(['Ana q-001 "Bad"', 'Ana q-003 "Bad"', 'ana q-001 "Good"']);
    await ws.api('annotators.merge', { from: 'Ana', into: 'ana', conflicts: 'keep-into', confirm: 'Ana' });
    expect(originals()).toEqual(['Ana q-001 "Bad"', 'ana q-001 "Good"', 'ana q-003 "Bad"']);
    expect(storedLabels(ws)).toEqual(['ana q-001 "Acceptable"', 'ana q-003 "Good"']);
  });

  it('with every write run twice (as PostgreSQL runs one again after a serialization failure), a rename and a merge each happen once', async () => {
    const ws = await open(engine);
    const ctx = everyWriteTwice(ws.ctx);
    const call = async (method: 'annotators.rename' | 'annotators.merge', args: unknown): Promise<unknown> => {
      const reply = await dispatch(ctx, method, args, { owner: true });
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.value;
    };
    const events = count(ws, 'label_events');
    expect(await call('annotators.rename', { name: 'ben', newName: 'Ben Ito' })).toEqual({ name: 'Ben Ito', previous: 'ben' });
    expect(await call('annotators.merge', { from: 'Ana', into: 'ana', conflicts: 'keep-from', confirm: 'Ana' })).toMatchObject({ moving: 1, identical: 1, tookFrom: 1 });
    expect(storedLabels(ws)).toEqual(['ana q-001 "Good"', 'ana q-002 "Bad"', 'ana q-003 "Very Good"']);
    expect([count(ws, 'annotator_merges'), count(ws, 'submissions'), count(ws, 'label_events')]).toEqual([1, 3, events]);
    expect(await names(ws)).toEqual(['Ana (inactive) → ana', 'Ben Ito', 'ada', 'ana']);
  });
});
