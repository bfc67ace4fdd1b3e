import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dumpWorkspace } from '../../testing/tempWorkspace';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

// Issue 15 part 8: a hostile label pack is refused cleanly, the workspace exactly as before.
let ana: AnnotationWorkspace;
let lead: AnnotationWorkspace;
let pack: Record<string, unknown> & { labels: Record<string, unknown>[]; items: Record<string, unknown>[] };
const createTask = (ws: AnnotationWorkspace) =>
  ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 4 });
beforeEach(async () => {
  ana = await annotationWorkspace(['plans.jsonl']);
  lead = await annotationWorkspace(['plans.jsonl']);
  await createTask(ana);
  await createTask(lead);
  for (const [item, value] of [['q-001', 'Good'], ['q-002', 'Bad']]) {
    await ana.api('labels.save', { task: 'quality', itemId: ana.itemId(item), question: 'overall_quality', value, secondsSpent: 4 }, 'ana');
  }
  pack = JSON.parse((await ana.api('packs.export', { task: 'quality', annotator: 'ana' })).content);
});
afterEach(() => {
  ana.dispose();
  lead.dispose();
});

/** Imports a pack (text, or a value written as JSON) into the lead's workspace: refused, nothing changed. */
async function refused(content: unknown, name = 'hostile.pack.json'): Promise<string> {
  const before = dumpWorkspace(lead.db);
  const file = lead.file(name, typeof content === 'string' ? content : JSON.stringify(content));
  const error = await lead.api('packs.import', { source: { path: file } }).then(
    (report) => new Error(`imported: ${JSON.stringify(report)}`),
    (e: Error) => e,
  );
  expect(dumpWorkspace(lead.db)).toEqual(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  return error.message;
}

describe('hostile label packs', () => {
  it('wrong hashes: every label refused, and no annotator, pack record or task place left behind', async () => {
    const wrong = { ...pack, annotator: { name: 'mallory', role: 'annotator' }, items: pack.items.map((i) => ({ ...i, contentHash: '0'.repeat(64) })) };
    expect(await refused(wrong)).toMatch(/changed since these labels were made/);
  });

  it('a task this workspace does not have (a pack from another workspace)', async () => {
    expect(await refused({ ...pack, task: { ...(pack.task as object), name: 'elsewhere' } })).toMatch(/task "elsewhere", which this workspace does not have/);
  });

  it('prototype keys anywhere in the pack', async () => {
    const text = JSON.stringify(pack).replace('"format":', '"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "format":');
    await lead.api('packs.import', { source: { path: lead.file('proto.pack.json', text) } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const labels = pack.labels.map((l) => ({ ...l, question: '__proto__' }));
    expect(await refused({ ...pack, labels })).toMatch(/__proto__/);
    expect(await refused({ ...pack, labels: pack.labels.map((l) => ({ ...l, question: 'constructor' })) })).toMatch(/constructor/);
    expect(await refused({ ...pack, labels: pack.labels.map((l) => ({ ...l, dataset: '__proto__' })) })).toMatch(/__proto__/);
  });

  it('the same label twice', async () => {
    const twice = { ...pack, labels: [...pack.labels, { ...pack.labels[0], uid: 'another-uid', value: 'Bad' }] };
    expect(await refused(twice)).toMatch(/twice/);
  });

  it('a huge pack is refused before it is read', async () => {
    expect(await refused(`${JSON.stringify(pack)}${' '.repeat(70 * 1024 * 1024)}`)).toMatch(/larger than the limit/);
  });

  it('a FIFO is refused without waiting for a writer', async () => {
    const fifo = path.join(lead.dir, 'pipe.pack.json');
    execFileSync('mkfifo', [fifo]);
    await expect(lead.api('packs.import', { source: { path: fifo } })).rejects.toThrow(/is a named pipe \(FIFO\)/);
  });

  it('not JSON, or not a pack', async () => {
    expect(await refused('{"format": ')).toMatch(/not valid JSON/);
    expect(await refused({ format: 'something else' })).toMatch(/not a label pack/);
  });
});

describe('hostile labels files', () => {
  it('a FIFO is refused without waiting for a writer, nothing changed', async () => {
    const fifo = path.join(lead.dir, 'pipe.csv');
    execFileSync('mkfifo', [fifo]);
    const before = dumpWorkspace(lead.db);
    const report = await lead.api('labels.import', { task: 'quality', source: { path: fifo }, format: 'csv' });
    expect(report).toMatchObject({ status: 'rejected', errors: [{ line: null, message: expect.stringMatching(/^cannot read the file: is a named pipe \(FIFO\)/) }] });
    expect(dumpWorkspace(lead.db)).toEqual(before);
  });
});
