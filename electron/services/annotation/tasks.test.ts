import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededOrder } from '../../core/schemas/assignment';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

let ws: AnnotationWorkspace;
beforeEach(async () => {
  ws = await annotationWorkspace();
});
afterEach(() => ws.dispose());

const createQuality = (extra: Record<string, unknown> = {}) =>
  ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 11, ...extra });

describe('tasks.create', () => {
  it('lists annotators’ progress in the order they are counted (rater 2 before rater 10)', async () => {
    const task = await createQuality({ annotators: ['rater 10', 'rater 2', 'rater 1'] });
    expect(task.progress.map((p) => p.name)).toEqual(['rater 1', 'rater 2', 'rater 10']);
  });

  it('applies a preset to a dataset’s items, blind, everyone labelling everything by default', async () => {
    const task = await createQuality();
    expect(task).toMatchObject({
      name: 'quality',
      schemaId: 'plan-quality',
      schemaVersion: 1,
      itemCount: 3,
      annotators: ['ana', 'ben'],
      overlap: 'all',
      perItem: 2,
      seed: 11,
      blind: true,
      adjudication: { policy: 'any', threshold: null },
      selection: { datasets: ['plans'], filter: {} },
    });
    expect(task.keymap.questions.overall_quality.map((b) => b.keys)).toEqual([['1'], ['2'], ['3'], ['4'], ['5'], ['6'], ['7']]);
    expect(task.progress.map((p) => [p.name, p.assigned, p.submitted, p.remaining])).toEqual([
      ['ana', 3, 0, 3],
      ['ben', 3, 0, 3],
    ]);
    expect((await ws.api('annotators.list', {})).map((a) => [a.name, a.role])).toEqual([
      ['ana', 'annotator'],
      ['ben', 'annotator'],
    ]);
  });

  it('orders each queue by the seeded order of dataset/external id, so every workspace agrees', async () => {
    await createQuality();
    const queue = await ws.api('queue.get', { task: 'quality' }, 'ana');
    const expected = seededOrder(['plans/q-001', 'plans/q-002', 'plans/q-003'], (k) => k, 11, 'queue:ana');
    expect(queue.entries.map((e) => `${e.dataset}/${e.externalId}`)).toEqual(expected);
    expect(queue.entries.map((e) => e.position)).toEqual([0, 1, 2]);

    const other = await annotationWorkspace(['plans.jsonl']);
    try {
      await other.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 11 });
      const again = await other.api('queue.get', { task: 'quality' }, 'ana');
      expect(again.entries.map((e) => e.externalId)).toEqual(queue.entries.map((e) => e.externalId));
    } finally {
      other.dispose();
    }
  });

  it('gives each item exactly perItem annotators in fixed mode', async () => {
    const task = await ws.api('tasks.create', {
      name: 'fixed',
      schema: { preset: 'conversation-validity' },
      datasets: ['conversations-chat'],
      annotators: ['ana', 'ben', 'cy'],
      overlap: 'fixed',
      perItem: 2,
      seed: 3,
    });
    // 2 items × 2 annotators = 4 assignments over 3 annotators.
    expect(task.progress.reduce((sum, p) => sum + p.assigned, 0)).toBe(4);
    const perItem = ws.db.prepare('SELECT item_id, count(*) AS n FROM assignments GROUP BY item_id').all();
    expect(perItem).toEqual([
      { item_id: ws.itemId('conv-0001'), n: 2 },
      { item_id: ws.itemId('conv-0002'), n: 2 },
    ]);
  });

  it('narrows the items with a filter', async () => {
    const task = await ws.api('tasks.create', { name: 'some', schema: { preset: 'plan-quality' }, datasets: ['plans'], filter: { search: 'q-00' }, seed: 1 });
    expect(task.itemCount).toBe(3);
    await expect(ws.api('tasks.create', { name: 'none', schema: { preset: 'plan-quality' }, datasets: ['plans'], filter: { search: 'zzz' } })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(/no items match/),
    });
  });

  it('takes a schema as JSON and says what is wrong with a bad one', async () => {
    const task = await ws.api('tasks.create', {
      name: 'own',
      schema: { json: { id: 'own', title: 'Own', questions: [{ id: 'ok', title: 'OK?', type: 'binary', options: ['yes', 'no'] }] } },
      datasets: ['plans', 'conversations-chat'],
    });
    expect(task.itemCount).toBe(5);
    expect(task.seed).toBeGreaterThanOrEqual(0);
    await expect(ws.api('tasks.create', { name: 'bad', schema: { json: { id: 'x', title: 'X', questions: [] } }, datasets: ['plans'] })).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'invalid label schema: questions: a schema needs at least one question',
    });
  });

  it('refuses with messages that list what exists', async () => {
    await expect(ws.api('tasks.create', { name: 't', schema: { preset: 'plan-qualty' }, datasets: ['plans'] })).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringContaining('no preset named "plan-qualty" (presets: sop-graph-review, plan-quality, plan-step-tags'),
    });
    await expect(ws.api('tasks.create', { name: 't', schema: { preset: 'plan-quality' }, datasets: ['plan'] })).rejects.toMatchObject({
      code: 'not-found',
      message: 'no dataset named "plan" (datasets: conversations-chat, plans)',
    });
    await expect(ws.api('tasks.create', { name: 't', schema: { preset: 'conversation-validity' }, datasets: ['plans'] })).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'schema conversation-validity applies to conversation items; dataset "plans" holds plans',
    });
    await createQuality();
    await expect(createQuality()).rejects.toMatchObject({ code: 'conflict', message: 'a task named "quality" already exists' });
    await expect(ws.api('tasks.create', { name: 'f', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana'], overlap: 'fixed', perItem: 2 })).rejects.toMatchObject({
      code: 'invalid-input',
    });
    await expect(ws.api('tasks.create', { name: 'th', schema: { preset: 'plan-quality' }, datasets: ['plans'], adjudication: { policy: 'threshold' } })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(/threshold is required/),
    });
    await expect(ws.api('tasks.get', { task: 'nope' })).rejects.toMatchObject({ code: 'not-found', message: 'no task named "nope" (tasks: quality)' });
  });
});

describe('tasks.assign, tasks.list, annotators', () => {
  it('adds an annotator with a full queue in all mode, and lists tasks', async () => {
    await createQuality();
    const task = await ws.api('tasks.assign', { task: 'quality', annotators: ['cy'] });
    expect(task.progress.map((p) => [p.name, p.assigned])).toEqual([
      ['ana', 3],
      ['ben', 3],
      ['cy', 3],
    ]);
    expect((await ws.api('tasks.list', {})).map((t) => [t.name, t.itemCount, t.annotators.length])).toEqual([['quality', 3, 3]]);
  });

  it('fills the items short of annotators in fixed mode', async () => {
    await ws.api('tasks.create', { name: 'fixed', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana'], overlap: 'fixed', perItem: 1, seed: 2 });
    const task = await ws.api('tasks.assign', { task: 'fixed', annotators: ['ben'] });
    expect(task.progress.map((p) => [p.name, p.assigned])).toEqual([
      ['ana', 3],
      ['ben', 0],
    ]);
  });

  it('answers "who are you?" by creating the annotator once and listing their tasks', async () => {
    await createQuality();
    const first = await ws.api('annotators.identify', { name: 'ana' });
    expect(first).toMatchObject({ created: false, annotator: { name: 'ana', role: 'annotator' }, tasks: [{ task: 'quality', assigned: 3, submitted: 0, remaining: 3 }] });
    const dee = await ws.api('annotators.identify', { name: 'dee' });
    expect(dee).toMatchObject({ created: true, tasks: [] });
    expect(await ws.api('annotators.upsert', { name: 'dee', role: 'adjudicator' })).toMatchObject({ name: 'dee', role: 'adjudicator' });
    expect((await ws.api('annotators.list', {})).find((a) => a.name === 'dee')?.role).toBe('adjudicator');
  });
});

describe('schemas', () => {
  it('lists presets, validates JSON and text, and exports JSON that imports back', async () => {
    const presets = await ws.api('schemas.presets', {});
    expect(presets.map((p) => p.name)).toContain('plan-step-tags');
    expect(presets.find((p) => p.name === 'plan-quality')?.kinds).toEqual(['plan']);
    const exported = await ws.api('schemas.export', { preset: 'plan-quality' });
    expect(exported.fileName).toBe('plan-quality.v1.schema.json');
    const imported = await ws.api('schemas.import', { text: exported.text });
    expect(imported.ok && imported.schema).toEqual(presets.find((p) => p.name === 'plan-quality')?.schema);
    expect(await ws.api('schemas.import', { text: '{' })).toMatchObject({ ok: false, issues: [{ path: '', message: expect.stringMatching(/not valid JSON/) }] });
    expect(await ws.api('schemas.validate', { schema: { id: 'x' } })).toMatchObject({ ok: false });
    await createQuality();
    expect((await ws.api('schemas.export', { task: 'quality' })).text).toBe(exported.text);
  });
});
