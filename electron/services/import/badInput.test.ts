import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMATS } from '../../testing/fixtures';
import { dumpWorkspace, tempSession } from '../../testing/tempWorkspace';
import { importFiles } from './importFiles';

// Issue 2 item 4: each bad input is imported correctly or rejected with a clear message (file,
// line, column, what is wrong) and no stack trace, and a rejected file leaves the workspace
// exactly as it was.
let ws: ReturnType<typeof tempSession>;
let before: Record<string, unknown[]>;
beforeEach(async () => {
  ws = tempSession();
  // A workspace with content, so "unchanged" is a meaningful claim.
  await importFiles(ws.ctx, [{ path: path.join(FORMATS, 'plans.jsonl'), displayName: 'plans.jsonl' }]);
  before = dumpWorkspace(ws.db);
});
afterEach(() => ws.dispose());

async function rejected(name: string, content: string | Buffer, options: { dataset?: string } = {}) {
  const file = ws.file(name, content);
  const report = (await importFiles(ws.ctx, [{ path: file, displayName: name }], options)).files[0];
  expect(report.status).toBe('rejected');
  expect(report.imported).toBe(0);
  expect(report.errors).toHaveLength(1);
  expect(report.errors[0].message).not.toMatch(/\n\s+at /); // no stack trace
  expect(dumpWorkspace(ws.db)).toEqual(before);
  return report.errors[0];
}

const planLine = (id: string) => JSON.stringify({ query_id: id, query: 'Q', plan: { 1: { query: "T2S([], 'x')", depends_on: [] } } });

describe('malformed input', () => {
  it('JSON document: names line and column', async () => {
    const error = await rejected('g.json', '{\n  "title": "x",\n  "nodes": [\n    {"id": "1",}\n  ]\n}');
    expect(error).toMatchObject({ line: 4, column: 16 });
    expect(error.message).toMatch(/invalid JSON/);
  });

  it('JSONL: a bad line rejects the whole file, naming the line, even after good lines were read', async () => {
    const error = await rejected('p.jsonl', `${planLine('n-1')}\n${planLine('n-2')}\n{"query_id": "n-3", "plan": \n`);
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/invalid JSON/);
  });

  it('CSV: an unclosed quote names its line', async () => {
    const error = await rejected('g.csv', 'query_id,llm,prompt_type,plan\nq-1,m,p,"{""1"": 2}"\nq-2,m,p,"{oops\n');
    expect(error.line).toBeGreaterThanOrEqual(3);
    expect(error.message).toMatch(/malformed CSV/);
  });

  it('CSV: a row with the wrong number of fields names its line', async () => {
    const error = await rejected('g.csv', 'query_id,llm,prompt_type,plan\nq-1,m,p,"{}",extra\n');
    expect(error).toMatchObject({ line: 2 });
    expect(error.message).toMatch(/expected 4 fields/);
  });

  it('wrong shape: says which field and what was expected', async () => {
    const error = await rejected('g.json', JSON.stringify({ title: 't', nodes: [{ id: '1', responsePathways: 'none' }], edges: [] }));
    expect(error.message).toMatch(/nodes\[0\]\.responsePathways/);
    expect(error.message).toMatch(/expected/);
  });

  it('wrong shape in JSONL: names the line and the field', async () => {
    const error = await rejected('c.jsonl', JSON.stringify({ id: 'c1', messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', tool_calls: [{ id: 'x', function: { name: null, arguments: '{}' } }] }] }));
    expect(error.line).toBe(1);
    expect(error.message).toMatch(/messages\[1\]\.tool_calls\[0\]\.function\.name/);
  });

  it('empty files and whitespace-only files', async () => {
    expect((await rejected('e.jsonl', '')).message).toMatch(/empty/);
    expect((await rejected('w.jsonl', '\n\n   \n')).message).toMatch(/no records/);
    expect((await rejected('w.json', '   ')).message).toMatch(/only whitespace/);
  });

  it('binary data', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect((await rejected('image.json', png)).message).toMatch(/binary/);
  });

  it('invalid UTF-8, with the line where it starts', async () => {
    const bytes = Buffer.concat([Buffer.from(`${planLine('u-1')}\n{"query_id": "u-2", "query": "caf`), Buffer.from([0xe9, 0x22]), Buffer.from(', "plan": {}}\n')]);
    const error = await rejected('u.jsonl', bytes);
    expect(error.message).toMatch(/invalid UTF-8/);
    expect(error.line).toBe(2);
  });

  it('very deep nesting is refused, not a crash', async () => {
    const deep = `{"query_id": "d", "query": "Q", "plan": {"1": {"query": "T2S([], 'x')", "depends_on": []}}, "extra": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const error = await rejected('d.jsonl', deep);
    expect(error.message).toMatch(/nested deeper/);
    expect(error.line).toBe(1);
  });

  it('duplicate query ids in a plans file are refused too', async () => {
    const error = await rejected('dup-plans.jsonl', `${planLine('x-1')}\n${planLine('x-1')}\n`);
    expect(error.message).toMatch(/duplicate id "x-1" \(first seen on line 1\)/);
  });

  it('duplicate ids in one file name the id and the first line', async () => {
    const conversation = (id: string) => JSON.stringify({ id, messages: [{ role: 'user', content: 'hi' }] });
    const error = await rejected('dup.jsonl', `${conversation('x-1')}\n${conversation('x-2')}\n${conversation('x-1')}\n`);
    expect(error.message).toMatch(/duplicate id "x-1" \(first seen on line 1\)/);
    expect(error.line).toBe(3);
  });

  it('a file of another kind than its dataset', async () => {
    const error = await rejected('c.jsonl', JSON.stringify({ id: 'c', messages: [{ role: 'user', content: 'hi' }] }), { dataset: 'plans' });
    expect(error.message).toMatch(/dataset "plans" holds plans; this file holds conversations/);
  });

  it('an unrecognised format lists what was seen and what is expected', async () => {
    const error = await rejected('x.jsonl', JSON.stringify({ hello: 'world' }));
    expect(error.message).toMatch(/could not recognise the format of x\.jsonl: the first record has the fields hello; expected one of/);
  });

  it('a missing file', async () => {
    const report = (await importFiles(ws.ctx, [{ path: path.join(ws.dir, 'nope.json'), displayName: 'nope.json' }])).files[0];
    expect(report).toMatchObject({ status: 'rejected', errors: [{ message: 'no such file' }] });
  });
});

describe('hostile keys', () => {
  it('__proto__ and constructor keys are kept as data and pollute nothing', async () => {
    const record = `{"query_id": "p-1", "query": "Q", "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "plan": {"1": {"query": "T2S([], 'x')", "depends_on": [], "__proto__": {"polluted": true}}}}`;
    const file = ws.file('proto.jsonl', `${record}\n`);
    const report = (await importFiles(ws.ctx, [{ path: file, displayName: 'proto.jsonl' }])).files[0];
    expect(report.status).toBe('imported');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a CSV header named __proto__ stays an ordinary column', async () => {
    const file = ws.file('proto.csv', `query_id,llm,prompt_type,plan,__proto__\nq-1,m,p,"{""1"": {""query"": ""T2S([], 'x')"", ""depends_on"": []}}",x\n`);
    const report = (await importFiles(ws.ctx, [{ path: file, displayName: 'proto.csv' }])).files[0];
    expect(report.status).toBe('imported');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('--skip-invalid', () => {
  it('imports the valid records and lists each skipped one with its line', async () => {
    const conversation = (id: string) => JSON.stringify({ id, messages: [{ role: 'user', content: 'hi' }] });
    const file = ws.file('mixed.jsonl', `${conversation('s-1')}\nnot json\n${conversation('s-2')}\n${conversation('s-1')}\n`);
    const report = (await importFiles(ws.ctx, [{ path: file, displayName: 'mixed.jsonl' }], { skipInvalid: true })).files[0];
    expect(report).toMatchObject({ status: 'imported', imported: 2, skipped: 2 });
    expect(report.errors.map((e) => e.line)).toEqual([2, 4]);
  });
});

describe('scale', () => {
  it('imports a 10,000-node graph', async () => {
    const nodes = Array.from({ length: 10_000 }, (_, i) => ({
      id: String(i),
      task_name: `Task ${i}`,
      task_description: 'd',
      steps: [],
      tools: [],
      responsePathways: i < 9_999 ? [{ conditions: [], nextNodeId: String(i + 1) }] : [],
    }));
    const edges = nodes.slice(0, -1).map((_, i) => ({ source: String(i), target: String(i + 1), label: 'next' }));
    const file = ws.file('big.json', JSON.stringify({ title: 'big', nodes, edges }));
    const report = (await importFiles(ws.ctx, [{ path: file, displayName: 'big.json' }])).files[0];
    expect(report).toMatchObject({ status: 'imported', imported: 1, kind: 'graph' });
  });
});
