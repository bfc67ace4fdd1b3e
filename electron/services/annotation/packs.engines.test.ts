import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { ENGINES, useEngines, type EngineWorkspace, type TestEngine } from '../../testing/engines';
import { everyWriteTwice } from '../../testing/writesTwice';
import { withCaller } from '../context';
import { importPack } from './packs';

// Label packs on the query layer (issue 16): ana labels on her own workspace file; her pack is
// merged into the team's workspace, a file or PostgreSQL, with the same report, the same labels
// and history, the same refusals, and exported back alike.

const engines = useEngines({ beforeAll, afterAll, afterEach });
let ana: AnnotationWorkspace;
let dir: string;
const createTask = (ws: Pick<AnnotationWorkspace, 'api'>, name = 'quality') =>
  ws.api('tasks.create', { name, schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 4 });
beforeEach(async () => {
  ana = await annotationWorkspace(['plans.jsonl']);
  await createTask(ana);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-packs-engines-'));
});
afterEach(() => {
  ana.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

const save = (externalId: string, value: string, rationale?: string) =>
  ana.api('labels.save', { task: 'quality', itemId: ana.itemId(externalId), question: 'overall_quality', value, rationale, secondsSpent: 4 }, 'ana');
/** Ana's pack, written to a file the team's workspace imports. */
async function anaPack(name = 'ana.pack.json'): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, (await ana.api('packs.export', { task: 'quality', annotator: 'ana' })).content);
  return file;
}
const teamWorkspace = (engine: TestEngine, prepare?: (local: AnnotationWorkspace) => Promise<void>) =>
  engines.open(engine, ['plans.jsonl'], async (local) => {
    await createTask(local);
    await prepare?.(local);
  });

/** Ana's labels and their history in `ws`, read from the tables. */
function anaRows(ws: EngineWorkspace) {
  const db = ws.ctx.sql;
  const labels = db.all(
    db.q
      .selectFrom('labels as l')
      .innerJoin('raters as r', 'r.id', 'l.rater_id')
      .innerJoin('items as i', 'i.id', 'l.item_id')
      .select(['i.external_id', 'l.value', 'l.rationale', 'l.seconds_spent', 'l.updated_at'])
      .where('r.name', '=', 'ana')
      .orderBy('i.external_id'),
  );
  const events = db.all(
    db.q
      .selectFrom('label_events as e')
      .innerJoin('items as i', 'i.id', 'e.item_id')
      .select(['i.external_id', 'e.value', 'e.source', 'e.applied'])
      .orderBy('i.external_id')
      .orderBy('e.made_at')
      .orderBy('e.id'),
  );
  const imports = db.all(db.q.selectFrom('pack_imports').select(['annotator', 'file_name', 'applied', 'kept', 'refused']).orderBy('id'));
  return { labels, events, imports };
}

describe.each(ENGINES)('label packs on %s', (engine) => {
  it('merge an annotator’s labels and submissions once, and export them back the same', async () => {
    await save('q-001', 'Good', 'Right tool.');
    await save('q-002', 'Bad');
    await ana.api('labels.submit', { task: 'quality', itemId: ana.itemId('q-001') }, 'ana');
    const file = await anaPack();
    const ws = await teamWorkspace(engine);

    const report = await ws.api('packs.import', { source: { path: file } });
    expect(report).toMatchObject({ status: 'imported', task: 'quality', annotator: 'ana', applied: 2, kept: 0, unchanged: 0, submissions: 1, refused: [] });
    const rows = anaRows(ws);
    expect(rows.labels).toEqual([
      { external_id: 'q-001', value: '"Good"', rationale: 'Right tool.', seconds_spent: 4, updated_at: expect.any(String) },
      { external_id: 'q-002', value: '"Bad"', rationale: null, seconds_spent: 4, updated_at: expect.any(String) },
    ]);
    expect(rows.events).toEqual([
      { external_id: 'q-001', value: '"Good"', source: 'pack', applied: 1 },
      { external_id: 'q-002', value: '"Bad"', source: 'pack', applied: 1 },
    ]);
    expect(rows.imports).toEqual([{ annotator: 'ana', file_name: 'ana.pack.json', applied: 2, kept: 0, refused: 0 }]);

    // Again: nothing changes, not even a provenance row.
    expect(await ws.api('packs.import', { source: { path: file } })).toMatchObject({ status: 'unchanged', applied: 0, unchanged: 2 });
    expect(anaRows(ws)).toEqual(rows);

    const back = await ws.api('packs.export', { task: 'quality', annotator: 'ana' });
    expect(back).toMatchObject({ fileName: 'quality.ana.accord-pack.json', labels: 2 });
    const pack = JSON.parse(back.content) as { labels: { item: string; value: unknown; uid: string }[]; submissions: { item: string }[] };
    const original = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof pack;
    expect(pack.labels.map((l) => [l.item, l.value, l.uid])).toEqual(original.labels.map((l) => [l.item, l.value, l.uid]));
    expect(pack.submissions.map((s) => s.item)).toEqual(['q-001']);
  });

  it('merge each edit once when every chunk runs twice (as PostgreSQL runs a write again after a serialization failure)', async () => {
    await save('q-001', 'Good', 'Right tool.');
    await save('q-002', 'Bad');
    await save('q-003', 'Acceptable');
    await ana.api('labels.submit', { task: 'quality', itemId: ana.itemId('q-002') }, 'ana');
    const file = await anaPack();
    const ws = await teamWorkspace(engine);
    let writes = 0;
    // Every write runs once and is rolled back (inside a savepoint), then runs again for real;
    // each is over its budget at once, so every edit is a chunk of its own.
    const lead = withCaller(everyWriteTwice(ws.ctx, { hold: { elapsedMs: () => 0, overBudget: () => true }, onWrite: () => void writes++ }), { name: null, annotatorId: null, role: 'lead' });
    expect(await importPack(lead, { source: { path: file } })).toMatchObject({ status: 'imported', applied: 3, kept: 0, unchanged: 0, submissions: 1, refused: [] });
    expect(writes).toBe(3);
    const rows = anaRows(ws);
    expect(rows.events.map((e) => [e.external_id, e.value])).toEqual([
      ['q-001', '"Good"'],
      ['q-002', '"Bad"'],
      ['q-003', '"Acceptable"'],
    ]);
    expect(rows.imports).toEqual([{ annotator: 'ana', file_name: 'ana.pack.json', applied: 3, kept: 0, refused: 0 }]);
  });

  it('keep the newer edit current and the older in history', async () => {
    await save('q-001', 'Good');
    const file = await anaPack();
    // The team's copy holds a newer answer of ana's on q-001 (she labelled there later).
    const ws = await teamWorkspace(engine, async (local) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await local.api('labels.save', { task: 'quality', itemId: local.itemId('q-001'), question: 'overall_quality', value: 'Bad', secondsSpent: 2 }, 'ana');
    });
    expect(await ws.api('packs.import', { source: { path: file } })).toMatchObject({ status: 'imported', applied: 0, kept: 1 });
    const rows = anaRows(ws);
    expect(rows.labels.map((l) => [l.external_id, l.value])).toEqual([['q-001', '"Bad"']]);
    expect(rows.events).toEqual([
      { external_id: 'q-001', value: '"Good"', source: 'pack', applied: 0 },
      { external_id: 'q-001', value: '"Bad"', source: 'ui', applied: 1 },
    ]);
  });

  it('refuse alike: another annotator’s pack to an annotator, a task this workspace lacks, an empty pack', async () => {
    await save('q-001', 'Good');
    const ws = await teamWorkspace(engine);
    await expect(ws.api('packs.export', { task: 'quality', annotator: 'ana' }, 'ben')).rejects.toMatchObject({ code: 'forbidden' });
    // Ben, an annotator, may not merge ana's labels.
    await expect(ws.api('packs.import', { source: { path: await anaPack() } }, 'ben')).rejects.toMatchObject({ code: 'forbidden' });

    await createTask(ana, 'elsewhere');
    await ana.api('labels.save', { task: 'elsewhere', itemId: ana.itemId('q-002'), question: 'overall_quality', value: 'Bad', secondsSpent: 1 }, 'ana');
    const other = path.join(dir, 'elsewhere.json');
    fs.writeFileSync(other, (await ana.api('packs.export', { task: 'elsewhere', annotator: 'ana' })).content);
    await expect(ws.api('packs.import', { source: { path: other } })).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringMatching(/^the pack is for task "elsewhere", which this workspace does not have/),
    });
    // Nothing was written by the refusals: ana's labels are not there, no provenance row.
    expect(anaRows(ws)).toEqual({ labels: [], events: [], imports: [] });

    // Ben's pack holds nothing: exported and merged as such, no provenance row.
    const empty = await ws.api('packs.export', { task: 'quality', annotator: 'ben' });
    expect(empty).toMatchObject({ labels: 0 });
    const emptyFile = path.join(dir, 'ben.json');
    fs.writeFileSync(emptyFile, empty.content);
    expect(await ws.api('packs.import', { source: { path: emptyFile } })).toMatchObject({ status: 'unchanged', applied: 0 });
    expect(anaRows(ws).imports).toEqual([]);
  });
});
