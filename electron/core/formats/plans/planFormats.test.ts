import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FormatError, type ParsedItem } from '../types';
import { comparePlans } from './comparePlans';
import type { PlanRecord } from './model';
import { createPlanFormats, planFormats } from './planFormats';
import { FORMATS } from '../../../testing/fixtures';

const [jsonlFormat, jsonFormat, csvFormat] = planFormats;

function readJsonl(records: unknown[], format = jsonlFormat): ParsedItem[] {
  const reader = format.createReader({ fileName: 'plans.jsonl' });
  return [...records.flatMap((record, i) => reader.add(record, i + 1)), ...reader.finish()];
}

function readCsv(text: string, format = csvFormat): ParsedItem[] {
  const rows = parseCsv(text, { columns: true, relax_quotes: true }) as Record<string, string>[];
  const reader = format.createReader({ fileName: 'plans-generated.csv' });
  return [...rows.flatMap((row, i) => reader.add(row, i + 2)), ...reader.finish()];
}

const payload = (item: ParsedItem) => item.payload as PlanRecord;

function formatError(run: () => unknown): FormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('expected a FormatError');
}

describe('plans.jsonl (the shared example)', () => {
  const lines = readFileSync(path.join(FORMATS, 'plans.jsonl'), 'utf8').split('\n').filter((l) => l.trim() !== '');
  const items = readJsonl(lines.map((l) => JSON.parse(l)));

  it('is recognised as plans-jsonl from its first record', () => {
    expect(jsonlFormat.detect(JSON.parse(lines[0]))).toBe(true);
    expect(csvFormat.detect(JSON.parse(lines[0]))).toBe(false);
  });

  it('gives one plan item per query, with its query fields and unknown fields kept', () => {
    expect(items.map((i) => [i.externalId, i.kind, i.line])).toEqual([
      ['q-001', 'plan', 1],
      ['q-002', 'plan', 2],
      ['q-003', 'plan', 3],
    ]);
    expect(payload(items[1])).toMatchObject({
      source: 'query-record',
      queryId: 'q-002',
      query: 'Why do customers who mention a competitor cancel, and how long are those calls on average?',
      subjective: true,
      compound: true,
      extra: {},
    });
    expect(items[2].metadata).toEqual({
      query_id: 'q-003',
      model: null,
      prompt_type: null,
      subjective: true,
      compound: false,
      step_count: 2,
      parse_status: 'json',
      has_gold: true,
      lineage_length: 3,
      hop_depth: 2,
    });
  });

  it('flags q-002, whose plan is not valid JSON, keeps its raw text and still reads its four steps', () => {
    const q002 = items[1];
    const plan = payload(q002).plan!;
    expect(plan.parseStatus).toBe('tolerant');
    expect(q002.rawText).toBe(JSON.parse(lines[1]).plan);
    expect(plan.steps.map((s) => s.tool)).toEqual(['T2S', 'RAG', 'T2S', 'LLM']);
    expect(q002.findings.filter((f) => f.validator === 'plan-invalid-json')).toEqual([
      {
        validator: 'plan-invalid-json',
        severity: 'warning',
        location: { field: 'plan' },
        message: 'plan is not valid JSON (line 1, column 3: property name 1 is not in double quotes); read tolerantly',
      },
    ]);
    expect(items[0].findings.some((f) => f.validator === 'plan-invalid-json')).toBe(false);
    expect(items[2].findings.some((f) => f.validator === 'plan-invalid-json')).toBe(false);
  });

  it('reports only the hop depth for the valid plans', () => {
    expect(items.map((i) => i.findings.filter((f) => f.validator !== 'plan-invalid-json').map((f) => f.message))).toEqual([
      ['hop depth 1: 1'],
      ['hop depth 3: 1 → 2 → 4'],
      ['hop depth 2: 1 → 2'],
    ]);
  });

  it('computes the reference metrics against best_plan', () => {
    // q-001: plan = gold; q-002: the four tolerant steps equal the gold ones; q-003: 1 shared step, F1 = 2/(2+4) (hand-checked in comparePlans.test.ts).
    expect(items.map((i) => [i.metrics?.stepF1, i.metrics?.tier])).toEqual([
      [1, 'Extremely Good'],
      [1, 'Extremely Good'],
      [1 / 3, 'Very Bad'],
    ]);
    expect(items[2].metrics).toEqual({
      stepPrecision: 0.5,
      stepRecall: 0.25,
      stepF1: 1 / 3,
      tier: 'Very Bad',
      matchedSteps: 1,
      planSteps: 2,
      goldSteps: 4,
    });
    expect(payload(items[2]).analysis.comparison?.matches).toEqual([
      { plan: { index: 1, id: '2' }, gold: { index: 3, id: '4' }, sameDependencies: false },
    ]);
  });

  it('reads the lineage of q-003 (3 versions) and diffs consecutive versions', () => {
    const q003 = payload(items[2]);
    expect(q003.lineage.map((v) => v.steps.length)).toEqual([1, 3, 4]);
    expect(q003.analysis.lineageDiffs).toHaveLength(2);
    expect(q003.analysis.lineageDiffs[1].added).toEqual([{ index: 2, id: '3' }]);
    expect(q003.analysis.hopDepth).toEqual({ depth: 2, chain: ['1', '2'] });
  });

  it('reads the same records from a JSON array (plans-json)', () => {
    const viaArray = readJsonl(lines.map((l) => JSON.parse(l)), jsonFormat);
    expect(jsonFormat.framing).toBe('json-array');
    expect(viaArray.map((i) => i.externalId)).toEqual(['q-001', 'q-002', 'q-003']);
  });
});

describe('plans-generated.csv (the shared example)', () => {
  const text = readFileSync(path.join(FORMATS, 'plans-generated.csv'), 'utf8');
  const items = readCsv(text);

  it('is recognised as plans-csv from its first row', () => {
    const [first] = parseCsv(text, { columns: true, relax_quotes: true, to: 1 }) as Record<string, string>[];
    expect(csvFormat.detect(first)).toBe(true);
    expect(jsonlFormat.detect(first)).toBe(true); // the service only offers modules of the file's framing
  });

  it('gives one item per row, with a stable id from query_id, llm and prompt_type', () => {
    expect(items.map((i) => i.externalId)).toEqual([
      'q-002/small-planner/without_lineage',
      'q-002/large-planner/with_lineage',
      'q-003/small-planner/without_lineage',
    ]);
    expect(readCsv(text).map((i) => i.externalId)).toEqual(items.map((i) => i.externalId));
    expect(items[1].metadata).toEqual({
      query_id: 'q-002',
      model: 'large-planner',
      prompt_type: 'with_lineage',
      subjective: null,
      compound: null,
      step_count: 3,
      parse_status: 'json',
      has_gold: false,
      lineage_length: 0,
      hop_depth: 3,
    });
    expect(payload(items[1])).toMatchObject({ source: 'generated-row', queryId: 'q-002', llm: 'large-planner', gold: null });
    expect(items[1].metrics).toBeUndefined();
  });

  it('imports the truncated last row as an invalid plan with an error finding and its raw text', () => {
    const last = items[2];
    const cell = '{ 1: {"step": T2S([], "Agents with improving tone after refund"), "depends_on": []}, ';
    expect(payload(last).plan).toMatchObject({ parseStatus: 'invalid', steps: [], rawText: cell });
    expect(last.rawText).toBe(cell);
    expect(last.findings).toEqual([
      {
        validator: 'plan-invalid-json',
        severity: 'error',
        location: { field: 'plan' },
        message:
          'plan is not valid JSON (line 1, column 3: property name 1 is not in double quotes) and could not be read even ' +
          `tolerantly (line 1, column ${cell.length + 1}: unexpected end of text, expected a property name or "}" (truncated?)); kept as raw text`,
      },
    ]);
    expect(items[0].findings.some((f) => f.severity !== 'info')).toBe(false);
    expect(items[1].findings.some((f) => f.severity !== 'info')).toBe(false);
  });

  it('lets the service score a row against the gold plan of its query item', () => {
    const queries = readJsonl(
      readFileSync(path.join(FORMATS, 'plans.jsonl'), 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l)),
    );
    const gold = payload(queries[1]).gold!;
    // By hand: the large planner's T2S and RAG steps equal gold steps 1 and 2; its LLM prompt
    // ("Answer (query) using (2)") differs from gold step 4. P = 2/3, R = 2/4, F1 = 4/7 = 57.1 % → Bad.
    expect(comparePlans(payload(items[1]).plan!, gold)).toMatchObject({ precision: 2 / 3, recall: 0.5, f1: 4 / 7, tier: 'Bad' });
    // The small planner's single step matches nothing: F1 = 0 → Extremely Bad.
    expect(comparePlans(payload(items[0]).plan!, gold)).toMatchObject({ f1: 0, tier: 'Extremely Bad' });
    expect(comparePlans(payload(items[2]).plan!, payload(queries[2]).gold!)).toMatchObject({ tier: 'Extremely Bad' });
  });
});

describe('generated-plan rows', () => {
  it('keeps other columns as metadata and extra, and suffixes repeated ids', () => {
    const items = readCsv(
      'query_id,llm,prompt_type,plan,temperature,run\n' +
        'q-1,m,p,"{""1"": {""query"": ""LLM(\'a\')""}}",0.2,1\n' +
        'q-1,m,p,"{""1"": {""query"": ""LLM(\'b\')""}}",0.2,2\n',
    );
    expect(items.map((i) => i.externalId)).toEqual(['q-1/m/p', 'q-1/m/p#2']);
    expect(payload(items[1]).extra).toEqual({ temperature: '0.2', run: '2' });
    expect(items[1].metadata).toMatchObject({ temperature: '0.2', run: '2', model: 'm' });
    expect(items[1].findings[0]).toEqual({
      validator: 'plan-repeated-id',
      severity: 'info',
      location: null,
      message: '1 earlier row of this file has the same query_id, llm and prompt_type; this item is q-1/m/p#2',
    });
  });

  it('leaves blank parts out of the id and falls back to file and line without a query_id', () => {
    const items = readCsv('query_id,model,plan\nq-9,,"{}"\n,m,"{}"\n');
    expect(items.map((i) => i.externalId)).toEqual(['q-9', 'plans-generated.csv:3/m']);
    expect(items[1].findings.map((f) => f.validator)).toEqual(['plan-missing-query-id', 'plan-empty']);
    expect(payload(items[1]).llm).toBe('m');
  });

  it('reads a best_plan column and scores the row against it', () => {
    const items = readCsv('query_id,plan,best_plan\nq,"{""1"": {""query"": ""LLM(\'a\')""}}","{""1"": {""query"": ""LLM(\'a\')""}}"\n');
    expect(items[0].metrics).toMatchObject({ stepF1: 1, tier: 'Extremely Good' });
  });

  it('rejects a file without a plan or query_id column, naming the column', () => {
    const reader = csvFormat.createReader({ fileName: 'x.csv' });
    const error = formatError(() => reader.add({ query_id: 'q', llm: 'm' }, 2));
    expect(error).toMatchObject({ message: 'missing column "plan" (the columns are query_id, llm)', line: 2, field: 'plan' });
    expect(formatError(() => reader.add({ plan: '{}' }, 2)).message).toBe('missing column "query_id" (the columns are plan)');
  });
});

describe('query records', () => {
  const step = { query: "T2S([], 'a')", depends_on: [] };

  it('rejects wrong shapes with a FormatError naming the field', () => {
    const cases: [unknown, string, string | null][] = [
      [[1, 2], 'expected a plan record (an object with query_id, query and plan), found an array', null],
      [{ query_id: {}, plan: {} }, 'query_id: expected a string or a number, found an object', 'query_id'],
      [{ query_id: 'q', query: 5, plan: {} }, 'query: expected a string, found 5', 'query'],
      [{ query_id: 'q', subjective: 'maybe', plan: {} }, 'subjective: expected true or false, found "maybe"', 'subjective'],
      [{ query_id: 'q', plan: 42 }, 'plan: expected an object of steps or plan text, found 42', 'plan'],
      [{ query_id: 'q', best_plan: true }, 'best_plan: expected an object of steps or plan text, found true', 'best_plan'],
      [{ query_id: 'q', plan_lineage: 'v1' }, 'plan_lineage: expected a list of plan versions, found "v1"', 'plan_lineage'],
      [{ query_id: 'q', plan_lineage: [{ 1: step }, 7] }, 'plan_lineage[1]: expected an object of steps or plan text, found 7', 'plan_lineage[1]'],
    ];
    for (const [record, message, field] of cases) {
      const error = formatError(() => jsonlFormat.createReader({ fileName: 'f.jsonl' }).add(record, 4));
      expect(error.message).toBe(message);
      expect(error.line).toBe(4);
      expect(error.field).toBe(field);
    }
  });

  it('keeps a malformed plan inside a well-formed record as an invalid plan with a finding', () => {
    const [item] = readJsonl([{ query_id: 'q', plan: [step], plan_lineage: ['{1: {query: LLM("x")}}', { 1: 'text only' }] }]);
    expect(payload(item).plan?.parseStatus).toBe('invalid');
    expect(item.findings.map((f) => [f.validator, f.severity, f.location])).toEqual([
      ['plan-invalid-shape', 'error', { field: 'plan' }],
      ['plan-invalid-json', 'warning', { version: 0 }],
      ['plan-invalid-shape', 'error', { version: 1 }],
    ]);
    expect(item.findings[2].message).toBe(
      'plan_lineage[1].1: expected a step object with "query" (or "step") and "depends_on", found "text only"; kept as raw text',
    );
    expect(item.findings[1].message).toBe(
      'plan_lineage[0] is not valid JSON (line 1, column 2: property name 1 is not in double quotes); read tolerantly',
    );
  });

  it('accepts flags written as text or numbers, and ids as numbers', () => {
    const [item] = readJsonl([{ id: 12, subjective: 'Yes', compound: 0, plan: { 1: step } }]);
    expect(payload(item)).toMatchObject({ queryId: '12', subjective: true, compound: false });
    expect(item.externalId).toBe('12');
  });

  it('keeps a repeated query_id as is (the import service refuses the duplicate); falls back to file and line without one', () => {
    const items = readJsonl([{ query_id: 'q', plan: { 1: step } }, { query_id: 'q', plan: { 1: step } }, { plan: { 1: step } }]);
    expect(items.map((i) => i.externalId)).toEqual(['q', 'q', 'plans.jsonl:3']);
    expect(items[2].findings[0]).toMatchObject({ validator: 'plan-missing-query-id', severity: 'warning', location: null });
    expect(payload(items[2]).queryId).toBeNull();
  });

  it('keeps unknown fields, __proto__ included, without touching any prototype', () => {
    const record = JSON.parse('{"query_id": "q", "plan": {"1": {"query": "LLM(\'a\')"}}, "domain": "telecom", "notes": {"a": 1}, "__proto__": {"polluted": true}}');
    const [item] = readJsonl([record]);
    const extra = payload(item).extra;
    expect(Object.keys(extra)).toEqual(['domain', 'notes', '__proto__']);
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
    expect(item.metadata.domain).toBe('telecom');
    expect(Object.hasOwn(item.metadata, 'notes')).toBe(false);
    expect(Object.getPrototypeOf(item.metadata)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('validates with the tools and hop-depth limit the dataset declares', () => {
    const record = { query_id: 'q', plan: { 1: { query: "SQL([], 'a')" }, 2: { query: "LLM('(1)')", depends_on: [1] } } };
    const [strict] = readJsonl([record]);
    expect(strict.findings.map((f) => f.validator)).toContain('plan-unknown-tool');
    const [custom] = readJsonl([record], createPlanFormats({ knownTools: ['SQL', 'LLM'], maxHopDepth: 1 })[0]);
    expect(custom.findings.map((f) => [f.validator, f.severity])).toEqual([['plan-hop-depth', 'warning']]);
  });

  it('is not mistaken for a conversation or a graph', () => {
    expect(jsonlFormat.detect({ messages: [], plan: {} })).toBe(false);
    expect(jsonlFormat.detect({ nodes: [], edges: [] })).toBe(false);
    expect(jsonlFormat.detect('text')).toBe(false);
    expect(csvFormat.detect({ query_id: 'q', plan: { 1: {} } })).toBe(false);
  });
});
