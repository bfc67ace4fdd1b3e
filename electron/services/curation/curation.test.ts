import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SopGraph } from '../../core/formats/graphs/model';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';

// fixtures/releases: three flowgraphs as a folder (one a file) and as one file of `# graph:`
// blocks, five conversations linking to them by flowgraph_id, and two annotators' verdicts:
//   cancel_subscription      ana valid, ben valid     → kept
//   update_shipping_address  ana valid, ben invalid   → rejected (by ben)
//   report_lost_card         nobody                   → unjudged
//   almita-c1 (cancel_subscription)      both valid            → kept
//   almita-c2 (cancel_subscription)      ana invalid, ben valid → rejected (by ana)
//   almita-c3 (update_shipping_address)  both valid            → removed with its flowgraph
//   almita-c4 (report_lost_card)         ana valid only        → kept
//   almita-c5 (renew_passport: no such flowgraph) both valid   → kept, its link reported unknown
const FOLDER = path.join(RELEASES, 'almita-flowgraphs');
const SCHEMA = JSON.parse(fs.readFileSync(path.join(RELEASES, 'almita-validity.schema.json'), 'utf8')) as unknown;

let ws: AnnotationWorkspace;
beforeEach(async () => {
  ws = await annotationWorkspace([FOLDER, path.join(RELEASES, 'almita-conversations.jsonl')]);
});
afterEach(() => ws.dispose());

const graphsOf = async (dataset: string) => {
  const page = await ws.api('items.list', { datasetId: (await ws.api('datasets.list', {})).find((d) => d.name === dataset)!.id });
  return Promise.all(page.rows.map(async (row) => ({ id: row.externalId, graph: (await ws.api('items.get', { id: row.id })).payload as SopGraph })));
};
const shape = (g: SopGraph) => ({ nodes: g.nodes.map((n) => [n.id, n.type, n.description]), edges: g.edges.map((e) => [e.source, e.target, e.label]) });

const curatedTask = async () => {
  await ws.api('tasks.create', { name: 'almita', schema: { json: SCHEMA }, datasets: ['almita-flowgraphs', 'almita-conversations'], annotators: ['ana', 'ben'], seed: 1 });
  await ws.api('labels.import', { task: 'almita', source: { path: path.join(RELEASES, 'almita-labels.csv') } });
};

describe('ALMITA flowgraphs', () => {
  it('imports a folder of flowgraphs as one dataset named after the folder, one graph a file', async () => {
    const graphs = await graphsOf('almita-flowgraphs');
    expect(graphs.map((g) => g.id).sort()).toEqual(['cancel_subscription', 'report_lost_card', 'update_shipping_address']);
  });

  it('imports a file of "# graph:" blocks as the same graphs', async () => {
    const report = await ws.api('datasets.import', { sources: [{ path: path.join(RELEASES, 'almita-procedures.txt') }] });
    expect(report.files.map((f) => [f.status, f.dataset, f.imported])).toEqual([['imported', 'almita-procedures', 3]]);
    const fromFolder = new Map((await graphsOf('almita-flowgraphs')).map((g) => [g.id, shape(g.graph)]));
    const fromFile = await graphsOf('almita-procedures');
    expect(fromFile.map((g) => g.id)).toEqual(['cancel_subscription', 'update_shipping_address', 'report_lost_card']);
    for (const g of fromFile) expect(shape(g.graph)).toEqual(fromFolder.get(g.id));
  });

  it('says when a folder holds nothing to import', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-empty-'));
    try {
      const report = await ws.api('datasets.import', { sources: [{ path: empty }] });
      expect(report.files[0]).toMatchObject({ status: 'rejected', errors: [{ message: expect.stringContaining('the folder holds no file to import') }] });
    } finally {
      fs.rmSync(empty, { recursive: true });
    }
  });

  it('links a conversation to its flowgraph by flowgraph_id, and says when no flowgraph has the id', async () => {
    const linked = await ws.api('items.get', { id: ws.itemId('almita-c1') });
    expect(linked.flowgraph).toEqual({ id: 'cancel_subscription', item: { id: ws.itemId('cancel_subscription'), externalId: 'cancel_subscription' } });
    const unknown = await ws.api('items.get', { id: ws.itemId('almita-c5') });
    expect(unknown.flowgraph).toEqual({ id: 'renew_passport', item: null });
  });

  it('takes a procedure name for only a name where the workspace holds no graph (no broken-link warning on every conversation)', async () => {
    const alone = await annotationWorkspace([path.join(RELEASES, 'almita-conversations.jsonl')]);
    try {
      expect((await alone.api('items.get', { id: alone.itemId('almita-c1') })).flowgraph).toBeUndefined();
    } finally {
      alone.dispose();
    }
  });
});

describe('ALMITA files that are not as expected', () => {
  it('rejects a file whose "# graph:" ids repeat, naming the line of the second', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-almita-'));
    try {
      const file = path.join(dir, 'twice.txt');
      fs.writeFileSync(file, '# graph: g1\n[N0](start_message){Hi}\n# graph: g1\n[N0](start_message){Hello}\n');
      const report = await ws.api('datasets.import', { sources: [{ path: file }] });
      expect(report.files[0]).toMatchObject({ status: 'rejected', errors: [{ line: 3, message: 'duplicate id "g1" (first seen on line 1)' }] });
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('rejects a folder’s file that gives an id another of its files gave, instead of replacing that graph', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-almita-'));
    try {
      const folder = path.join(dir, 'procedures');
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, 'a.txt'), '[N0](start_message){Hi}\n');
      fs.writeFileSync(path.join(folder, 'more.txt'), '# graph: b\n[N0](start_message){Hello}\n# graph: a\n[N0](start_message){Replaced?}\n');
      const report = await ws.api('datasets.import', { sources: [{ path: folder }] });
      expect(report.files.map((f) => [f.file, f.status, f.dataset])).toEqual([
        [path.join(folder, 'a.txt'), 'imported', 'procedures'],
        [path.join(folder, 'more.txt'), 'rejected', 'procedures'],
      ]);
      expect(report.files[1].errors).toEqual([
        { line: 3, column: 1, message: `duplicate id "a": ${path.join(folder, 'a.txt')} (line 1), an earlier file of this import into dataset "procedures", gives it too; import the files into different datasets to keep both` },
      ]);
      const a = await ws.api('items.get', { id: ws.itemId('a') });
      expect((a.payload as SopGraph).nodes[0].description).toBe('Hi');
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('links a conversation read through a mapping by the mapping’s flowgraph field', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-almita-'));
    try {
      const file = path.join(dir, 'generated.jsonl');
      fs.writeFileSync(file, `${JSON.stringify({ conv: 'm1', procedure_ref: 'report_lost_card', log: [{ who: 'user', said: 'I lost my card.' }] })}\n`);
      const mapping = { format: 'accord.mapping', name: 'generated', kind: 'conversation', id: 'conv', flowgraph: 'procedure_ref', messages: { path: 'log', role: 'who', content: 'said' } };
      const report = await ws.api('datasets.import', { sources: [{ path: file }], mapping });
      expect(report.files[0]).toMatchObject({ status: 'imported', imported: 1 });
      const item = await ws.api('items.get', { id: ws.itemId('m1') });
      expect(item.flowgraph).toEqual({ id: 'report_lost_card', item: { id: ws.itemId('report_lost_card'), externalId: 'report_lost_card' } });
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});

describe('curation.get', () => {
  it('keeps what every annotator accepted and counts before and after per kind (hand-counted above)', async () => {
    await curatedTask();
    const report = await ws.api('curation.get', { task: 'almita', question: 'valid' });
    expect(report).toMatchObject({ validAnswer: 'valid', invalidAnswers: ['invalid'] });
    expect(report.counts).toEqual([
      { kind: 'graph', before: 3, kept: 1, rejected: 1, removedWithFlowgraph: 0, unjudged: 1 },
      { kind: 'conversation', before: 5, kept: 3, rejected: 1, removedWithFlowgraph: 1, unjudged: 0 },
    ]);
    expect(report.kept.map((i) => i.externalId)).toEqual(['cancel_subscription', 'almita-c1', 'almita-c4', 'almita-c5']);
    expect(report.rejected.map((r) => [r.item.externalId, r.rejectedBy, r.acceptedBy])).toEqual([
      ['update_shipping_address', ['ben'], ['ana']],
      ['almita-c2', ['ana'], ['ben']],
    ]);
    expect(report.removedWithFlowgraph.map((r) => [r.item.externalId, r.flowgraph])).toEqual([['almita-c3', 'update_shipping_address']]);
    expect(report.unjudged.map((i) => i.externalId)).toEqual(['report_lost_card']);
    expect(report.unknownFlowgraph.map((r) => [r.item.externalId, r.flowgraph])).toEqual([['almita-c5', 'renew_passport']]);
  });

  it('takes the other answer as valid when told, and refuses answers the question does not have', async () => {
    await curatedTask();
    const inverted = await ws.api('curation.get', { task: 'almita', question: 'valid', valid: 'invalid' });
    expect(inverted.kept.map((i) => i.externalId)).toEqual([]);
    await expect(ws.api('curation.get', { task: 'almita', question: 'valid', valid: 'maybe' })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('answers: valid, invalid') });
    await expect(ws.api('curation.get', { task: 'almita', question: 'nope' })).rejects.toMatchObject({ message: expect.stringContaining('no question "nope"') });
  });

  it('is for leads: an annotator is refused', async () => {
    await curatedTask();
    await expect(ws.api('curation.get', { task: 'almita', question: 'valid' }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('curation.export', () => {
  it('exports the kept flowgraphs as a line-format file that imports back, and the kept conversations as given', async () => {
    await curatedTask();
    const { files } = await ws.api('curation.export', { task: 'almita', question: 'valid' });
    expect(files.map((f) => [f.kind, f.fileName, f.items])).toEqual([
      ['graph', 'almita-curated-flowgraphs.txt', 1],
      ['conversation', 'almita-curated-conversations.jsonl', 3],
    ]);
    const source = fs.readFileSync(path.join(RELEASES, 'almita-conversations.jsonl'), 'utf8').split('\n');
    const records = files[1].text.trimEnd().split('\n').map((l) => JSON.parse(l) as { id: string });
    expect(records.map((r) => r.id)).toEqual(['almita-c1', 'almita-c4', 'almita-c5']);
    expect(records[0]).toEqual(JSON.parse(source[0]));

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-curated-'));
    try {
      const file = path.join(dir, files[0].fileName);
      fs.writeFileSync(file, files[0].text);
      const report = await ws.api('datasets.import', { sources: [{ path: file }] });
      expect(report.files[0]).toMatchObject({ status: 'imported', imported: 1 });
      const [again] = await graphsOf('almita-curated-flowgraphs');
      const original = (await graphsOf('almita-flowgraphs')).find((g) => g.id === 'cancel_subscription')!;
      expect(again.id).toBe('cancel_subscription');
      expect(shape(again.graph)).toEqual(shape(original.graph));
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});
