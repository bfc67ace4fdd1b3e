import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';

/**
 * Files in the shapes of published releases (fixtures/releases, written for Accord) import
 * unchanged: recognised by their structure with a plain import, and the same with their preset.
 */
let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

const release = (name: string) => path.join(RELEASES, name);
const importRelease = async (name: string, extra: { preset?: string; mapping?: unknown; dataset?: string } = {}) => {
  const report = await ws.api('datasets.import', { sources: [{ path: release(name) }], ...extra });
  return report.files[0]!;
};
const item = async (externalId: string) => ws.api('items.get', { id: ws.itemId(externalId) });
type Figures = { mode: string; toolPrecision: number; toolRecall: number; toolF1: number; traceExactMatch: boolean; toolCallAccuracy: number; actualCalls: number; retries: number; readOnlyCalls: number };

describe('tau-bench trajectories', () => {
  it('import with a plain import and with --preset tau-bench: one conversation per task and trial, reward and instruction as metadata', async () => {
    ws = await annotationWorkspace([]);
    const plain = await importRelease('tau-bench-trajectories.json');
    expect([plain.status, plain.format, plain.kind, plain.imported]).toEqual(['imported', 'preset:tau-bench', 'conversation', 3]);
    const forced = await importRelease('tau-bench-trajectories.json', { preset: 'tau-bench', dataset: 'forced' });
    expect([forced.status, forced.format, forced.imported]).toEqual(['imported', 'preset:tau-bench', 3]);
    const page = await ws.api('items.list', { offset: 0, limit: 10 });
    expect(page.rows.map((r) => r.externalId).sort()).toEqual(['task-0-trial-0', 'task-0-trial-0', 'task-0-trial-1', 'task-0-trial-1', 'task-7-trial-0', 'task-7-trial-0']);
    const first = await item('task-0-trial-0').catch(() => null);
    expect(first).not.toBeNull();
  });

  it('keeps the expected trace, and scores the retry and the read-only lookups per mode (computed by hand)', async () => {
    ws = await annotationWorkspace([]);
    await importRelease('tau-bench-trajectories.json');
    const detail = await item('task-0-trial-0');
    expect(detail.metadata).toMatchObject({ taskId: 0, trial: 0, reward: 1, userId: 'li_wei_4412' });
    expect(String(detail.metadata.instruction)).toMatch(/^You are li_wei_4412\./);
    const payload = detail.payload as { expectedTrace: { name: string }[]; actualTrace: { name: string; failed?: boolean }[] };
    expect(payload.expectedTrace.map((c) => c.name)).toEqual(['update_reservation_flights', 'send_certificate']);
    expect(payload.actualTrace.map((c) => `${c.name}${c.failed ? ' (failed)' : ''}`)).toEqual([
      'get_user_details',
      'get_reservation_details',
      'update_reservation_flights (failed)',
      'update_reservation_flights',
      'search_direct_flight',
      'send_certificate',
    ]);
    const metrics = detail.metrics as { alignment: { status: string; name: string }[]; modes: Figures[]; toolPrecision: number };
    expect(metrics.alignment.map((r) => `${r.status} ${r.name}`)).toEqual([
      'extra get_user_details',
      'extra get_reservation_details',
      'retry update_reservation_flights',
      'match update_reservation_flights',
      'extra search_direct_flight',
      'match send_certificate',
    ]);
    // Plain figures (multisets of names, unchanged): 2 of 6 calls named as expected → P = 1/3, R = 1.
    expect(metrics.toolPrecision).toBeCloseTo(1 / 3, 12);
    const [all, stateChanging, orderFree] = metrics.modes;
    // All calls: 6 calls − 1 retried attempt = 5 counted, 2 paired → P 2/5, R 1, F1 4/7; TCA 0 (other tools in between).
    expect(all).toMatchObject({ mode: 'all-calls', actualCalls: 5, retries: 1, readOnlyCalls: 0, toolRecall: 1, traceExactMatch: false, toolCallAccuracy: 0 });
    expect(all!.toolPrecision).toBeCloseTo(0.4, 12);
    expect(all!.toolF1).toBeCloseTo(4 / 7, 12);
    // Gold lists only state-changing calls: the 3 lookups are left out; the retry is not counted;
    // update (4 params equal) and certificate (100 vs 100.0, keys reordered: equal) → everything 1.
    expect(stateChanging).toEqual({
      mode: 'state-changing',
      toolPrecision: 1,
      toolRecall: 1,
      toolF1: 1,
      traceExactMatch: true,
      toolCallAccuracy: 1,
      parameterMatch: 1,
      expectedCalls: 2,
      actualCalls: 2,
      pairedCalls: 2,
      retries: 1,
      readOnlyCalls: 3,
    });
    expect(orderFree).toMatchObject({ mode: 'order-free', actualCalls: 5, toolRecall: 1 });
    // Trial 1 never sent the certificate: recall 1/2 even when lookups are forgiven.
    const missed = (await item('task-0-trial-1')).metrics as { modes: Figures[] };
    expect(missed.modes[1]).toMatchObject({ mode: 'state-changing', toolPrecision: 1, toolRecall: 0.5, traceExactMatch: false, toolCallAccuracy: 0 });
    // The retail task lists a lookup in its gold: all calls 2 of 3 made calls paired; state-changing only the cancellation, exact.
    const retail = (await item('task-7-trial-0')).metrics as { modes: Figures[] };
    expect(retail.modes[0]!.toolPrecision).toBeCloseTo(2 / 3, 12);
    expect(retail.modes[1]).toMatchObject({ toolPrecision: 1, toolRecall: 1, traceExactMatch: true, readOnlyCalls: 3 });
    // The item list's reference is the state-changing TCA, named: all calls would say 0 for trial 0,
    // whose reward is 1, for the lookups its gold never lists.
    const page = await ws.api('items.list', { offset: 0, limit: 10 });
    expect(Object.fromEntries(page.rows.map((r) => [r.externalId, r.headline]))).toEqual({
      'task-0-trial-0': 'TCA 1.00 · state-changing',
      'task-0-trial-1': 'TCA 0.00 · state-changing',
      'task-7-trial-0': 'TCA 1.00 · state-changing',
    });
  });
});

describe('WorFBench graph_eval', () => {
  it('imports every workflow as a graph with START and END, no false errors, and the orphan node unreachable', async () => {
    ws = await annotationWorkspace([]);
    const plain = await importRelease('worfbench-graph_eval.json');
    expect([plain.status, plain.format, plain.kind, plain.imported]).toEqual(['imported', 'preset:worfbench', 'graph', 4]);
    const forced = await importRelease('worfbench-graph_eval.json', { preset: 'worfbench', dataset: 'forced' });
    expect(forced.imported).toBe(4);
    for (const id of ['toolbench_1', 'toolbench_2', 'wikihow_3']) {
      const detail = await item(id);
      expect(detail.findings).toEqual([]);
    }
    const graph = (await item('toolbench_2')).payload as { nodes: { id: string; type: string }[]; edges: unknown[]; description: string };
    expect(graph.nodes.map((n) => `${n.id}:${n.type}`)).toEqual(['START:start', '1:task', '2:task', 'END:end']);
    expect(graph.edges).toHaveLength(4);
    expect(graph.description).toMatch(/^Task: Give me a list of public holidays/);
    const orphan = await item('wikihow_4');
    expect(orphan.findings.map((f) => [f.validator, f.severity, f.message])).toEqual([
      ['graph-unreachable-node', 'error', 'node 4 (Spray a water repellent.) is unreachable: it has no edges at all'],
    ]);
  });
});

describe('JUDGE-BENCH', () => {
  it('imports the instances and a task whose questions are the declared metrics, with the scores as labels from rater slots', async () => {
    ws = await annotationWorkspace([]);
    const report = await importRelease('judge-bench-support.json');
    expect([report.status, report.format, report.imported]).toEqual(['imported', 'preset:judge-bench', 6]);
    // 17 helpfulness + 17 politeness scores (one of each missing).
    const task = await ws.api('tasks.get', { task: 'judge-bench-support' });
    expect(report.task).toEqual({ id: task.id, name: 'judge-bench-support', questions: 2, raters: 3, labels: 34 });
    const questions = task.schema.questions.map((q) => [q.id, q.type, q.type === 'ordinal' ? q.levels.map((l) => l.value).join(' ') : q.type === 'nominal' ? q.options.map((o) => o.value).join(' ') : '']);
    expect(questions).toEqual([
      ['helpfulness', 'ordinal', '1 2 3 4 5'],
      ['politeness', 'nominal', 'No Yes'],
    ]);
    expect(task.annotators).toEqual(['rater 1', 'rater 2', 'rater 3']);
    const third = await item('3');
    expect(third.metadata).toMatchObject({ helpfulness_mean_human: 4, politeness_majority_human: 'Yes' });
  });

  it("gives Krippendorff's α (interval and ordinal) equal to an independent computation", async () => {
    ws = await annotationWorkspace([]);
    await importRelease('judge-bench-support.json');
    const helpfulness = await ws.api('agreement.question', { task: 'judge-bench-support', question: 'helpfulness', bootstrap: 0 });
    const stat = (key: string) => helpfulness.statistics.find((s) => s.key === key)?.value;
    // nltk 3 (AnnotationTask with interval_distance, /usr/bin/python3) → 0.8; the coincidence-matrix formula gives the same.
    expect(stat('krippendorffAlpha.interval')).toBeCloseTo(0.8, 12);
    // Ordinal: Krippendorff (2011) with δ²(c,k) = (Σ_{g=c..k} n_g − (n_c + n_k)/2)², computed in Python from the formula → 0.7940797940797941.
    expect(stat('krippendorffAlpha.ordinal')).toBeCloseTo(0.7940797940797941, 12);
    const politeness = await ws.api('agreement.question', { task: 'judge-bench-support', question: 'politeness', bootstrap: 0 });
    // nltk binary_distance → 0.030303030303030276 (= 1/33).
    expect(politeness.statistics.find((s) => s.key === 'krippendorffAlpha.nominal')?.value).toBeCloseTo(1 / 33, 12);
  });
});

describe('ShareGPT and OTLP', () => {
  it('reads ShareGPT conversations with renamed roles, naming records without an id by number', async () => {
    ws = await annotationWorkspace([]);
    const report = await importRelease('sharegpt-chats.json');
    expect([report.status, report.format, report.imported]).toEqual(['imported', 'preset:sharegpt', 3]);
    expect((await importRelease('sharegpt-chats.json', { preset: 'sharegpt', dataset: 'forced' })).imported).toBe(3);
    const first = (await item('sg-001')).payload as { turns: { role: string }[] };
    expect(first.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
    expect((await item('conversation-3')).findings).toEqual([]);
  });

  it('turns OTLP GenAI spans into turns and tool calls, one conversation per trace or conversation id, the failed call a retry', async () => {
    ws = await annotationWorkspace([]);
    const report = await importRelease('otlp-genai-traces.json');
    expect([report.status, report.format, report.imported]).toEqual(['imported', 'preset:otlp-genai', 2]);
    expect((await importRelease('otlp-genai-traces.json', { preset: 'otlp-genai', dataset: 'forced' })).imported).toBe(2);
    const trace = await item('5b8aa5a2d2c872e8321cf37308d69df2');
    const payload = trace.payload as { model: string; turns: { role: string; text: string | null }[]; actualTrace: { name: string; failed?: boolean }[] };
    expect(payload.model).toBe('gpt-4o');
    expect(payload.turns.map((t) => t.role)).toEqual(['system', 'user', 'tool_call', 'tool_output', 'tool_call', 'tool_output', 'assistant']);
    expect(payload.actualTrace.map((c) => [c.name, c.failed ?? false])).toEqual([
      ['get_order', true],
      ['get_order', false],
    ]);
    expect(trace.findings.filter((f) => f.severity === 'error')).toEqual([]);
    const greeting = (await item('conv-greeting')).payload as { turns: { role: string; text: string | null }[] };
    expect(greeting.turns.map((t) => [t.role, t.text])).toEqual([
      ['user', 'Hello!'],
      ['assistant', 'Hi! How can I help today?'],
    ]);
  });
});

describe('a mapping of our own', () => {
  it('reads a log no preset knows, and rejects a record it cannot read with the record number, the path and what was there', async () => {
    ws = await annotationWorkspace([]);
    const mapping = JSON.parse(fs.readFileSync(release('support-log.mapping.json'), 'utf8')) as Record<string, unknown>;
    const plain = await importRelease('support-log.jsonl');
    expect(plain.status).toBe('rejected');
    const report = await importRelease('support-log.jsonl', { mapping });
    expect([report.status, report.format, report.imported]).toEqual(['imported', 'mapping', 3]);
    const s100 = await item('S-100');
    expect(s100.metadata).toMatchObject({ model: 'helper-v2', tags: 'returns, footwear' });
    expect((s100.payload as { turns: { role: string }[] }).turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(await item('session-3')).toBeTruthy();
    const broken = await importRelease('support-log.jsonl', { mapping: { ...mapping, messages: { path: 'log', role: 'speaker', content: 'said' } }, dataset: 'broken' });
    expect(broken.status).toBe('rejected');
    expect(broken.errors[0]).toMatchObject({ line: 1, message: 'record 1: log[0].speaker: expected the role, found the record is an object with fields who, said' });
  });

  it('refuses a mapping that is not one, naming each problem', async () => {
    ws = await annotationWorkspace([]);
    await expect(importRelease('support-log.jsonl', { mapping: { kind: 'conversation', id: 'x.[', messages: {} } })).rejects.toThrow(
      /name: a name is needed.*id: "x\.\[" is not a path.*messages\.path: missing.*messages\.role: missing/,
    );
  });
});
