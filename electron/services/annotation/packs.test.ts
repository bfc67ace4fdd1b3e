import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORMATS } from '../../testing/fixtures';
import { dumpWorkspace } from '../../testing/tempWorkspace';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

// Two machines: ana labels on hers, the lead merges her pack on his. Both imported the same
// plans and created the same task.
let ana: AnnotationWorkspace;
let lead: AnnotationWorkspace;
const createTask = (ws: AnnotationWorkspace) =>
  ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 4 });
beforeEach(async () => {
  ana = await annotationWorkspace(['plans.jsonl']);
  lead = await annotationWorkspace(['plans.jsonl']);
  await createTask(ana);
  await createTask(lead);
});
afterEach(() => {
  vi.useRealTimers();
  ana.dispose();
  lead.dispose();
});

const save = (ws: AnnotationWorkspace, externalId: string, value: string, rationale?: string) =>
  ws.api('labels.save', { task: 'quality', itemId: ws.itemId(externalId), question: 'overall_quality', value, rationale, secondsSpent: 4 }, 'ana');
async function packOf(ws: AnnotationWorkspace, name = 'ana.pack.json'): Promise<string> {
  const exported = await ws.api('packs.export', { task: 'quality', annotator: 'ana' });
  return lead.file(name, exported.content);
}
const anaLabels = (ws: AnnotationWorkspace) =>
  ws.db
    .prepare(
      "SELECT i.external_id, l.value, l.rationale, l.seconds_spent, l.created_at, l.updated_at FROM labels l JOIN raters r ON r.id = l.rater_id JOIN items i ON i.id = l.item_id WHERE r.name = 'ana' ORDER BY i.external_id",
    )
    .all();
const historyOf = (ws: AnnotationWorkspace, externalId: string) =>
  ws.db
    .prepare("SELECT e.value, e.source, e.applied FROM label_events e JOIN items i ON i.id = e.item_id WHERE i.external_id = ? ORDER BY e.made_at, e.id")
    .all(externalId);

describe('label packs', () => {
  it('carry one annotator’s labels, with item content hashes, to another workspace', async () => {
    await save(ana, 'q-001', 'Good', 'Right tool.');
    await save(ana, 'q-002', 'Bad');
    await ana.api('labels.submit', { task: 'quality', itemId: ana.itemId('q-001') }, 'ana');
    const exported = await ana.api('packs.export', { task: 'quality', annotator: 'ana' });
    expect(exported).toMatchObject({ fileName: 'quality.ana.accord-pack.json', labels: 2 });
    const pack = JSON.parse(exported.content);
    expect(pack).toMatchObject({ format: 'accord.label-pack', version: 1, task: { name: 'quality', schema: { id: 'plan-quality' } }, annotator: { name: 'ana', role: 'annotator' } });
    expect(pack.items.map((i: { externalId: string; contentHash: string }) => i.externalId)).toEqual(['q-001', 'q-002']);
    expect(pack.items[0].contentHash).toMatch(/^[0-9a-f]{64}$/);

    const report = await lead.api('packs.import', { source: { path: lead.file('ana.pack.json', exported.content) } });
    expect(report).toMatchObject({ status: 'imported', task: 'quality', annotator: 'ana', applied: 2, kept: 0, unchanged: 0, submissions: 1, refused: [] });
    expect(anaLabels(lead)).toEqual(anaLabels(ana));
    expect(lead.db.prepare('SELECT annotator, file_name, origin, applied FROM pack_imports').all()).toEqual([
      { annotator: 'ana', file_name: 'ana.pack.json', origin: 'test.accord', applied: 2 },
    ]);
    expect(historyOf(lead, 'q-001')).toEqual([{ value: '"Good"', source: 'pack', applied: 1 }]);
  });

  it('carry what was visible when each label was made (issue 13)', async () => {
    await save(ana, 'q-001', 'Good');
    const pack = JSON.parse((await ana.api('packs.export', { task: 'quality', annotator: 'ana' })).content);
    expect(pack.labels[0].visible).toEqual({ others: false, scores: false, discussion: false });
    await lead.api('packs.import', { source: { path: await packOf(ana) } });
    expect(lead.db.prepare("SELECT e.visible FROM label_events e WHERE e.source = 'pack'").all()).toEqual([{ visible: '{"others":false,"scores":false,"discussion":false}' }]);
  });

  it('carry the originals of labels revised after discussion and restore them, so agreement on the originals is the same (issue 13)', async () => {
    await save(ana, 'q-001', 'Acceptable', 'first look');
    await ana.api('labels.submit', { task: 'quality', itemId: ana.itemId('q-001') }, 'ana');
    await ana.api('tasks.setDiscussion', { task: 'quality', open: true });
    await save(ana, 'q-001', 'Good');
    await save(ana, 'q-002', 'Bad'); // not submitted: no revision
    const content = (await ana.api('packs.export', { task: 'quality', annotator: 'ana' })).content;
    const pack = JSON.parse(content) as { originals: unknown[] };
    expect(pack.originals).toEqual([
      { dataset: 'plans', item: 'q-001', unit: '', question: 'overall_quality', answered: true, value: 'Acceptable', na: false, rationale: 'first look', uid: expect.any(String), revisedAt: expect.any(String) },
    ]);
    expect(await lead.api('packs.import', { source: { path: lead.file('ana.pack.json', content) } })).toMatchObject({ applied: 2, originals: 1, refused: [] });
    const originalsOf = (ws: AnnotationWorkspace) => ws.db.prepare('SELECT item_id, unit, question, answered, value, na, rationale, revised_at FROM label_originals').all();
    expect(originalsOf(lead)).toEqual(originalsOf(ana));
    const exported = (await lead.api('labels.export', { task: 'quality', format: 'csv' })).content;
    expect(exported).toContain('q-001,,overall_quality,ana,Good,,Acceptable,yes,');
    // Again: nothing new, and the original stays as it was.
    expect(await lead.api('packs.import', { source: { path: lead.file('ana.pack.json', content) } })).toMatchObject({ status: 'unchanged', unchanged: 2 });
    expect(originalsOf(lead)).toEqual(originalsOf(ana));
  });

  it('from before originals travelled still import', async () => {
    await save(ana, 'q-001', 'Good');
    const pack = JSON.parse((await ana.api('packs.export', { task: 'quality', annotator: 'ana' })).content) as Record<string, unknown>;
    delete pack.originals;
    const report = await lead.api('packs.import', { source: { path: lead.file('old.pack.json', JSON.stringify(pack)) } });
    expect(report).toMatchObject({ status: 'imported', applied: 1, refused: [] });
    expect(report.originals).toBeUndefined();
  });

  it('change nothing when imported again', async () => {
    await save(ana, 'q-001', 'Good');
    const file = await packOf(ana);
    await lead.api('packs.import', { source: { path: file } });
    const before = dumpWorkspace(lead.db);
    expect(await lead.api('packs.import', { source: { path: file } })).toMatchObject({ status: 'unchanged', applied: 0, kept: 0, unchanged: 1 });
    expect(dumpWorkspace(lead.db)).toEqual(before);
    // Nor does a fresh export of the same labels from the lead's copy, back on ana's machine.
    const back = (await lead.api('packs.export', { task: 'quality', annotator: 'ana' })).content;
    const anaBefore = dumpWorkspace(ana.db);
    expect(await ana.api('packs.import', { source: { path: ana.file('back.json', back) } })).toMatchObject({ status: 'unchanged' });
    expect(dumpWorkspace(ana.db)).toEqual(anaBefore);
  });

  it('refuse labels whose item changed, saying which, and merge the rest', async () => {
    await save(ana, 'q-001', 'Good');
    await save(ana, 'q-002', 'Bad');
    const changed = fs.readFileSync(path.join(FORMATS, 'plans.jsonl'), 'utf8').replace('"query_id": "q-002", "query": "Why', '"query_id": "q-002", "query": "Really, why');
    const report = await lead.api('datasets.import', { sources: [{ path: lead.file('plans.jsonl', changed) }], dataset: 'plans' });
    expect(report.files[0].status).toBe('imported');
    const merged = await lead.api('packs.import', { source: { path: await packOf(ana) } });
    expect(merged).toMatchObject({ status: 'imported', applied: 1 });
    expect(merged.refused).toEqual([
      { dataset: 'plans', item: 'q-002', unit: '', question: 'overall_quality', reason: expect.stringMatching(/^item q-002 changed since these labels were made \(pack: [0-9a-f]{12}…, here: [0-9a-f]{12}…\)$/) },
    ]);
    expect(anaLabels(lead).map((l) => (l as { external_id: string }).external_id)).toEqual(['q-001']);
  });

  it('resolve the same annotator’s conflicting edits to the newest, keeping the older in history', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    await save(ana, 'q-001', 'Good');
    const older = await packOf(ana, 'older.json');
    vi.setSystemTime(new Date('2026-03-01T11:00:00Z'));
    await save(lead, 'q-001', 'Bad'); // ana, later, on the lead's machine
    expect(await lead.api('packs.import', { source: { path: older } })).toMatchObject({ applied: 0, kept: 1 });
    expect(anaLabels(lead)).toMatchObject([{ value: '"Bad"' }]);
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    await save(ana, 'q-001', 'Very Good');
    expect(await lead.api('packs.import', { source: { path: await packOf(ana, 'newer.json') } })).toMatchObject({ applied: 1, kept: 0 });
    expect(anaLabels(lead)).toMatchObject([{ value: '"Very Good"', updated_at: '2026-03-01T12:00:00.000Z' }]);
    expect(historyOf(lead, 'q-001')).toEqual([
      { value: '"Good"', source: 'pack', applied: 0 },
      { value: '"Bad"', source: 'ui', applied: 1 },
      { value: '"Very Good"', source: 'pack', applied: 1 },
    ]);
    // Undo skips the edit that never became current.
    await lead.api('labels.undo', { task: 'quality', itemId: lead.itemId('q-001') }, 'ana');
    expect(anaLabels(lead)).toMatchObject([{ value: '"Bad"' }]);
  });

  it('carry removals, and refuse packs for a task or schema this workspace lacks', async () => {
    await save(ana, 'q-001', 'Good');
    await lead.api('packs.import', { source: { path: await packOf(ana, 'first.json') } });
    await ana.api('labels.undo', { task: 'quality', itemId: ana.itemId('q-001') }, 'ana');
    expect(await lead.api('packs.import', { source: { path: await packOf(ana, 'second.json') } })).toMatchObject({ applied: 1 });
    expect(anaLabels(lead)).toEqual([]);

    const pack = JSON.parse((await ana.api('packs.export', { task: 'quality', annotator: 'ana' })).content);
    await expect(lead.api('packs.import', { source: { path: lead.file('other.json', JSON.stringify({ ...pack, task: { ...pack.task, name: 'elsewhere' } })) } })).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringMatching(/task "elsewhere", which this workspace does not have/),
    });
    await expect(lead.api('packs.import', { source: { path: lead.file('junk.json', '{"format":"x"}') } })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(/not a label pack/),
    });
  });
});
