import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES, FORMATS } from '../../testing/fixtures';
import { dumpWorkspace, tempSession } from '../../testing/tempWorkspace';
import { getItemDetail } from '../catalog/catalog';
import { importFiles } from './importFiles';
import { seedWorkspace } from './seedWorkspace';

let ws: ReturnType<typeof tempSession>;
beforeEach(() => {
  ws = tempSession();
});
afterEach(() => ws.dispose());

const example = (name: string) => ({ path: path.join(FORMATS, name), displayName: name });
const importOne = async (file: string, options = {}) => (await importFiles(ws.ctx, [{ path: file, displayName: path.basename(file) }], options)).files[0];
const findings = (externalId: string) =>
  ws.db
    .prepare('SELECT f.validator, f.severity FROM findings f JOIN items i ON i.id = f.item_id WHERE i.external_id = ?')
    .all(externalId) as { validator: string; severity: string }[];

describe('importing fixtures/formats', () => {
  it('imports every artifact file with the right format, kind and count', async () => {
    const names = ['sop-graph.json', 'flowgraph.txt', 'plans.jsonl', 'plans-generated.csv', 'conversations-chat.jsonl', 'conversation-roles.json', 'trajectory-events.jsonl'];
    const report = await importFiles(ws.ctx, names.map(example));
    expect(report.files.map((f) => [f.file, f.status, f.format, f.kind, f.imported, f.skipped])).toEqual([
      ['sop-graph.json', 'imported', 'sop-graph-json', 'graph', 1, 0],
      ['flowgraph.txt', 'imported', 'flowgraph-lines', 'graph', 1, 0],
      ['plans.jsonl', 'imported', 'plans-jsonl', 'plan', 3, 0],
      ['plans-generated.csv', 'imported', 'plans-csv', 'plan', 3, 0],
      ['conversations-chat.jsonl', 'imported', 'conversations-chat-jsonl', 'conversation', 2, 0],
      ['conversation-roles.json', 'imported', 'conversations-roles-json', 'conversation', 1, 0],
      ['trajectory-events.jsonl', 'imported', 'trajectory-events-jsonl', 'conversation', 1, 0],
    ]);
  });

  it('flags q-002 and the last generated plan as not valid JSON, and keeps their raw text', async () => {
    await importFiles(ws.ctx, [example('plans.jsonl'), example('plans-generated.csv')]);
    expect(findings('q-002').map((f) => f.validator)).toContain('plan-invalid-json');
    expect(findings('q-003/small-planner/without_lineage').map((f) => f.validator)).toContain('plan-invalid-json');
    expect(findings('q-001').map((f) => f.validator)).not.toContain('plan-invalid-json');
    const raw = ws.db.prepare("SELECT raw_text FROM items WHERE external_id = 'q-003/small-planner/without_lineage'").get() as { raw_text: string };
    expect(raw.raw_text).toContain('Agents with improving tone after refund');
  });

  it('refuses labels.csv as an artifact and says how to import it', async () => {
    const file = await importOne(path.join(FORMATS, 'labels.csv'));
    expect(file.status).toBe('rejected');
    expect(file.errors[0].message).toMatch(/labels file .*accord labels import/);
  });

  it('treats re-importing the same content as a no-op', async () => {
    const names = ['sop-graph.json', 'plans.jsonl', 'conversations-chat.jsonl'];
    await importFiles(ws.ctx, names.map(example));
    const before = dumpWorkspace(ws.db);
    const again = await importFiles(ws.ctx, names.map(example));
    expect(again.files.map((f) => [f.status, f.imported])).toEqual(names.map(() => ['unchanged', 0]));
    expect(dumpWorkspace(ws.db)).toEqual(before);
  });

  it('updates only changed items when a file is re-imported with different content', async () => {
    const line = (id: string, prompt: string) =>
      JSON.stringify({ query_id: id, query: 'Q', plan: { 1: { query: `T2S([], '${prompt}')`, depends_on: [] } } });
    const file = ws.file('p.jsonl', `${line('a', 'x')}\n${line('b', 'y')}\n`);
    await importOne(file);
    const hashes = () => ws.db.prepare('SELECT external_id, content_hash, updated_at FROM items ORDER BY external_id').all() as { content_hash: string }[];
    const first = hashes();
    ws.file('p.jsonl', `${line('a', 'x')}\n${line('b', 'changed')}\n`);
    const report = await importOne(file);
    expect(report).toMatchObject({ status: 'imported', imported: 2 });
    const second = hashes();
    expect(second[0]).toEqual(first[0]);
    expect(second[1].content_hash).not.toBe(first[1].content_hash);
  });

  it('keeps unknown fields of the source', async () => {
    const record = { query_id: 'u-1', query: 'Q', plan: { 1: { query: "T2S([], 'x')", depends_on: [] } }, annotator_note: 'keep me', nested: { deep: [1, 2] } };
    await importOne(ws.file('u.jsonl', JSON.stringify(record)));
    const { payload } = ws.db.prepare("SELECT payload FROM items WHERE external_id = 'u-1'").get() as { payload: string };
    expect(payload).toContain('keep me');
    expect(payload).toContain('"deep":[1,2]');
  });
});

describe('metrics that link items', () => {
  it('scores a generated plan against the gold plan of its query, whichever file comes first', async () => {
    await importFiles(ws.ctx, [example('plans-generated.csv')]);
    const metricsOf = (id: string) => {
      const row = ws.db.prepare('SELECT metrics FROM items WHERE external_id = ?').get(id) as { metrics: string | null };
      return row.metrics ? JSON.parse(row.metrics) : null;
    };
    expect(metricsOf('q-002/large-planner/with_lineage')).toBeNull();
    await importFiles(ws.ctx, [example('plans.jsonl')]);
    // Checked by hand: q-002's gold has 4 steps; the large planner's T2S fetch and RAG "why"
    // steps equal gold steps 1 and 2, its LLM prompt differs from gold step 4, and it has no
    // duration step: P = 2/3, R = 2/4, F1 = 4/7 ≈ 57.1 → "Bad" (> 45).
    const large = metricsOf('q-002/large-planner/with_lineage');
    expect(large).toMatchObject({ goldFrom: 'q-002', planSteps: 3, goldSteps: 4, matchedSteps: 2, tier: 'Bad' });
    expect(large.stepPrecision).toBeCloseTo(2 / 3, 12);
    expect(large.stepRecall).toBeCloseTo(0.5, 12);
    expect(large.stepF1).toBeCloseTo(4 / 7, 12);
    expect(metricsOf('q-002/small-planner/without_lineage')).toMatchObject({ planSteps: 1, goldSteps: 4, matchedSteps: 0, stepF1: 0, tier: 'Extremely Bad' });
  });

  it("gives every conversation its graph's User Journey Coverage Score", async () => {
    await importFiles(ws.ctx, [example('conversations-chat.jsonl')]);
    const ids = ws.db.prepare("SELECT id FROM items WHERE kind = 'conversation' ORDER BY external_id").pluck().all() as number[];
    const metrics = ids.map((id) => getItemDetail(ws.ctx, id).metrics!);
    // conv-0001 has TCA 1 and conv-0002 TCA 0 (an extra call), both on "Order return with refund".
    expect(metrics.map((m) => m.toolCallAccuracy)).toEqual([1, 0]);
    expect(metrics.map((m) => m.userJourneyCoverage)).toEqual([0.5, 0.5]);
    expect(metrics.map((m) => m.journeyConversations)).toEqual([2, 2]);
    // Kept once per graph, not copied into each conversation's stored metrics.
    expect(ws.db.prepare('SELECT graph, score, conversations FROM journey_coverage').all()).toEqual([
      { graph: 'Order return with refund', score: 0.5, conversations: 2 },
    ]);
    const stored = ws.db.prepare("SELECT metrics FROM items WHERE kind = 'conversation'").pluck().all() as string[];
    expect(stored.some((m) => m.includes('userJourneyCoverage'))).toBe(false);
  });

  it('refreshes the coverage score when more conversations of the graph arrive in the dataset', async () => {
    await importFiles(ws.ctx, [example('conversations-chat.jsonl')], { dataset: 'runs' });
    const file = path.join(ws.dir, 'more.jsonl');
    const line = (id: string) => ({ id, graph: 'Order return with refund', expected_tool_trace: [{ name: 'Customer Lookup', arguments: {} }], messages: [{ role: 'user', content: 'hi' }] });
    fs.writeFileSync(file, `${JSON.stringify(line('conv-extra'))}\n`);
    await importFiles(ws.ctx, [{ path: file, displayName: 'more.jsonl' }], { dataset: 'runs' });
    // conv-extra made no call: TCA 0. Mean over (1, 0, 0) = 1/3.
    const id = ws.db.prepare("SELECT id FROM items WHERE external_id = 'conv-0001'").pluck().get() as number;
    const metrics = getItemDetail(ws.ctx, id).metrics!;
    expect(metrics.journeyConversations).toBe(3);
    expect(metrics.userJourneyCoverage).toBeCloseTo(1 / 3, 12);
  });
});

describe('the demo fixtures', () => {
  it('seed an empty workspace with graphs, plans and conversations, and only once', async () => {
    const report = await seedWorkspace(ws.ctx, FIXTURES);
    expect(report!.files.every((f) => f.status === 'imported')).toBe(true);
    const counts = ws.db.prepare('SELECT kind, count(*) AS n FROM items GROUP BY kind ORDER BY kind').all();
    expect(counts).toEqual([
      { kind: 'conversation', n: 36 },
      { kind: 'graph', n: 3 },
      { kind: 'plan', n: 50 },
    ]);
    const withGold = ws.db.prepare("SELECT count(*) AS n FROM items WHERE json_extract(metadata, '$.has_gold') = 1").get() as { n: number };
    expect(withGold.n).toBe(30);
    expect(await seedWorkspace(ws.ctx, FIXTURES)).toBeNull();
  });
});
