import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation, TraceMetrics } from '../../core/formats/conversations/model';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';

/**
 * The OpenAI API's older function calling as ToolBench / StableToolBench write it
 * (`function_call` on the assistant, role `function` for the output), and ToolLLaMA's ShareGPT
 * (`from: function`, calls as `Action:` / `Action Input:` lines): imported through the import
 * service, the calls a user sees and the scores against the gold. ToolBench's `Finish` (its
 * termination action) is read as the agent's final answer: an assistant turn, no tool call.
 */
let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

const importRelease = async (name: string, mapping?: unknown) => {
  const report = await ws.api('datasets.import', { sources: [{ path: path.join(RELEASES, name) }], ...(mapping === undefined ? {} : { mapping }) });
  return report.files[0]!;
};
const item = async (externalId: string) => {
  const detail = await ws.api('items.get', { id: ws.itemId(externalId) });
  return {
    payload: detail.payload as Conversation,
    metrics: detail.metrics as TraceMetrics | null,
    metadata: detail.metadata,
    findings: detail.findings.map((f) => [f.validator, f.severity, f.location?.turn, f.message]),
  };
};
const calls = (conversation: Conversation) =>
  conversation.turns.flatMap((t) => (t.role === 'tool_call' ? [[t.index, t.call.name, t.call.arguments, t.call.outputTurn]] : []));

describe('ToolBench function_call / function messages (fixtures/releases/toolbench-function-call.jsonl)', () => {
  it('imports the calls and their outputs, and scores them against the gold (computed by hand)', async () => {
    ws = await annotationWorkspace([]);
    const report = await importRelease('toolbench-function-call.jsonl');
    expect([report.status, report.format, report.imported]).toEqual(['imported', 'conversations-chat-jsonl', 3]);

    const order = await item('toolbench-g1-order-4411');
    // Turns: 0 system, 1 user, 2 the Thought, 3 its call, 4 the function output, 5 the answer
    // Finish gave (ToolBench's termination: the final answer, not a tool call).
    expect(calls(order.payload)).toEqual([[3, 'getorder_for_shopapi', { order_id: 4411 }, 4]]);
    expect(order.payload.turns[4]).toMatchObject({ role: 'tool_output', sourceRole: 'function', output: { name: 'getorder_for_shopapi', callTurn: 3 } });
    expect(order.payload.turns[5]).toEqual({
      index: 5,
      role: 'assistant',
      sourceRole: 'assistant',
      sourceIndex: 4,
      text: 'Order 4411 has shipped.',
      // The call as the file wrote it, kept on the turn.
      extra: { function_call: { name: 'Finish', arguments: '{\n  "return_type": "give_answer",\n  "final_answer": "Order 4411 has shipped."\n}' } },
    });
    // 6 turns, 1 tool call (getorder; Finish is none); nothing unanswered.
    expect(order.metadata).toMatchObject({ turnCount: 6, toolCallCount: 1 });
    expect(order.findings).toEqual([]);
    // Gold [getorder{order_id 4411}] (ToolBench's golds list tools, never Finish), made the same:
    // P = 1/1, R = 1/1; TCA = 1 equal of 1 expected parameter = 1; exact match.
    expect(order.metrics).toMatchObject({ toolPrecision: 1, toolRecall: 1, toolCallAccuracy: 1, parameterMatch: 1, traceExactMatch: true, actualCalls: 1 });

    const parcel = await item('toolbench-g2-parcel');
    expect(calls(parcel.payload).map((c) => c[1])).toEqual(['track_package_for_parcelapi', 'getorder_for_shopapi']);
    // Turns: 0 system, 1 user, 2 and 5 Thoughts, 3 and 6 calls, 4 and 7 outputs, 8 the answer.
    expect(parcel.payload.turns[8]).toMatchObject({ role: 'assistant', text: 'The parcel is in transit; order 4412 is processing.' });
    // 2^53 = 9007199254740992 as the agent wrote it, kept exact (a double cannot tell it from …993).
    const tracked = parcel.payload.actualTrace[0].arguments as Record<string, unknown>;
    expect(String(tracked.tracking_id)).toBe('9007199254740992');
    const metrics = parcel.metrics!;
    // Gold [track{tracking_id …993}, getorder{4412}], actual [track, getorder] (Finish is the
    // answer, no call): matched names 2 → P = 2/2 = 1, R = 2/2 = 1, F1 = 1 (with Finish counted,
    // as before, P was 2/3). Same names in order, so TCA = equal expected parameters / expected:
    // tracking_id …992 ≠ …993, order_id 4412 equal → 1/2; parameter match 1/2; not exact.
    expect(metrics).toMatchObject({ toolPrecision: 1, toolRecall: 1, toolF1: 1, actualCalls: 2 });
    expect(metrics).toMatchObject({ toolCallAccuracy: 0.5, parameterMatch: 0.5, matchedParameters: 1, expectedParameters: 2, traceExactMatch: false });
    expect(metrics.alignment.map((r) => `${r.status} ${r.name}`)).toEqual(['match track_package_for_parcelapi', 'match getorder_for_shopapi']);
    expect(metrics.alignment[0].parameters).toEqual([{ name: 'tracking_id', status: 'different', expected: expect.anything(), actual: expect.anything() }]);
    expect(metrics.alignment[0].parameters.map((p) => [String(p.expected), String(p.actual)])).toEqual([['9007199254740993', '9007199254740992']]);

    // Arguments the model wrote as broken JSON: the call is kept with its text and the error.
    const bad = await item('toolbench-g1-bad-arguments');
    expect(bad.payload.turns[3]).toMatchObject({
      role: 'tool_call',
      call: { name: 'search_for_newsapi', arguments: null, rawArguments: '{"q": "Oslo", "date": "today"', outputTurn: 4 },
    });
    expect(bad.payload.actualTrace.map((c) => [c.name, c.failed ?? false])).toEqual([['search_for_newsapi', true]]);
    // Finish give_up_and_restart: a line saying the agent gave up, no call and no unanswered-call error.
    expect(bad.payload.turns[5]).toMatchObject({
      role: 'assistant',
      text: 'The agent gave up and restarted (Finish: give_up_and_restart); it gave no final answer.',
      extra: { function_call: { name: 'Finish', arguments: '{"return_type": "give_up_and_restart"}' } },
    });
    expect(bad.findings.map((f) => f[0])).toEqual(['conversation-invalid-tool-arguments']);
    expect(bad.metrics).toBeNull();
  });
});

describe("ToolLLaMA's ShareGPT (fixtures/releases/toolllama-sharegpt.json)", () => {
  it('reads the Action / Action Input lines as calls and the function turns as their outputs', async () => {
    ws = await annotationWorkspace([]);
    const report = await importRelease('toolllama-sharegpt.json');
    expect([report.status, report.format, report.imported]).toEqual(['imported', 'preset:sharegpt', 2]);

    const full = await item('Step 4: What is the status of my order 4411?');
    expect(full.payload.turns.map((t) => [t.role, t.sourceRole, t.sourceIndex])).toEqual([
      ['system', 'system', 0],
      ['user', 'user', 1],
      ['assistant', 'assistant', 2],
      ['tool_call', 'assistant', 2],
      ['tool_output', 'function', 3],
      ['assistant', 'assistant', 4],
      // Finish: the final answer, not a call.
      ['assistant', 'assistant', 4],
    ]);
    expect(full.payload.turns[2].text).toBe('\nThought: I should look the order up with the shop API.');
    expect(full.payload.turns[3].text).toBe('Action: getorder_for_shopapi\nAction Input: {\n  "order_id": 4411\n}');
    expect(calls(full.payload)).toEqual([[3, 'getorder_for_shopapi', { order_id: 4411 }, 4]]);
    expect(full.payload.turns[5].text).toBe('\nThought: ');
    expect(full.payload.turns[6]).toMatchObject({
      text: 'Order 4411 has shipped.',
      // The message as written (the Thought line, the Action lines) kept on the answer turn.
      extra: { content: '\nThought: \nAction: Finish\nAction Input: {\n  "return_type": "give_answer",\n  "final_answer": "Order 4411 has shipped."\n}' },
    });
    expect(full.payload.turns[4]).toMatchObject({ output: { content: { error: '', response: "{'order_id': 4411, 'status': 'shipped'}" }, callTurn: 3 } });
    expect(full.findings).toEqual([]);
    // 7 turns, 1 tool call (getorder).
    expect(full.metadata).toMatchObject({ turnCount: 7, toolCallCount: 1 });

    // A training prefix that ends at the call: the call is read, and its missing output said.
    const prefix = await item('Step 2: What is the status of my order 4411?');
    expect(calls(prefix.payload)).toEqual([[3, 'getorder_for_shopapi', { order_id: 4411 }, null]]);
    expect(prefix.findings).toEqual([['conversation-unanswered-tool-call', 'error', 3, "tool call 'getorder_for_shopapi' has no output"]]);
  });
});

describe('a StableToolBench answer file through a mapping (fixtures/releases/stabletoolbench-answer.json)', () => {
  it("reads the episode's function_call messages as calls (mapped as toolCalls) and the function messages as their outputs", async () => {
    ws = await annotationWorkspace([]);
    const mapping = JSON.parse(fs.readFileSync(path.join(RELEASES, 'stabletoolbench-answer.mapping.json'), 'utf8')) as unknown;
    const report = await importRelease('stabletoolbench-answer.json', mapping);
    expect([report.status, report.format, report.imported]).toEqual(['imported', 'mapping', 1]);
    const episode = await item('Where is parcel 9007199254740993, and what is the status of order 4412?');
    // The last of train_messages is the whole episode: 0 system, 1 user, 2 the thought, 3 its
    // call, 4 output, 5 call, 6 output, 7 the answer Finish gave (no call).
    expect(calls(episode.payload).map(([turn, name, , output]) => [turn, name, output])).toEqual([
      [3, 'track_package_for_parcelapi', 4],
      [5, 'getorder_for_shopapi', 6],
    ]);
    expect(episode.payload.turns[7]).toMatchObject({
      role: 'assistant',
      text: 'Parcel 9007199254740993 is in transit; order 4412 is processing.',
      extra: { function_call: { name: 'Finish', arguments: expect.stringContaining('"return_type": "give_answer"') } },
    });
    // 2^53 + 1 inside the arguments' JSON text, kept exact.
    expect(String((episode.payload.actualTrace[0].arguments as Record<string, unknown>).tracking_id)).toBe('9007199254740993');
    // 8 turns, 2 tool calls (track, getorder); nothing unanswered.
    expect(episode.metadata).toMatchObject({ method: 'DFS_woFilter_w2', model: 'chatgpt_function', turnCount: 8, toolCallCount: 2 });
    expect(episode.findings).toEqual([]);
  });
});
