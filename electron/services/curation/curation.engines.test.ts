import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { ENGINES, useEngines, type TestEngine } from '../../testing/engines';
import { RELEASES } from '../../testing/fixtures';

// ALMITA curation through the query layer: the same report and files on a workspace file and on
// PostgreSQL (issue 16). The verdicts are those of curation.test.ts (fixtures/releases).

const engines = useEngines({ beforeAll, afterAll, afterEach });
const SCHEMA = JSON.parse(fs.readFileSync(path.join(RELEASES, 'almita-validity.schema.json'), 'utf8')) as unknown;
const FILES = [path.join(RELEASES, 'almita-flowgraphs'), path.join(RELEASES, 'almita-conversations.jsonl')];

async function curatedTask(local: AnnotationWorkspace): Promise<void> {
  await local.api('tasks.create', { name: 'almita', schema: { json: SCHEMA }, datasets: ['almita-flowgraphs', 'almita-conversations'], annotators: ['ana', 'ben'], seed: 1 });
  await local.api('labels.import', { task: 'almita', source: { path: path.join(RELEASES, 'almita-labels.csv') } });
}

const open = (engine: TestEngine) => engines.open(engine, FILES, curatedTask);

describe.each(ENGINES)('on %s', (engine) => {
  it('keeps what every annotator accepted, removes conversations with their rejected flowgraph, and reports unknown links', async () => {
    const ws = await open(engine);
    const report = await ws.api('curation.get', { task: 'almita', question: 'valid' });
    expect(report.counts).toEqual([
      { kind: 'graph', before: 3, kept: 1, rejected: 1, removedWithFlowgraph: 0, unjudged: 1 },
      { kind: 'conversation', before: 5, kept: 3, rejected: 1, removedWithFlowgraph: 1, unjudged: 0 },
    ]);
    expect(report.kept.map((i) => [i.externalId, i.dataset])).toEqual([
      ['cancel_subscription', 'almita-flowgraphs'],
      ['almita-c1', 'almita-conversations'],
      ['almita-c4', 'almita-conversations'],
      ['almita-c5', 'almita-conversations'],
    ]);
    expect(report.rejected.map((r) => [r.item.externalId, r.rejectedBy, r.acceptedBy])).toEqual([
      ['update_shipping_address', ['ben'], ['ana']],
      ['almita-c2', ['ana'], ['ben']],
    ]);
    expect(report.removedWithFlowgraph.map((r) => [r.item.externalId, r.flowgraph])).toEqual([['almita-c3', 'update_shipping_address']]);
    expect(report.unknownFlowgraph.map((r) => [r.item.externalId, r.flowgraph])).toEqual([['almita-c5', 'renew_passport']]);
    // Taking the other answer as valid keeps nothing.
    expect((await ws.api('curation.get', { task: 'almita', question: 'valid', valid: 'invalid' })).kept).toEqual([]);
  });

  it('exports the kept items as imported: flowgraphs in their line format, conversations as given', async () => {
    const ws = await open(engine);
    const { files } = await ws.api('curation.export', { task: 'almita', question: 'valid' });
    expect(files.map((f) => [f.kind, f.fileName, f.items])).toEqual([
      ['graph', 'almita-curated-flowgraphs.txt', 1],
      ['conversation', 'almita-curated-conversations.jsonl', 3],
    ]);
    expect(files[0].text).toMatch(/^# graph: cancel_subscription\n/);
    const source = fs.readFileSync(path.join(RELEASES, 'almita-conversations.jsonl'), 'utf8').split('\n');
    expect(files[1].text.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([0, 3, 4].map((k) => JSON.parse(source[k]) as unknown));
  });

  it('refuses an answer the question lacks, an unknown question or task, and anyone but a lead', async () => {
    const ws = await open(engine);
    await expect(ws.api('curation.get', { task: 'almita', question: 'valid', valid: 'maybe' })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('answers: valid, invalid') });
    await expect(ws.api('curation.get', { task: 'almita', question: 'nope' })).rejects.toMatchObject({ message: expect.stringContaining('no question "nope"') });
    await expect(ws.api('curation.get', { task: 'nothing', question: 'valid' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(ws.api('curation.export', { task: 'almita', question: 'valid' }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
  });
});
