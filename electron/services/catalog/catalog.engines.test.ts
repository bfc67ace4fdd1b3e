import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ItemFilter } from '../../api/contract';
import type { AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { ENGINES, useEngines, type EngineWorkspace, type TestEngine } from '../../testing/engines';
import { FIXTURES as FIXTURE_ROOT } from '../../testing/fixtures';

// Browsing datasets and items through the query layer (issue 16): the same pages, filters,
// neighbours and metadata menus on a workspace file and on PostgreSQL — including what differs
// between the engines underneath (JSON fields, case of LIKE, integer sort keys).

const engines = useEngines({ beforeAll, afterAll, afterEach });
const FIXTURES = ['plans.jsonl', 'conversations-chat.jsonl', 'flowgraph.txt'];

// Conversations whose metadata holds what the engines read differently: 9 and 10 (numeric, not
// text order), true/false beside 1, a key with a dot and a space, text with LIKE's wildcards.
let edgeFile: string;
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-catalog-engines-'));
  edgeFile = path.join(dir, 'edge.jsonl');
  const conversation = (id: string, fields: object) => JSON.stringify({ id, ...fields, log: [{ who: 'customer', said: 'hi' }, { who: 'bot', said: 'hello' }] });
  fs.writeFileSync(
    edgeFile,
    [
      conversation('e-1', { tier: 10, flag: true, label: 'Ab%c', wk: 'v' }),
      conversation('e-2', { tier: 9, flag: false, label: 'abc' }),
      conversation('e-3', { tier: 9, flag: 1, label: 'x_y', wk: 2.5 }),
    ].join('\n') + '\n',
  );
  return () => fs.rmSync(dir, { recursive: true, force: true });
});

const EDGE_MAPPING = {
  format: 'accord.mapping',
  name: 'edge',
  kind: 'conversation',
  id: 'id',
  messages: { path: 'log', role: { rename: 'who', to: { customer: 'user', bot: 'assistant' } }, content: 'said' },
  metadata: { tier: 'tier', flag: 'flag', label: 'label', 'weird key.x': 'wk' },
};

async function importEdge(local: AnnotationWorkspace): Promise<void> {
  await local.api('datasets.import', { sources: [{ path: edgeFile }], mapping: EDGE_MAPPING });
}

const open = (engine: TestEngine) => engines.open(engine, FIXTURES, importEdge);

async function ids(ws: EngineWorkspace, filter: ItemFilter & { sort?: 'id' | 'externalId' | 'dataset' | 'kind' | 'findings'; descending?: boolean; offset?: number; limit?: number }): Promise<string[]> {
  return (await ws.api('items.list', filter)).rows.map((r) => r.externalId);
}

describe.each(ENGINES)('on %s', (engine) => {
  it('lists datasets with their counts and files, and the workspace at a glance', async () => {
    const ws = await open(engine);
    const datasets = await ws.api('datasets.list', {});
    expect(datasets.map((d) => [d.name, d.kind, d.itemCount, d.itemsWithErrors, d.itemsWithWarnings, d.findingCount, d.files.map((f) => f.fileName)])).toEqual([
      ['conversations-chat', 'conversation', 2, 0, 0, 0, ['conversations-chat.jsonl']],
      ['edge', 'conversation', 3, 0, 0, 0, ['edge.jsonl']],
      ['flowgraph', 'graph', 1, 0, 0, 2, ['flowgraph.txt']],
      ['plans', 'plan', 3, 0, 1, 4, ['plans.jsonl']],
    ]);
    const info = await ws.api('workspace.info', {});
    expect([info.datasets, info.items, info.schemaVersion > 0]).toEqual([4, 9, true]);
  });

  it('filters and sorts pages: findings as numbers, search in any case with wildcards taken literally, metadata by type', async () => {
    const ws = await open(engine);
    expect(await ids(ws, { sort: 'findings', descending: true, limit: 4 })).toEqual(['q-002', 'flowgraph', 'q-003', 'q-001']);
    expect(await ws.api('items.list', { sort: 'externalId', offset: 7, limit: 5 })).toMatchObject({ total: 9, offset: 7, rows: [{ externalId: 'q-002' }, { externalId: 'q-003' }] });
    expect(await ids(ws, { search: 'AB%' })).toEqual(['e-1']);
    expect(await ids(ws, { search: 'x_y' })).toEqual(['e-3']);
    expect(await ids(ws, { search: 'DANA' })).toEqual([]);
    expect(await ids(ws, { search: 'Q-00', sort: 'externalId', descending: true })).toEqual(['q-003', 'q-002', 'q-001']);
    expect(await ids(ws, { severity: 'warning' })).toEqual(['q-002']);
    expect(await ids(ws, { metadata: { tier: 9 } })).toEqual(['e-2', 'e-3']);
    // JSON true matches true and 1, as SQLite's json_extract reads it.
    expect(await ids(ws, { metadata: { flag: true } })).toEqual(['e-1', 'e-3']);
    expect(await ids(ws, { metadata: { flag: false } })).toEqual(['e-2']);
    expect(await ids(ws, { metadata: { 'weird key.x': 'v' } })).toEqual(['e-1']);
    expect(await ids(ws, { metadata: { 'weird key.x': 2.5, tier: 9 } })).toEqual(['e-3']);
    expect(await ids(ws, { metadata: { tier: '9' } })).toEqual([]);
    expect(await ws.api('items.list', { metadata: { nowhere: 'x' } })).toEqual({ total: 0, offset: 0, rows: [] });
  });

  it('offers metadata values to filter on, most frequent first, numbers before text', async () => {
    const ws = await open(engine);
    const fields = await ws.api('items.metadataFields', {});
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f.values]));
    expect(fields.map((f) => f.key)).toEqual(['compound', 'domain', 'edgeCount', 'flag', 'graph', 'has_gold', 'hop_depth', 'journeyCount', 'journeysCapped', 'label', 'lineage_length', 'nodeCount', 'parse_status', 'query_id', 'scenarioType', 'step_count', 'subjective', 'tier', 'title', 'toolCallCount', 'turnCount', 'weird key.x']);
    expect([byKey.flag, byKey.tier, byKey['weird key.x'], byKey.subjective, byKey.label]).toEqual([[false, 1, true], [9, 10], [2.5, 'v'], [true, false], ['Ab%c', 'abc', 'x_y']]);
    const edge = (await ws.api('datasets.list', {})).find((d) => d.name === 'edge')!;
    expect(await ws.api('items.metadataFields', { datasetId: edge.id })).toEqual([
      { key: 'flag', values: [false, 1, true] },
      { key: 'label', values: ['Ab%c', 'abc', 'x_y'] },
      { key: 'tier', values: [9, 10] },
      { key: 'toolCallCount', values: [0] },
      { key: 'turnCount', values: [2] },
      { key: 'weird key.x', values: [2.5, 'v'] },
    ]);
  });

  it('offers a number written two ways (1 and 1.0) once, and filters on it either way', async () => {
    const ws = await engines.open(engine, ['plans.jsonl'], async (local) => {
      await local.write((db) => {
        db.prepare(`UPDATE items SET metadata = '{"level": 1, "flag": true}' WHERE external_id = 'q-001'`).run();
        db.prepare(`UPDATE items SET metadata = '{"level": 1.0}' WHERE external_id = 'q-002'`).run();
        db.prepare(`UPDATE items SET metadata = '{"level": 2}' WHERE external_id = 'q-003'`).run();
      });
    });
    expect(await ws.api('items.metadataFields', {})).toEqual([
      { key: 'flag', values: [true] },
      { key: 'level', values: [1, 2] },
    ]);
    expect(await ids(ws, { metadata: { level: 1 } })).toEqual(['q-001', 'q-002']);
    expect(await ids(ws, { metadata: { level: true } })).toEqual(['q-001', 'q-002']);
    expect(await ids(ws, { metadata: { flag: 1 } })).toEqual(['q-001']);
  });

  it('opens an item with its findings, flowgraph link and neighbours in a filtered order', async () => {
    const ws = await open(engine);
    const plan = await ws.api('items.get', { id: ws.itemId('q-002') });
    expect([plan.externalId, plan.dataset, plan.warningCount, plan.findings.map((f) => f.severity), plan.sourceFile, plan.link]).toEqual([
      'q-002',
      'plans',
      1,
      ['warning', 'info'],
      'plans.jsonl',
      `#/items/${ws.itemId('q-002')}`,
    ]);
    const conversation = await ws.api('items.get', { id: ws.itemId('conv-0001') });
    expect(conversation.flowgraph).toEqual({ id: 'Order return with refund', item: null });
    const middle = await ws.api('items.neighbours', { id: ws.itemId('e-2'), sort: 'externalId', descending: true, search: 'e-' });
    expect(middle).toEqual({ total: 3, position: 1, previous: { id: ws.itemId('e-3'), externalId: 'e-3' }, next: { id: ws.itemId('e-1'), externalId: 'e-1' } });
    const first = await ws.api('items.neighbours', { id: ws.itemId('q-002'), sort: 'findings', descending: true });
    expect([first.position, first.previous, first.next?.externalId]).toEqual([0, null, 'flowgraph']);
    // Outside the filter: no place, no neighbours.
    expect(await ws.api('items.neighbours', { id: ws.itemId('q-001'), sort: 'id', descending: false, kind: 'graph' })).toEqual({ total: 1, position: null, previous: null, next: null });
  });

  it('refuses an item that does not exist, and an empty workspace lists nothing', async () => {
    const ws = await open(engine);
    await expect(ws.api('items.get', { id: 99999 })).rejects.toMatchObject({ code: 'not-found', message: 'no item with id 99999' });
    await expect(ws.api('items.neighbours', { id: 99999, sort: 'id', descending: false })).rejects.toMatchObject({ code: 'not-found' });
    const empty = await engines.open(engine, []);
    expect([await empty.api('datasets.list', {}), await empty.api('items.list', {}), await empty.api('items.metadataFields', {})]).toEqual([[], { total: 0, offset: 0, rows: [] }, []]);
    expect(await empty.api('workspace.info', {})).toMatchObject({ datasets: 0, items: 0 });
  });
});

/** blindBrowsing.test.ts's workspace: plans with a `reward` score field, two graphs, tasks hiding scores from their annotator ana; lea leads. */
async function hidingScores(local: AnnotationWorkspace): Promise<void> {
  const rewards = { 'q-001': 0.97, 'q-002': 0.12, 'q-003': 0.5 };
  await local.write(() => {
    for (const [item, reward] of Object.entries(rewards)) local.db.prepare("UPDATE items SET metadata = json_set(metadata, '$.reward', ?) WHERE external_id = ?").run(reward, item);
  });
  await local.api('annotators.upsert', { name: 'lea', role: 'lead' });
  await local.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana'] });
  await local.api('tasks.create', { name: 'graphs', schema: { preset: 'sop-graph-review' }, datasets: ['graph-damaged-item', 'graph-password-reset'], annotators: ['ana'] });
}

describe.each(ENGINES)('on %s, for an annotator of tasks hiding automatic scores', (engine) => {
  const GRAPH = 'Reset online banking password';
  const OTHER_GRAPH = 'Replace a damaged item';
  const openHiding = () => engines.open(engine, ['plans.jsonl', path.join(FIXTURE_ROOT, 'graph-damaged-item.json'), path.join(FIXTURE_ROOT, 'graph-password-reset.json')], hidingScores);
  const as = async (ws: EngineWorkspace, who: string, filter: Parameters<typeof ids>[1]) => (await ws.api('items.list', filter, who)).rows.map((r) => r.externalId);

  it('filters, sorts, searches and counts on what they are shown only', async () => {
    const ws = await openHiding();
    expect(await as(ws, 'lea', { severity: 'info' })).toEqual(['q-001', 'q-002', 'q-003', GRAPH]);
    expect(await as(ws, 'ana', { severity: 'info' })).toEqual(['q-002']);
    const page = await ws.api('items.list', { sort: 'findings', descending: true }, 'ana');
    // Rows count the reading aids only (q-002's invalid-JSON warning), none of the graph's verdicts.
    expect(page.rows.map((r) => [r.externalId, r.errorCount, r.warningCount, r.infoCount, r.scoresHidden ?? false])).toEqual([
      ['q-002', 0, 1, 0, true],
      [GRAPH, 0, 0, 0, true],
      [OTHER_GRAPH, 0, 0, 0, true],
      ['q-003', 0, 0, 0, true],
      ['q-001', 0, 0, 0, true],
    ]);
    expect((await ws.api('items.list', { kind: 'graph', sort: 'findings', descending: true }, 'lea')).rows.map((r) => [r.externalId, r.errorCount, r.scoresHidden ?? false])).toEqual([
      [GRAPH, 5, false],
      [OTHER_GRAPH, 0, false],
    ]);
    expect(await ws.api('items.neighbours', { id: ws.itemId(GRAPH), sort: 'findings', descending: true }, 'ana')).toMatchObject({ position: 1, previous: { externalId: 'q-002' }, next: { externalId: OTHER_GRAPH } });
    expect([await as(ws, 'lea', { search: '0.97' }), await as(ws, 'ana', { search: '0.97' }), await as(ws, 'ana', { search: 'TOLERANT' })]).toEqual([['q-001'], [], ['q-002']]);
    expect([await as(ws, 'lea', { metadata: { reward: 0.97 } }), await as(ws, 'ana', { metadata: { reward: 0.97 } })]).toEqual([['q-001'], []]);
    const keys = async (who: string) => (await ws.api('items.metadataFields', {}, who)).map((f) => f.key);
    expect([(await keys('lea')).includes('reward'), (await keys('ana')).includes('reward')]).toEqual([true, false]);
    const counts = async (who: string) => Object.fromEntries((await ws.api('datasets.list', {}, who)).map((d) => [d.name, [d.itemsWithErrors, d.itemsWithWarnings, d.findingCount]]));
    expect(await counts('ana')).toEqual({ plans: [0, 1, 1], 'graph-damaged-item': [0, 0, 0], 'graph-password-reset': [0, 0, 0] });
    const item = await ws.api('items.get', { id: ws.itemId('q-001') }, 'ana');
    expect([item.scoresHidden, 'reward' in item.metadata]).toEqual([true, false]);
  });
});

describe('both engines', () => {
  it('give the same pages, items and menus for the same workspace', async () => {
    const [file, server] = [await open('sqlite'), await open('postgres')];
    const calls = async (ws: EngineWorkspace) => [
      (await ws.api('datasets.list', {})).map((d) => ({ ...d, createdAt: null, files: d.files.map((f) => ({ ...f, importedAt: null })) })),
      await ws.api('items.list', { sort: 'dataset', limit: 100 }),
      await ws.api('items.list', { sort: 'kind', descending: true, limit: 100 }),
      await ws.api('items.metadataFields', {}),
      await Promise.all(['q-001', 'q-002', 'conv-0001', 'flowgraph', 'e-3'].map((id) => ws.api('items.get', { id: ws.itemId(id) }))),
    ];
    expect(await calls(server)).toEqual(await calls(file));
  });
});
