import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphFormats } from './index';
import { sopGraphJsonArrayModule, sopGraphJsonModule } from './sopGraphJsonModule';
import { jsonNode } from '../../../testing/graphBuilders';
import { FORMATS } from '../../../testing/fixtures';

const readExample = (name: string) => readFileSync(path.join(FORMATS, name), 'utf8');
const graphJson = JSON.parse(readExample('sop-graph.json')) as Record<string, unknown>;
const firstLine = (name: string) => JSON.parse(readExample(name).split('\n')[0]!) as unknown;

describe('sop-graph-json detection', () => {
  it('recognises a graph document and an array of graphs', () => {
    expect(sopGraphJsonModule.detect(graphJson)).toBe(true);
    expect(sopGraphJsonModule.detect([graphJson])).toBe(true);
    expect(sopGraphJsonArrayModule.detect(graphJson)).toBe(true);
    expect(sopGraphJsonModule.detect({ nodes: [{ id: '1', responsePathways: [] }] })).toBe(true);
  });

  it('does not claim the other formats', () => {
    const samples = [
      firstLine('plans.jsonl'),
      firstLine('conversations-chat.jsonl'),
      firstLine('trajectory-events.jsonl'),
      (JSON.parse(readExample('conversation-roles.json')) as unknown[])[0],
      JSON.parse(readExample('conversation-roles.json')),
      { nodes: 'not a list' },
      { nodes: [{ label: 'a node of some other graph format' }] },
      [],
      null,
    ];
    for (const sample of samples) expect(sopGraphJsonModule.detect(sample)).toBe(false);
  });

  it('is listed in graphFormats for both framings, with the line format', () => {
    expect(graphFormats.map((f) => [f.id, f.framing, f.kind])).toEqual([
      ['sop-graph-json', 'json-document', 'graph'],
      ['sop-graph-json', 'json-array', 'graph'],
      ['flowgraph-lines', 'text-document', 'graph'],
    ]);
  });
});

describe('sop-graph-json reader', () => {
  it('turns sop-graph.json into one graph item with its metadata and no findings', () => {
    const reader = sopGraphJsonModule.createReader({ fileName: 'sop-graph.json' });
    const items = reader.add(graphJson, 1);
    expect(reader.finish()).toEqual([]);
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item).toMatchObject({ externalId: 'Order return with refund', kind: 'graph', rawText: null, findings: [], line: 1 });
    // 4 journeys: traced by hand (see electron/services/graphs/journeys.engines.test.ts).
    expect(item!.metadata).toEqual({ title: 'Order return with refund', nodeCount: 6, edgeCount: 8, journeyCount: 4, journeysCapped: false });
    expect((item!.payload as { nodes: unknown[] }).nodes).toHaveLength(6);
  });

  it('prefers the id, then the title, then the file name for externalId; adds domain when present', () => {
    const read = (record: unknown, fileName = 'graphs.json') => sopGraphJsonModule.createReader({ fileName }).add(record, 1);
    expect(read({ id: 'g-7', title: 'T', domain: 'travel', nodes: [jsonNode('a')] })[0]).toMatchObject({ externalId: 'g-7', metadata: { title: 'T', domain: 'travel' } });
    expect(read({ title: 'T', nodes: [jsonNode('a')] })[0]!.externalId).toBe('T');
    expect(read({ id: ' ', title: '', nodes: [jsonNode('a')] })[0]!.externalId).toBe('graphs');
    expect(read({ nodes: [jsonNode('a')] }, 'refunds.v2.json')[0]).toMatchObject({ externalId: 'refunds.v2', metadata: { title: 'refunds.v2' } });
  });

  it('reads an array of graphs as several items, numbering those without id or title', () => {
    const items = sopGraphJsonModule.createReader({ fileName: 'graphs.json' }).add([{ nodes: [jsonNode('a')] }, { nodes: [jsonNode('b')] }, { title: 'Named', nodes: [jsonNode('c')] }], 1);
    expect(items.map((i) => i.externalId)).toEqual(['graphs', 'graphs-2', 'Named']);
  });

  it('reads element by element under json-array framing, with each element line', () => {
    const reader = sopGraphJsonArrayModule.createReader({ fileName: 'graphs.json' });
    const first = reader.add({ nodes: [jsonNode('a')] }, 2);
    const second = reader.add({ nodes: [jsonNode('b')] }, 9);
    expect([...first, ...second].map((i) => [i.externalId, i.line])).toEqual([
      ['graphs', 2],
      ['graphs-2', 9],
    ]);
  });

  it('names the graph in field paths of an array, and refuses two graphs with one id', () => {
    const reader = sopGraphJsonModule.createReader({ fileName: 'graphs.json' });
    expect(() => reader.add([{ nodes: [jsonNode('a')] }, { nodes: [{ id: 2 }] }], 1)).toThrow('[1].nodes[0].id: expected a string, found 2');
    const twice = sopGraphJsonModule.createReader({ fileName: 'graphs.json' });
    expect(() => twice.add([{ title: 'Same', nodes: [] }, { title: 'Same', nodes: [] }], 1)).toThrow(
      'graph 2 has the same title as graph 1: "Same"; graphs of one file need distinct ids',
    );
  });

  it('puts reading notes (a skipped __proto__) before the validator findings', () => {
    const record = JSON.parse('{"nodes": [], "__proto__": {"x": 1}}') as unknown;
    const [item] = sopGraphJsonModule.createReader({ fileName: 'g.json' }).add(record, 1);
    expect(item!.findings.map((f) => f.validator)).toEqual(['graph-reserved-key', 'graph-empty']);
  });
});
