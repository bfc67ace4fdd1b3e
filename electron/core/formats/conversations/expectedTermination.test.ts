import { describe, expect, it } from 'vitest';
import { isReadingAid, withoutScores } from '../../blindness/automaticScores';
import { applyMapping } from '../mapping/applyMapping';
import type { ConversationMapping } from '../mapping/model';
import { conversationItem } from './conversationItem';
import { readMessageConversation } from './conversationRecord';
import { splitExpectedTrace } from './finishAction';
import type { Conversation, TraceCall, TraceMetrics, Turn } from './model';

/**
 * A gold (expected) trace that lists ToolBench's termination, `Finish`: the agent's own Finish
 * is its final answer and never in the actual trace, so the gold's is not scored either (else
 * an agent that did exactly the right thing lost recall, F1, exact match and Tool Call
 * Accuracy), and it is kept beside the scored calls with an info finding.
 */
const read = (record: unknown): Conversation =>
  readMessageConversation(record, { sourceFormat: 'conversations-chat-jsonl', line: 1, fallbackId: 'r' });
const itemOf = (record: unknown) => {
  const item = conversationItem(read(record), 1);
  return { conversation: item.payload as Conversation, metrics: item.metrics as TraceMetrics | undefined, findings: item.findings };
};

const GIVE_ANSWER = { return_type: 'give_answer', final_answer: 'Order 4411 has shipped.' };
const functionCall = (name: string, args: unknown) => ({ role: 'assistant', content: null, function_call: { name, arguments: JSON.stringify(args) } });
const output = (name: string, content: string) => ({ role: 'function', name, content });
/** An episode: getorder, its output, then ToolBench's Finish give_answer (the final answer, no call). */
const EPISODE = [
  { role: 'user', content: 'Status of order 4411?' },
  functionCall('getorder', { order_id: 4411 }),
  output('getorder', '{"status": "shipped"}'),
  functionCall('Finish', GIVE_ANSWER),
];
const GETORDER = { name: 'getorder', arguments: { order_id: 4411 } };

describe('a gold trace that lists ToolBench’s Finish', () => {
  it('leaves a give_answer Finish out of the scored trace, kept as read with its place, and says so', () => {
    const { conversation, metrics, findings } = itemOf({ messages: EPISODE, expected_tool_trace: [GETORDER, { name: 'Finish', arguments: GIVE_ANSWER }] });
    expect(conversation.expectedTrace).toEqual([GETORDER]);
    expect(conversation.expectedTerminations).toEqual([{ field: 'expected_tool_trace', index: 1, call: { name: 'Finish', arguments: GIVE_ANSWER } }]);
    // Gold [getorder{4411}] against actual [getorder{4411}] (Finish is the answer turn): P = R =
    // F1 = 1/1; TCA = 1 equal of 1 parameter; exact. With the gold's Finish scored it was recall
    // 1/2, F1 2/3, TCA 0 (2 expected names, 1 made) and no exact match.
    expect(metrics).toMatchObject({ toolPrecision: 1, toolRecall: 1, toolF1: 1, toolCallAccuracy: 1, parameterMatch: 1, traceExactMatch: true, expectedCalls: 1, actualCalls: 1 });
    expect(findings).toEqual([
      {
        validator: 'conversation-expected-finish',
        severity: 'info',
        location: { field: 'expected_tool_trace[1]' },
        message:
          'expected_tool_trace[1]: Finish (give_answer, final_answer "Order 4411 has shipped."); read as ToolBench\'s termination ' +
          "(the agent's own Finish is its final answer, no tool call), so it is not scored",
      },
    ]);
  });

  it('reads give_up_and_restart, arguments as a JSON string and the chat-style {function: …} entry alike, in any trace field', () => {
    const gaveUp = { return_type: 'give_up_and_restart' };
    const conversation = read({
      messages: EPISODE,
      expected_trace: [GETORDER, { type: 'function', function: { name: 'Finish', arguments: JSON.stringify(gaveUp) } }, { name: 'Finish', arguments: JSON.stringify(GIVE_ANSWER), note: 'from the winning chain' }],
    });
    expect(conversation.expectedTrace).toEqual([GETORDER]);
    expect(conversation.expectedTerminations).toEqual([
      { field: 'expected_trace', index: 1, call: { name: 'Finish', arguments: gaveUp } },
      // Unknown fields of the entry stay with it.
      { field: 'expected_trace', index: 2, call: { name: 'Finish', arguments: GIVE_ANSWER, extra: { note: 'from the winning chain' } } },
    ]);
    expect(conversationItem(conversation, 1).findings.map((f) => f.message.split(';')[0])).toEqual([
      'expected_trace[1]: Finish (give_up_and_restart)',
      'expected_trace[2]: Finish (give_answer, final_answer "Order 4411 has shipped.")',
    ]);
  });

  it('keeps alignment indices pointing into the stored expected trace when Finish is not last', () => {
    // Gold [getorder, Finish, notify]: an odd gold, but positions must still hold.
    const notify = { name: 'notify', arguments: { order_id: 4411 } };
    const messages = [...EPISODE.slice(0, 3), functionCall('notify', { order_id: 4411 }), output('notify', 'sent'), functionCall('Finish', GIVE_ANSWER)];
    const { conversation, metrics } = itemOf({ messages, expected_tool_trace: [GETORDER, { name: 'Finish', arguments: GIVE_ANSWER }, notify] });
    expect(conversation.expectedTrace).toEqual([GETORDER, notify]);
    expect(conversation.expectedTerminations?.map((t) => t.index)).toEqual([1]);
    // Each row's expectedIndex names the call it shows in the stored trace (as the viewer reads it).
    expect(metrics!.alignment.map((r) => [r.status, r.name, r.expectedIndex, conversation.expectedTrace![r.expectedIndex!].name])).toEqual([
      ['match', 'getorder', 0, 'getorder'],
      ['match', 'notify', 1, 'notify'],
    ]);
    expect(metrics).toMatchObject({ toolRecall: 1, traceExactMatch: true, toolCallAccuracy: 1 });
  });

  it('reads a Finish without arguments as the termination only when the conversation’s own Finish was one', () => {
    for (const bare of [{ name: 'Finish' }, { name: 'Finish', arguments: {} }, { name: 'Finish', arguments: '' }]) {
      const { conversation, metrics, findings } = itemOf({ messages: EPISODE, expected_tool_trace: [GETORDER, bare] });
      expect(conversation.expectedTrace).toEqual([GETORDER]);
      expect(conversation.expectedTerminations).toEqual([{ field: 'expected_tool_trace', index: 1, call: { name: 'Finish', arguments: {} } }]);
      expect(metrics).toMatchObject({ toolRecall: 1, traceExactMatch: true });
      expect(findings.map((f) => f.message)).toEqual([
        "expected_tool_trace[1]: Finish without arguments, where this conversation's own Finish ended it; read as ToolBench's termination " +
          "(the agent's own Finish is its final answer, no tool call), so it is not scored",
      ]);
    }
    // An episode that never finished: nothing says the bare Finish is the termination, so it
    // stays a gold call, missing: recall 1/2.
    const { conversation, metrics, findings } = itemOf({ messages: EPISODE.slice(0, 3), expected_tool_trace: [GETORDER, { name: 'Finish' }] });
    expect(conversation.expectedTrace).toEqual([GETORDER, { name: 'Finish', arguments: {} }]);
    expect(conversation).not.toHaveProperty('expectedTerminations');
    expect(metrics).toMatchObject({ toolRecall: 0.5, traceExactMatch: false });
    expect(findings).toEqual([]);
  });

  it('scores a gold Finish whose arguments are no termination, as the agent’s such Finish is a call', () => {
    // give_answer without final_answer: ToolBench returns it to the agent as an error, not an end.
    const unended = { name: 'Finish', arguments: { return_type: 'give_answer' } };
    const { conversation, findings } = itemOf({ messages: EPISODE, expected_tool_trace: [GETORDER, unended] });
    expect(conversation.expectedTrace).toEqual([GETORDER, unended]);
    expect(findings).toEqual([]);
  });

  it('scores the gold’s Finish when the conversation has a tool named Finish (a Finish an output answers)', () => {
    const messages = [...EPISODE.slice(0, 3), functionCall('Finish', GIVE_ANSWER), output('Finish', 'answer recorded'), { role: 'assistant', content: 'Shipped.' }];
    for (const finish of [{ name: 'Finish', arguments: GIVE_ANSWER }, { name: 'Finish' }]) {
      const { conversation, metrics, findings } = itemOf({ messages, expected_tool_trace: [GETORDER, finish] });
      expect(conversation.actualTrace.map((c) => c.name)).toEqual(['getorder', 'Finish']);
      expect(conversation.expectedTrace!.map((c) => c.name)).toEqual(['getorder', 'Finish']);
      expect(conversation).not.toHaveProperty('expectedTerminations');
      expect(metrics).toMatchObject({ expectedCalls: 2, actualCalls: 2, toolRecall: 1 });
      expect(findings).toEqual([]);
    }
  });

  it('quotes a long final answer only in part (the whole stays in the stored entry)', () => {
    const long = 'é'.repeat(250);
    const { conversation, findings } = itemOf({ messages: EPISODE, expected_tool_trace: [{ name: 'Finish', arguments: { return_type: 'give_answer', final_answer: long } }] });
    expect(findings[0].message).toContain(`final_answer "${'é'.repeat(200)}…")`);
    expect(conversation.expectedTerminations![0].call.arguments).toEqual({ return_type: 'give_answer', final_answer: long });
    expect(conversation.expectedTrace).toEqual([]);
  });

  it('is hidden with the scores while a task hides them: it says how the gold was scored; the entry stays in the payload', () => {
    const item = conversationItem(read({ messages: EPISODE, expected_tool_trace: [GETORDER, { name: 'Finish', arguments: GIVE_ANSWER }] }), 1);
    expect(isReadingAid(item.findings[0])).toBe(false);
    const hidden = withoutScores({ kind: 'conversation', payload: item.payload, metrics: item.metrics ?? null, findings: item.findings, metadata: item.metadata });
    expect(hidden.findings).toEqual([]);
    expect((hidden.payload as Conversation).expectedTerminations).toHaveLength(1);
  });

  it('applies to a mapping’s expected trace too', () => {
    const mapping: ConversationMapping = {
      format: 'accord.mapping',
      name: 'episodes',
      description: '',
      kind: 'conversation',
      id: 'query',
      messages: { path: 'messages', role: 'role', content: 'content', toolCalls: 'function_call', name: 'name' },
      expectedTrace: { path: 'gold', name: 'api', arguments: 'args' },
    };
    const item = applyMapping(mapping, { query: 'q1', messages: EPISODE, gold: [{ api: 'getorder', args: { order_id: 4411 } }, { api: 'Finish' }] }, { ordinal: 1, line: 1 });
    const conversation = item.payload as Conversation;
    expect(conversation.expectedTrace).toEqual([GETORDER]);
    expect(conversation.expectedTerminations).toEqual([{ field: 'expected_tool_trace', index: 1, call: { name: 'Finish', arguments: {} } }]);
    expect(item.metrics).toMatchObject({ toolRecall: 1, traceExactMatch: true });
    expect(item.findings.map((f) => f.validator)).toEqual(['conversation-expected-finish']);
  });
});

describe('splitExpectedTrace', () => {
  const finishCall = (outputTurn: number | null): Turn => ({
    index: 0, role: 'tool_call', sourceRole: 'assistant', sourceIndex: 0, text: null,
    call: { id: null, name: 'Finish', arguments: GIVE_ANSWER, rawArguments: null, argumentsError: null, outputTurn },
  });
  const gold: TraceCall[] = [GETORDER, { name: 'Finish', arguments: GIVE_ANSWER }, { name: 'Finish', arguments: {} }];

  it('decides by the arguments, the conversation’s own termination and a Finish tool', () => {
    // No Finish in the conversation: the give_answer entry is the termination, the bare one a call.
    expect(splitExpectedTrace(gold, 'f', [], 0)).toEqual({ scored: [gold[0], gold[2]], terminations: [{ field: 'f', index: 1, call: gold[1] }] });
    // The conversation's Finish was read as its termination: both are.
    expect(splitExpectedTrace(gold, 'f', [], 1).terminations.map((t) => t.index)).toEqual([1, 2]);
    // A Finish call no output answers is no Finish tool: only an answered one is.
    expect(splitExpectedTrace(gold, 'f', [finishCall(null)], 1).scored).toEqual([gold[0]]);
    // A Finish call an output answers: Finish is a real tool, every entry is scored.
    expect(splitExpectedTrace(gold, 'f', [finishCall(1)], 1)).toEqual({ scored: gold, terminations: [] });
  });
});
