import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InputOf, MethodName, ResultOf } from '../../api/contract';
import { everyWriteTwice } from '../../testing/writesTwice';
import { ENGINES, useEngines, type EngineWorkspace, type TestEngine } from '../../testing/engines';
import type { AnnotationWorkspace } from '../../testing/annotationWorkspace';
import type { ServiceContext } from '../context';
import { dispatch } from '../dispatch';

// The label-save hot path on both engines (issue 16): an annotator opens their queue, reads an
// item, saves, undoes, clears and submits labels, and blindness holds — the same answers and the
// same refusals on a workspace file and on a real PostgreSQL. The task is made on the workspace
// file before it is copied up (creating one reads the catalog, which moves separately).

const engines = useEngines({ beforeAll, afterAll, afterEach });

/** The plans fixture with a blind task "quality" (plan-quality: one item question) for ana and ben, and a step-tags task for ana. */
async function openQuality(engine: TestEngine): Promise<EngineWorkspace & { q1: number; q3: number }> {
  const ws = await engines.open(engine, ['plans.jsonl'], createQualityTasks);
  return Object.assign(ws, { q1: ws.itemId('q-001'), q3: ws.itemId('q-003') });
}
/** One function for every open, so the workspace is built once per file and copied for each test. */
async function createQualityTasks(local: AnnotationWorkspace): Promise<void> {
  await local.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 5 });
  await local.api('tasks.create', { name: 'tags', schema: { preset: 'plan-step-tags' }, datasets: ['plans'], annotators: ['ana'], seed: 5 });
}

describe.each(ENGINES)('on %s', (engine) => {
  it('opens the queue in seeded order and walks it: next, previous, skip, submit', async () => {
    const ws = await openQuality(engine);
    const queue = await ws.api('queue.get', { task: 'quality' }, 'ana');
    // The seeded order of task "quality" (seed 5) for ana, as the workspace file made it.
    expect(queue.entries.map((e) => [e.externalId, e.status, e.labels])).toEqual([
      ['q-001', 'todo', 0],
      ['q-002', 'todo', 0],
      ['q-003', 'todo', 0],
    ]);
    expect(queue.progress).toMatchObject({ name: 'ana', assigned: 3, submitted: 0, remaining: 3, labels: 0, secondsSpent: 0 });
    const [a, b, c] = queue.entries.map((e) => e.itemId);
    // Reading the item to label: its content, as the labeling screen shows it.
    const item = await ws.api('items.get', { id: a }, 'ana');
    expect(item).toMatchObject({ id: a, externalId: 'q-001', kind: 'plan', dataset: 'plans' });
    expect(item.payload).toMatchObject({ query: expect.any(String) });
    await ws.api('labels.save', { task: 'quality', itemId: a, question: 'overall_quality', value: 'Good', secondsSpent: 4.5 }, 'ana');
    expect((await ws.api('queue.get', { task: 'quality' }, 'ana')).entries[0]).toMatchObject({ status: 'started', labels: 1 });
    expect((await ws.api('labels.submit', { task: 'quality', itemId: a }, 'ana')).next?.itemId).toBe(b);
    expect((await ws.api('queue.skip', { task: 'quality', itemId: b }, 'ana')).next?.itemId).toBe(c);
    expect((await ws.api('queue.next', { task: 'quality' }, 'ana')).entry?.itemId).toBe(c);
    expect((await ws.api('queue.previous', { task: 'quality', before: c }, 'ana')).entry?.itemId).toBe(b);
    expect((await ws.api('queue.previous', { task: 'quality', before: a }, 'ana')).entry).toBeNull();
    const late = await ws.api('queue.get', { task: 'quality' }, 'ana');
    expect(late.entries.map((e) => e.status)).toEqual(['submitted', 'skipped', 'todo']);
    expect(late.progress).toMatchObject({ submitted: 1, skipped: 1, remaining: 1, labels: 1, secondsSpent: 4.5 });
    // The lead's view of the task counts the same.
    const task = await ws.api('tasks.get', { task: 'quality' });
    expect(task.progress.map((p) => [p.name, p.assigned, p.submitted, p.started, p.skipped, p.labels, p.secondsSpent])).toEqual([
      ['ana', 3, 1, 0, 1, 1, 4.5],
      ['ben', 3, 0, 0, 0, 0, 0],
    ]);
    expect(task.completeItems).toBe(0);
    expect((await ws.api('tasks.list', {})).map((t) => [t.name, t.itemCount, t.annotators])).toEqual([
      ['quality', 3, ['ana', 'ben']],
      ['tags', 3, ['ana']],
    ]);
  });

  it('refuses the queue of someone not on the task, and a skip of an item not in the queue', async () => {
    const ws = await openQuality(engine);
    await ws.api('annotators.upsert', { name: 'zed', role: 'annotator' });
    await expect(ws.api('queue.get', { task: 'quality' }, 'zed')).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/zed is not an annotator of task "quality"/) });
    await expect(ws.api('queue.skip', { task: 'quality', itemId: 99999 }, 'ana')).rejects.toMatchObject({ code: 'not-found', message: "item 99999 is not in ana's queue" });
    await expect(ws.api('queue.get', { task: 'nope' }, 'ana')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('saves a label with seconds and an event, records nothing for a repeat, and refuses what does not fit', async () => {
    const ws = await openQuality(engine);
    const save = (value: string, extra: Record<string, unknown> = {}, as = 'ana') =>
      ws.api('labels.save', { task: 'quality', itemId: ws.q1, question: 'overall_quality', value, ...extra }, as);
    const saved = await save('Good', { rationale: 'Right tool.', secondsSpent: 12.5 });
    expect(saved).toMatchObject({ changed: true, visibleRaters: [], label: { unit: '', question: 'overall_quality', rater: 'ana', value: 'Good', na: false, rationale: 'Right tool.', secondsSpent: 12.5 } });
    expect(saved.label).not.toHaveProperty('earlierVersion');
    expect(await save('Good', { rationale: 'Right tool.', secondsSpent: 1 })).toMatchObject({ changed: false, eventId: null });
    const changed = await save('Very Good', { secondsSpent: 3 });
    expect(changed.eventId).toBeGreaterThan(saved.eventId!);
    const listed = await ws.api('labels.list', { task: 'quality', itemId: ws.q1 }, 'ana');
    expect(listed).toMatchObject({ viewer: 'ana', blind: true, discussion: false, submitted: false, submittedAt: null, others: [], hiddenRaters: 0, revisions: [] });
    expect(listed.own).toMatchObject([{ value: 'Very Good', rationale: null, secondsSpent: 15.5 }]);

    await expect(save('Great')).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/"Great" is not one of "Extremely Bad"/) });
    await expect(save('Good', { unit: 'step:1' })).rejects.toMatchObject({ code: 'invalid-input', message: 'overall_quality is about the whole item; its unit must be \'\' (got "step:1")' });
    await expect(save('Good', { itemId: 99999 })).rejects.toMatchObject({ code: 'not-found' });
    await ws.api('annotators.upsert', { name: 'zed', role: 'annotator' });
    await expect(save('Good', {}, 'zed')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(save('Good', { value: null, na: true })).rejects.toMatchObject({ code: 'invalid-input', message: 'overall_quality does not allow N/A' });
    expect((await ws.api('labels.list', { task: 'quality', itemId: ws.q1 }, 'ana')).own).toMatchObject([{ value: 'Very Good' }]);
  });

  it('checks unit-level answers against the units of the item, and submits only when every unit is answered', async () => {
    const ws = await openQuality(engine);
    const tag = (unit: string, value: string[]) => ws.api('labels.save', { task: 'tags', itemId: ws.q3, unit, question: 'step_tags', value }, 'ana');
    await expect(ws.api('labels.submit', { task: 'tags', itemId: ws.q3 }, 'ana')).rejects.toMatchObject({ code: 'invalid-input', message: 'cannot submit q-003 yet; still unanswered: step_tags on steps 1, 2' });
    // Tags are stored in the schema's order.
    expect((await tag('step:2', ['complex_prompt', 'incorrect_tool'])).label?.value).toEqual(['incorrect_tool', 'complex_prompt']);
    await expect(tag('step:9', ['no_change'])).rejects.toMatchObject({ code: 'invalid-input', message: 'plan q-003 has no step 9 (steps: 1, 2)' });
    await expect(ws.api('labels.submit', { task: 'tags', itemId: ws.q3 }, 'ana')).rejects.toMatchObject({ message: expect.stringMatching(/step_tags on steps 1$/) });
    await tag('step:1', ['no_change']);
    const first = await ws.api('labels.submit', { task: 'tags', itemId: ws.q3 }, 'ana');
    expect(first).toMatchObject({ alreadySubmitted: false });
    expect(await ws.api('labels.submit', { task: 'tags', itemId: ws.q3 }, 'ana')).toMatchObject({ alreadySubmitted: true, submittedAt: first.submittedAt });
    // Listed by unit then question, the own labels of the item.
    expect((await ws.api('labels.list', { task: 'tags', itemId: ws.q3 }, 'ana')).own.map((l) => l.unit)).toEqual(['step:1', 'step:2']);
  });

  it('undoes one change at a time, own changes only, and clear is undone too', async () => {
    const ws = await openQuality(engine);
    const save = (as: string, itemId: number, value: string, rationale?: string) =>
      ws.api('labels.save', { task: 'quality', itemId, question: 'overall_quality', value, rationale }, as);
    await save('ana', ws.q1, 'Good');
    await save('ana', ws.q1, 'Bad', 'Wrong tool.');
    await save('ben', ws.q1, 'Acceptable');
    expect(await ws.api('labels.undo', { task: 'quality', itemId: ws.q1 }, 'ana')).toMatchObject({ undone: { unit: '', question: 'overall_quality' }, label: { value: 'Good', rationale: null } });
    expect(await ws.api('labels.undo', { task: 'quality', itemId: ws.q1 }, 'ana')).toMatchObject({ undone: { question: 'overall_quality' }, label: null });
    expect(await ws.api('labels.undo', { task: 'quality', itemId: ws.q1 }, 'ana')).toEqual({ undone: null, label: null });
    expect((await ws.api('labels.list', { task: 'quality', itemId: ws.q1 }, 'ben')).own).toMatchObject([{ value: 'Acceptable' }]);

    await save('ana', ws.q3, 'Good', 'Ok.');
    expect(await ws.api('labels.clear', { task: 'quality', itemId: ws.q3, question: 'overall_quality' }, 'ana')).toMatchObject({ changed: true, label: null });
    expect(await ws.api('labels.clear', { task: 'quality', itemId: ws.q3, question: 'overall_quality' }, 'ana')).toMatchObject({ changed: false, label: null });
    expect(await ws.api('labels.undo', { task: 'quality', itemId: ws.q3 }, 'ana')).toMatchObject({ label: { value: 'Good', rationale: 'Ok.' } });
  });

  it('keeps a blind task blind: no other rater’s label before or after submitting, until discussion opens; an adjudicator sees all', async () => {
    const ws = await openQuality(engine);
    const save = (as: string, value: string, rationale?: string) => ws.api('labels.save', { task: 'quality', itemId: ws.q1, question: 'overall_quality', value, rationale }, as);
    await save('ana', 'Good', 'Fine.');
    expect((await save('ben', 'Acceptable')).visibleRaters).toEqual([]);
    expect(await ws.api('labels.list', { task: 'quality', itemId: ws.q1 }, 'ben')).toMatchObject({ blind: true, others: [], hiddenRaters: 1, own: [{ rater: 'ben', value: 'Acceptable' }] });
    await ws.api('labels.submit', { task: 'quality', itemId: ws.q1 }, 'ben');
    expect(await ws.api('labels.list', { task: 'quality', itemId: ws.q1 }, 'ben')).toMatchObject({ submitted: true, others: [], hiddenRaters: 1 });
    // An adjudicator who is not labelling the item sees every label.
    await ws.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
    expect((await ws.api('labels.list', { task: 'quality', itemId: ws.q1 }, 'ada')).others.map((l) => [l.rater, l.value])).toEqual([
      ['ana', 'Good'],
      ['ben', 'Acceptable'],
    ]);

    const opened = await ws.api('tasks.setDiscussion', { task: 'quality', open: true });
    expect(opened.discussion).toMatchObject({ openedAt: expect.any(String) });
    const after = await ws.api('labels.list', { task: 'quality', itemId: ws.q1 }, 'ben');
    expect(after).toMatchObject({ discussion: true, hiddenRaters: 0 });
    expect(after.others.map((l) => [l.rater, l.value, l.rationale])).toEqual([['ana', 'Good', 'Fine.']]);
    // ana has not submitted: still blind, discussion or not.
    expect(await ws.api('labels.list', { task: 'quality', itemId: ws.q1 }, 'ana')).toMatchObject({ others: [], hiddenRaters: 1 });

    // ben revises after seeing ana's answer: the original is kept once, for agreement.
    expect((await save('ben', 'Good')).visibleRaters).toEqual(['ana']);
    await save('ben', 'Very Good');
    const revised = await ws.api('labels.list', { task: 'quality', itemId: ws.q1 }, 'ben');
    expect(revised.revisions).toMatchObject([{ unit: '', question: 'overall_quality', original: { value: 'Acceptable', na: false, rationale: null } }]);

    await ws.api('tasks.setDiscussion', { task: 'quality', open: false });
    expect(await ws.api('labels.list', { task: 'quality', itemId: ws.q1 }, 'ben')).toMatchObject({ discussion: false, others: [], hiddenRaters: 1 });
    // Discussion is for blind tasks only; an annotator may not open it.
    await expect(ws.api('tasks.setDiscussion', { task: 'quality', open: true }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('adds an annotator to a task with a seeded queue of their own', async () => {
    const ws = await openQuality(engine);
    const detail = await ws.api('tasks.assign', { task: 'tags', annotators: ['cy'] });
    expect(detail.annotators).toEqual(['ana', 'cy']);
    const queue = await ws.api('queue.get', { task: 'tags' }, 'cy');
    expect(queue.entries.map((e) => e.position)).toEqual([0, 1, 2]);
    expect(queue.entries.map((e) => e.externalId).sort()).toEqual(['q-001', 'q-002', 'q-003']);
    // Assigning again changes nothing.
    await ws.api('tasks.assign', { task: 'tags', annotators: ['cy'] });
    expect((await ws.api('queue.get', { task: 'tags' }, 'cy')).entries).toEqual(queue.entries);
  });

  it('queues disagreements for adjudication, sets gold with a reason to change it, and accepts unanimous answers', async () => {
    const ws = await openQuality(engine);
    const both = async (itemId: number, ana: string, ben: string) => {
      await ws.api('labels.save', { task: 'quality', itemId, question: 'overall_quality', value: ana }, 'ana');
      await ws.api('labels.save', { task: 'quality', itemId, question: 'overall_quality', value: ben }, 'ben');
      await ws.api('labels.submit', { task: 'quality', itemId }, 'ana');
      await ws.api('labels.submit', { task: 'quality', itemId }, 'ben');
    };
    await both(ws.q1, 'Good', 'Bad');
    await both(ws.q3, 'Good', 'Good');
    const queue = await ws.api('adjudication.queue', { task: 'quality' });
    expect(queue).toMatchObject({ policy: 'any', open: 1 });
    expect(queue.entries.map((e) => [e.externalId, e.agreement, e.raters, e.resolved])).toEqual([['q-001', 0, ['ana', 'ben'], false]]);
    expect(queue.entries[0].disagreements[0].byRater).toEqual([
      { rater: 'ana', answer: 'Good' },
      { rater: 'ben', answer: 'Bad' },
    ]);
    const item = await ws.api('adjudication.item', { task: 'quality', itemId: ws.q1 });
    expect(item.groups.map((g) => [g.question, g.answers.map((a) => a.rater), g.unanimous, g.gold])).toEqual([['overall_quality', ['ana', 'ben'], false, null]]);

    const gold = await ws.api('adjudication.setGold', { task: 'quality', itemId: ws.q1, unit: '', question: 'overall_quality', value: 'Good', na: false });
    expect(gold).toMatchObject({ value: 'Good', source: 'adjudicated' });
    await expect(ws.api('adjudication.setGold', { task: 'quality', itemId: ws.q1, unit: '', question: 'overall_quality', value: 'Bad', na: false })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(/already "Good".*say why it changes/),
    });
    await ws.api('adjudication.setGold', { task: 'quality', itemId: ws.q1, unit: '', question: 'overall_quality', value: 'Bad', na: false, reason: 'Wrong tool.' });
    expect(await ws.api('adjudication.queue', { task: 'quality' })).toMatchObject({ open: 0, entries: [] });
    expect(await ws.api('adjudication.acceptUnanimous', { task: 'quality' })).toEqual({ accepted: 1, alreadyGold: 0 });
    expect(await ws.api('adjudication.acceptUnanimous', { task: 'quality' })).toEqual({ accepted: 0, alreadyGold: 1 });
    // The gold as it stands, set again (a key pressed twice): nothing written, no log row, a unanimous gold stays unanimous.
    const again = await ws.api('adjudication.setGold', { task: 'quality', itemId: ws.q1, unit: '', question: 'overall_quality', value: 'Bad', na: false });
    expect(again).toMatchObject({ value: 'Bad', source: 'adjudicated', unchanged: true });
    expect(await ws.api('adjudication.setGold', { task: 'quality', itemId: ws.q3, unit: '', question: 'overall_quality', value: 'Good', na: false })).toMatchObject({
      source: 'unanimous',
      unchanged: true,
    });
    expect(await ws.api('adjudication.settleItem', { task: 'quality', itemId: ws.q3, answers: [{ unit: '', question: 'overall_quality', value: 'Good' }] })).toMatchObject({
      settled: 1,
      gold: [{ source: 'unanimous' }],
    });
    expect((await ws.api('gold.history', { task: 'quality', itemId: ws.q3 })).map((e) => e.source)).toEqual(['unanimous']);
    expect((await ws.api('gold.list', { task: 'quality' })).map((g) => [g.itemId, g.value, g.source])).toEqual([
      [ws.q1, 'Bad', 'adjudicated'],
      [ws.q3, 'Good', 'unanimous'],
    ]);
    expect((await ws.api('gold.history', { task: 'quality', itemId: ws.q1 })).map((e) => [e.value, e.previous, e.reason])).toEqual([
      ['Good', null, null],
      ['Bad', { value: 'Good', na: false }, 'Wrong tool.'],
    ]);
    expect((await ws.api('tasks.get', { task: 'quality' })).goldCount).toBe(2);
    // Gold is the adjudicators' and leads': an annotator is refused.
    await expect(ws.api('gold.list', { task: 'quality' }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('settles a whole item in one write, or nothing when one answer is wrong', async () => {
    const ws = await openQuality(engine);
    const settle = (step2: string[]) =>
      ws.api('adjudication.settleItem', {
        task: 'tags',
        itemId: ws.q3,
        answers: [
          { unit: 'step:1', question: 'step_tags', value: ['no_change'] },
          { unit: 'step:2', question: 'step_tags', value: step2, note: 'Needs RAG.' },
        ],
      });
    await expect(settle(['no_such_tag'])).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await ws.api('gold.list', { task: 'tags' })).toEqual([]);
    const settled = await settle(['incorrect_tool']);
    expect(settled.settled).toBe(2);
    expect(settled.gold.map((g) => [g.unit, g.value, g.rationale, g.source])).toEqual([
      ['step:1', ['no_change'], null, 'adjudicated'],
      ['step:2', ['incorrect_tool'], 'Needs RAG.', 'adjudicated'],
    ]);
  });

  it('records each change once when PostgreSQL runs a write again after a serialization failure, and announces it once', async () => {
    const ws = await openQuality(engine);
    const announced: string[] = [];
    const ctx: ServiceContext = { ...everyWriteTwice(ws.ctx), emit: (_event, payload) => void announced.push((payload as { what: string }).what) };
    const call = async <M extends MethodName>(method: M, args: InputOf<M>, as: string): Promise<ResultOf<M>> => {
      const reply = await dispatch(ctx, method, args, { name: as });
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.value as ResultOf<M>;
    };
    const target = { task: 'quality', itemId: ws.q1, question: 'overall_quality' };
    const first = await call('labels.save', { ...target, value: 'Good', secondsSpent: 2 }, 'ana');
    expect(first).toMatchObject({ changed: true, label: { value: 'Good', secondsSpent: 2 } });
    await call('labels.save', { ...target, value: 'Bad', secondsSpent: 3 }, 'ana');
    expect(await call('labels.undo', { task: 'quality', itemId: ws.q1 }, 'ana')).toMatchObject({ label: { value: 'Good', secondsSpent: 5 } });
    expect(await call('labels.submit', { task: 'quality', itemId: ws.q1 }, 'ana')).toMatchObject({ alreadySubmitted: false });
    await call('queue.skip', { task: 'quality', itemId: ws.q3 }, 'ana');
    expect(announced).toEqual(['labels', 'labels', 'labels', 'labels', 'labels']);
    // Three events, one label, one submission, one skip: nothing twice.
    const queue = await ws.api('queue.get', { task: 'quality' }, 'ana');
    expect(queue.progress).toMatchObject({ submitted: 1, skipped: 1, labels: 1, secondsSpent: 5 });
    const db = ws.ctx.sql;
    expect(db.all(db.q.selectFrom('label_events').select(['action', 'value']).orderBy('id'))).toEqual([
      { action: 'set', value: '"Good"' },
      { action: 'set', value: '"Bad"' },
      { action: 'undo', value: '"Good"' },
    ]);
  });
});
