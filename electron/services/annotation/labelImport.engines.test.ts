import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../testing/fixtures';
import { LABELS_CSV_SCHEMA, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { everyWriteTwice } from '../../testing/writesTwice';
import { ENGINES, useEngines, type TestEngine } from '../../testing/engines';
import { withCaller } from '../context';
import { importLabels } from './labelImport';

// labels.import on a workspace file and on a real PostgreSQL (issue 16): the rows are written in
// chunks through ctx.sqlWrite, raters resolved in the first; the same reports, the same labels.

const engines = useEngines({ beforeAll, afterAll, afterEach });
const LABELS_CSV = path.join(FORMATS, 'labels.csv');
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-label-import-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const at = path.join(dir, `${Math.random().toString(36).slice(2)}-${name}`);
  fs.writeFileSync(at, content);
  return at;
}

async function openShared(engine: TestEngine) {
  const ws = await engines.open(engine, undefined, createSharedTask);
  const importFile = (at: string, as?: string) => ws.api('labels.import', { task: 'shared', source: { path: at } }, as);
  const exported = async () => (await ws.api('labels.export', { task: 'shared', format: 'csv' })).content;
  return { ws, importFile, exported };
}
/** One function for every open, so the workspace is built once per file and copied for each test. */
async function createSharedTask(local: AnnotationWorkspace): Promise<void> {
  await local.api('tasks.create', { name: 'shared', schema: { json: LABELS_CSV_SCHEMA }, datasets: ['conversations-chat', 'plans'], seed: 1 });
}

describe.each(ENGINES)('on %s', (engine) => {
  it('imports a labels file, exports it back byte for byte, re-imports as a no-op and records a changed answer', async () => {
    const { ws, importFile, exported } = await openShared(engine);
    expect(await importFile(LABELS_CSV)).toMatchObject({ status: 'imported', format: 'csv', added: 8, changed: 0, unchanged: 0, newRaters: ['ana', 'ben'], submissions: 6, errors: [] });
    expect(await exported()).toBe(fs.readFileSync(LABELS_CSV, 'utf8'));
    expect((await ws.api('tasks.get', { task: 'shared' })).annotators).toEqual(['ana', 'ben']);
    expect(await importFile(LABELS_CSV)).toMatchObject({ status: 'unchanged', added: 0, changed: 0, unchanged: 8, newRaters: [], submissions: 0 });
    const edited = file('edited.csv', fs.readFileSync(LABELS_CSV, 'utf8').replace('q-003,,overall_quality,ben,Acceptable,', 'q-003,,overall_quality,ben,Good,'));
    expect(await importFile(edited)).toMatchObject({ status: 'imported', changed: 1, unchanged: 7 });
    // The change is a new event, which undo walks back.
    expect(await ws.api('labels.undo', { task: 'shared', itemId: ws.itemId('q-003') }, 'ben')).toMatchObject({ label: { value: 'Acceptable' } });
  });

  it('rejects a file whole, naming the lines, and a rater of the other kind, writing nothing', async () => {
    const { importFile, exported } = await openShared(engine);
    await importFile(LABELS_CSV);
    const before = await exported();
    const bad = file('bad.csv', 'item,unit,question,rater,value,rationale\nq-999,,overall_quality,ana,Good,\nq-003,,overall_quality,ana,Great,\n');
    const report = await importFile(bad);
    expect(report.status).toBe('rejected');
    expect(report.errors.map((e) => [e.line, e.message.slice(0, 40)])).toEqual([
      [2, 'item "q-999" is not in task "shared"'],
      [3, 'overall_quality: "Great" is not one of "'],
    ]);
    // ana is a person here; a file calling her a judge is refused before any row is written.
    const judge = file('judge.jsonl', `${JSON.stringify({ item: 'q-001', question: 'overall_quality', rater: 'ana', raterKind: 'judge', value: 'Bad' })}\n`);
    expect(await importFile(judge)).toMatchObject({ status: 'rejected', errors: [{ line: null, message: 'rater "ana" is a human here, but the file says judge' }] });
    expect(await exported()).toBe(before);
    // An annotator may import only their own labels.
    await expect(importFile(LABELS_CSV, 'ana')).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/may import only their own labels/) });
  });

  it('counts each row once when a chunk runs again, as PostgreSQL runs a write again after a serialization failure', async () => {
    const { ws, exported } = await openShared(engine);
    const lead = withCaller(everyWriteTwice(ws.ctx), { name: null, annotatorId: null, role: 'lead' });
    const report = await importLabels(lead, { task: 'shared', source: { path: LABELS_CSV } });
    expect(report).toMatchObject({ status: 'imported', added: 8, changed: 0, unchanged: 0, newRaters: ['ana', 'ben'], submissions: 6 });
    expect(await exported()).toBe(fs.readFileSync(LABELS_CSV, 'utf8'));
  });
});
