import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

// Gold and people, managed (issue 13, part 6): annotators renamed, deactivated and merged by a
// lead, and a new name that differs from an existing one only by case or spacing refused
// unless forced (typing "Ana" once made a second person beside "ana").
let ws: AnnotationWorkspace;

beforeEach(async () => {
  ws = await annotationWorkspace(['plans.jsonl']);
  await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
  await ws.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
});
afterEach(() => ws.dispose());

const label = async (who: string, item: string, value: string, submit = true) => {
  await ws.api('labels.save', { task: 'quality', itemId: ws.itemId(item), question: 'overall_quality', value }, who);
  if (submit) await ws.api('labels.submit', { task: 'quality', itemId: ws.itemId(item) }, who);
};
const names = async () => (await ws.api('annotators.list', {})).map((a) => `${a.name}${a.active ? '' : ' (inactive)'}${a.mergedInto ? ` → ${a.mergedInto}` : ''}`);

describe('a new name that differs from an existing one only by case or spacing', () => {
  it('is refused with a clear message wherever a person is created, unless forced', async () => {
    const message = '"Ana" differs from the existing annotator "ana" only by case or spacing; use "ana", or pass force (--force) if "Ana" is someone else';
    await expect(ws.api('annotators.upsert', { name: 'Ana', role: 'annotator' })).rejects.toMatchObject({ code: 'conflict', message });
    await expect(ws.api('tasks.assign', { task: 'quality', annotators: ['Ana'] })).rejects.toMatchObject({ code: 'conflict', message });
    await expect(ws.api('annotators.identify', { name: 'Ana' })).rejects.toMatchObject({ code: 'conflict', message });
    await expect(ws.api('tasks.create', { name: 'other', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['a na'] })).rejects.toMatchObject({ code: 'conflict' });
    // Trailing spaces are trimmed by the contract: "ana " is ana herself.
    expect((await ws.api('annotators.identify', { name: 'ana ' })).created).toBe(false);
    expect(await names()).toEqual(['ada', 'ana', 'ben']);
    await ws.api('annotators.upsert', { name: 'Ana', role: 'annotator', force: true });
    expect(await names()).toEqual(['Ana', 'ada', 'ana', 'ben']);
  });
});

describe('renaming', () => {
  it('keeps every label, queue and gold with the person; refuses a taken name and a lookalike of someone else', async () => {
    await label('ana', 'q-001', 'Good');
    expect(await ws.api('annotators.rename', { name: 'ana', newName: 'Ana Lopez' })).toEqual({ name: 'Ana Lopez', previous: 'ana' });
    const labels = await ws.api('labels.list', { task: 'quality', itemId: ws.itemId('q-001') }, 'Ana Lopez');
    expect(labels.own.map((l) => [l.rater, l.value])).toEqual([['Ana Lopez', 'Good']]);
    expect((await ws.api('tasks.get', { task: 'quality' })).annotators).toEqual(['Ana Lopez', 'ben']);
    // "ana" → "Ana" style renames of oneself are the point of renaming.
    await ws.api('annotators.rename', { name: 'Ana Lopez', newName: 'ana lopez' });
    await expect(ws.api('annotators.rename', { name: 'ana lopez', newName: 'ben' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/already an annotator; .*merge/) });
    await expect(ws.api('annotators.rename', { name: 'ana lopez', newName: 'Ben' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/only by case or spacing/) });
  });
});

describe('deactivating', () => {
  it('keeps their labels in agreement and exports, and stops them acting or being assigned; activating undoes it', async () => {
    await label('ana', 'q-001', 'Good');
    await label('ben', 'q-001', 'Bad');
    expect(await ws.api('annotators.deactivate', { name: 'ben' })).toEqual({ name: 'ben', active: false });
    expect(await names()).toEqual(['ada', 'ana', 'ben (inactive)']);
    const exported = await ws.api('labels.export', { task: 'quality', format: 'csv' });
    expect(exported.content).toMatch(/q-001,,overall_quality,ben,Bad/);
    // Nobody acts as ben: the window's "who are you?" and every call as ben are refused, saying why.
    await expect(ws.api('annotators.identify', { name: 'ben' })).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/"ben" is deactivated \(their labels are kept\)/) });
    await expect(ws.api('queue.get', { task: 'quality' }, 'ben')).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/"ben" is deactivated/) });
    await ws.api('tasks.create', { name: 'second', schema: { preset: 'plan-quality' }, datasets: ['plans'], seed: 1 });
    await expect(ws.api('tasks.assign', { task: 'second', annotators: ['ben'] })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/deactivated/) });
    await ws.api('annotators.activate', { name: 'ben' });
    expect((await ws.api('queue.get', { task: 'quality' }, 'ben')).progress.submitted).toBe(1);
  });
});

describe('merging two records of one person', () => {
  beforeEach(async () => {
    // "Ana" was created by mistake beside "ana" and labelled some items too.
    await ws.api('tasks.assign', { task: 'quality', annotators: ['Ana'], force: true });
    await label('ana', 'q-001', 'Good');
    await label('Ana', 'q-002', 'Bad'); // only Ana: moves
    await label('Ana', 'q-001', 'Good'); // same answer: ana's kept
    await label('ana', 'q-003', 'Acceptable');
    await label('Ana', 'q-003', 'Very Good'); // conflict
  });

  it('says exactly what would happen, conflicts listed, before anything changes', async () => {
    const plan = await ws.api('annotators.mergePlan', { from: 'Ana', into: 'ana' });
    expect(plan).toEqual({
      from: 'Ana',
      into: 'ana',
      moving: 1,
      identical: 1,
      conflicts: [{ task: 'quality', item: 'q-003', unit: '', question: 'overall_quality', from: { answer: 'Very Good', updatedAt: expect.any(String) }, into: { answer: 'Acceptable', updatedAt: expect.any(String) } }],
      submissions: 3,
      tasks: ['quality'],
      gold: 0,
    });
  });

  it('refuses without the name typed, and with conflicts but no rule, listing them', async () => {
    await expect(ws.api('annotators.merge', { from: 'Ana', into: 'ana', conflicts: 'keep-into', confirm: 'ana' })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/confirm with the name "Ana"/) });
    await expect(ws.api('annotators.merge', { from: 'Ana', into: 'ana', confirm: 'Ana' })).rejects.toMatchObject({
      code: 'invalid-input',
      message: '1 label differs between "Ana" and "ana" (quality q-003 overall_quality: Ana "Very Good" vs ana "Acceptable"); say which to keep: keep-into, keep-from or keep-newest (--conflicts); the other stays in the label history',
    });
    expect(await names()).toEqual(['Ana', 'ada', 'ana', 'ben']);
  });

  it('moves labels, submissions and queue to one record; keep-from takes the merged record\'s answer; the other stays in history', async () => {
    const result = await ws.api('annotators.merge', { from: 'Ana', into: 'ana', conflicts: 'keep-from', confirm: 'Ana' });
    expect(result).toMatchObject({ moving: 1, identical: 1, rule: 'keep-from', tookFrom: 1 });
    expect(await names()).toEqual(['Ana (inactive) → ana', 'ada', 'ana', 'ben']);
    const own = async (item: string) => (await ws.api('labels.list', { task: 'quality', itemId: ws.itemId(item) }, 'ana')).own.map((l) => l.value);
    expect([await own('q-001'), await own('q-002'), await own('q-003')]).toEqual([['Good'], ['Bad'], ['Very Good']]);
    expect((await ws.api('tasks.get', { task: 'quality' })).annotators).toEqual(['ana', 'ben']);
    expect((await ws.api('queue.get', { task: 'quality' }, 'ana')).progress).toMatchObject({ assigned: 3, submitted: 3 });
    // Label events are append-only: the replaced answer and Ana's own history are all still there.
    expect(ws.db.prepare("SELECT count(*) FROM label_events WHERE value = '\"Acceptable\"'").pluck().get()).toBe(1);
    expect(ws.db.prepare('SELECT from_name, into_name, conflicts FROM annotator_merges').all()).toEqual([{ from_name: 'Ana', into_name: 'ana', conflicts: 'keep-from' }]);
    // The merged record cannot act or come back.
    await expect(ws.api('queue.get', { task: 'quality' }, 'Ana')).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/"Ana" was merged into "ana": use "ana"/) });
    await expect(ws.api('annotators.activate', { name: 'Ana' })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('keep-into keeps the remaining record\'s answer', async () => {
    await ws.api('annotators.merge', { from: 'Ana', into: 'ana', conflicts: 'keep-into', confirm: 'Ana' });
    expect((await ws.api('labels.list', { task: 'quality', itemId: ws.itemId('q-003') }, 'ana')).own.map((l) => l.value)).toEqual(['Acceptable']);
  });
});

describe('people management is for leads', () => {
  for (const [method, args] of [
    ['annotators.rename', { name: 'ben', newName: 'benedict' }],
    ['annotators.deactivate', { name: 'ben' }],
    ['annotators.activate', { name: 'ben' }],
    ['annotators.mergePlan', { from: 'ben', into: 'ana' }],
    ['annotators.merge', { from: 'ben', into: 'ana', confirm: 'ben' }],
    ['annotators.upsert', { name: 'zoe', role: 'annotator' }],
  ] as const) {
    it(`${method}: an annotator and an adjudicator are refused`, async () => {
      for (const who of ['ana', 'ada']) await expect(ws.api(method, args as never, who)).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/ is for leads/) });
      expect(await names()).toEqual(['ada', 'ana', 'ben']);
    });
  }
});
