import { describe, expect, it } from 'vitest';
import { parseJsonText } from '../json';
import { readMessageConversation } from './conversationRecord';
import type { Conversation } from './model';
import { reactAction } from './reactAction';
import { validateConversation } from './validateConversation';

const read = (record: unknown): Conversation =>
  readMessageConversation(record, { sourceFormat: 'conversations-chat-jsonl', line: 3, fallbackId: 'f' });
const findings = (conversation: Conversation): [string, string, number | undefined, string][] =>
  validateConversation(conversation).map((f) => [f.validator, f.severity, f.location?.turn, f.message]);

const fnCall = (name: string, args: string, content: string | null = null) => ({ role: 'assistant', content, function_call: { name, arguments: args } });
const fnOutput = (name: string | null, content: string) => (name === null ? { role: 'function', content } : { role: 'function', name, content });

describe("the OpenAI API's older function calling (function_call / role function)", () => {
  it('reads function_call as a tool call and a function message as its output, paired, and scores them', () => {
    const conversation = read({
      id: 'tb-1',
      messages: [
        { role: 'user', content: 'status of order 4411?' },
        fnCall('getorder', '{\n  "order_id": 4411\n}', 'Thought: call API'),
        fnOutput('getorder', '{"error": "", "response": "shipped"}'),
        fnCall('Finish', '{"return_type": "give_answer", "final_answer": "shipped"}'),
      ],
      expected_tool_trace: [{ name: 'getorder', arguments: { order_id: 4411 } }, { name: 'Finish', arguments: { return_type: 'give_answer' } }],
    });
    expect(conversation.turns.map((t) => [t.role, t.sourceRole, t.sourceIndex])).toEqual([
      ['user', 'user', 0],
      // The text beside the call is the assistant's turn, the call its own turn after it.
      ['assistant', 'assistant', 1],
      ['tool_call', 'assistant', 1],
      ['tool_output', 'function', 2],
      ['tool_call', 'assistant', 3],
    ]);
    expect(conversation.turns[1].text).toBe('Thought: call API');
    expect(conversation.turns[2]).toMatchObject({ call: { id: null, name: 'getorder', arguments: { order_id: 4411 }, outputTurn: 3 } });
    expect(conversation.turns[3]).toMatchObject({
      output: { callId: null, name: 'getorder', content: { error: '', response: 'shipped' }, contentIsJson: true, callTurn: 2 },
    });
    expect(conversation.turns[4]).toMatchObject({ call: { name: 'Finish', arguments: { return_type: 'give_answer', final_answer: 'shipped' }, outputTurn: null } });
    expect(conversation.actualTrace).toEqual([
      // `error: ""` is no failure (outputFailed), so the call is not marked failed.
      { name: 'getorder', arguments: { order_id: 4411 }, turn: 2 },
      { name: 'Finish', arguments: { return_type: 'give_answer', final_answer: 'shipped' }, turn: 4 },
    ]);
    // Finish has no output: ToolBench never answers it, and the validator says so.
    expect(findings(conversation)).toEqual([['conversation-unanswered-tool-call', 'error', 4, "tool call 'Finish' has no output"]]);
  });

  it('keeps integers beyond 2^53 in the arguments exact', () => {
    const record = parseJsonText(
      '{"messages": [{"role": "assistant", "content": null, "function_call": {"name": "refund", "arguments": "{\\"order_id\\": 9007199254740993}"}}]}',
    );
    const conversation = read(record);
    // 2^53 + 1 = 9007199254740993 is not a double; kept as written.
    expect(String((conversation.actualTrace[0].arguments as Record<string, unknown>).order_id)).toBe('9007199254740993');
  });

  it('keeps bad argument text with its error, and unknown fields of function_call', () => {
    const conversation = read({ messages: [{ role: 'assistant', content: null, function_call: { name: 'A', arguments: '{oops', thoughts: 't' }, refusal: null }] });
    expect(conversation.turns).toHaveLength(1);
    expect(conversation.turns[0]).toMatchObject({
      role: 'tool_call',
      call: { name: 'A', arguments: null, rawArguments: '{oops', argumentsError: expect.stringMatching(/^invalid JSON/) },
      extra: { refusal: null, thoughts: 't' },
    });
  });

  it('pairs a function output with the open call of its name, not merely the earliest', () => {
    const conversation = read({
      messages: [fnCall('A', '{}'), fnCall('B', '{}'), fnOutput('B', '"b"'), fnOutput('A', '"a"')],
    });
    expect(conversation.turns.map((t) => (t.role === 'tool_output' ? t.output.callTurn : null))).toEqual([null, null, 1, 0]);
    expect(findings(conversation)).toEqual([]);
  });

  it('flags a function output with no open call as an orphan, and one whose name matches no open call', () => {
    const orphan = read({ messages: [{ role: 'user', content: 'x' }, fnOutput('A', 'r')] });
    expect(findings(orphan)).toEqual([['conversation-orphan-tool-output', 'error', 1, 'tool output with no unanswered tool call before it']]);
    // Paired in order with the only open call, and the differing name said.
    const mismatch = read({ messages: [fnCall('A', '{}'), fnOutput('B', 'r')] });
    expect(mismatch.turns[1]).toMatchObject({ output: { callTurn: 0 } });
    expect(findings(mismatch)).toEqual([
      ['conversation-tool-output-name-mismatch', 'warning', 1, "tool output of 'B' answers the call 'A' at turn 0 (paired in order: no open call of 'B')"],
    ]);
  });

  it('keeps a function_call where no call can be, on a user, function or unknown-role message', () => {
    const stray = { name: 'A', arguments: '{}' };
    const conversation = read({
      messages: [
        { role: 'user', content: 'x', function_call: stray },
        { role: 'function', name: 'A', content: 'r', function_call: stray },
        { role: 'critic', content: 'y', function_call: stray },
      ],
    });
    expect(conversation.turns.map((t) => [t.role, t.extra])).toEqual([
      ['user', { function_call: stray }],
      ['tool_output', { function_call: stray }],
      ['other', { function_call: stray }],
    ]);
    expect(conversation.actualTrace).toEqual([]);
  });

  it('rejects a function_call of the wrong shape, naming the field', () => {
    expect(() => read({ messages: [{ role: 'assistant', function_call: 'A()' }] })).toThrow('messages[0].function_call: expected an object, found "A()"');
    expect(() => read({ messages: [{ role: 'assistant', function_call: { arguments: '{}' } }] })).toThrow('messages[0].function_call.name: expected a string, found nothing');
  });
});

describe('calls written as ReAct text (ToolLLaMA)', () => {
  it('reads Action / Action Input lines as a tool call, the text before them as the assistant turn', () => {
    const text = '\nThought: I should call the order API.\nAction: getorder\nAction Input: {\n  "order_id": 4411\n}';
    const conversation = read({
      messages: [
        { role: 'user', content: 'status of 4411?' },
        { role: 'assistant', content: text },
        fnOutput(null, '{"error": "", "response": "shipped"}'),
        { role: 'assistant', content: '\nThought: \nAction: Finish\nAction Input: {"return_type": "give_answer"}' },
      ],
    });
    expect(conversation.turns.map((t) => [t.role, t.sourceIndex, t.text])).toEqual([
      ['user', 0, 'status of 4411?'],
      ['assistant', 1, '\nThought: I should call the order API.'],
      ['tool_call', 1, 'Action: getorder\nAction Input: {\n  "order_id": 4411\n}'],
      ['tool_output', 2, null],
      ['assistant', 3, '\nThought: '],
      ['tool_call', 3, 'Action: Finish\nAction Input: {"return_type": "give_answer"}'],
    ]);
    // Nothing of the text is lost: the assistant turn, a line break, the call as written.
    expect(`${conversation.turns[1].text}\n${conversation.turns[2].text}`).toBe(text);
    expect(conversation.turns[3]).toMatchObject({ output: { callTurn: 2 } });
    expect(conversation.actualTrace.map((c) => [c.name, c.arguments])).toEqual([
      ['getorder', { order_id: 4411 }],
      ['Finish', { return_type: 'give_answer' }],
    ]);
  });

  it('reads only the two-line form, and says the call was not read when a function output follows other text', () => {
    expect(reactAction('I will use Action: lookup now.')).toBeNull();
    expect(reactAction('Action: lookup\nThen Action Input: {}')).toBeNull();
    expect(reactAction('Action: \nAction Input: {}')).toBeNull();
    expect(reactAction('Action: a\nAction Input: 1\nAction: b\r\nAction Input:{"x": 2}')).toEqual({
      before: 'Action: a\nAction Input: 1',
      written: 'Action: b\r\nAction Input:{"x": 2}',
      name: 'b',
      input: '{"x": 2}',
    });
    const conversation = read({
      messages: [{ role: 'user', content: 'x' }, { role: 'assistant', content: 'Thought: call getorder(4411)' }, fnOutput(null, 'shipped')],
    });
    expect(conversation.actualTrace).toEqual([]);
    expect(findings(conversation)).toEqual([
      [
        'conversation-orphan-tool-output',
        'error',
        2,
        'tool output with no unanswered tool call before it; its call was not read: the assistant message at turn 1 holds no call Accord reads ' +
          "(in text, a call is read only as an 'Action: name' line followed by an 'Action Input: {…}' line)",
      ],
    ]);
  });

  it('keeps input that is not JSON as raw arguments with the error', () => {
    const conversation = read({ messages: [{ role: 'assistant', content: 'Action: search\nAction Input: weather in Oslo' }] });
    expect(conversation.turns).toHaveLength(1);
    expect(conversation.turns[0]).toMatchObject({
      role: 'tool_call',
      call: { name: 'search', arguments: null, rawArguments: 'weather in Oslo', argumentsError: expect.stringMatching(/^invalid JSON/) },
    });
  });

  it('leaves the text of a message that has structured calls alone', () => {
    const conversation = read({ messages: [fnCall('A', '{}', 'Action: B\nAction Input: {}')] });
    expect(conversation.actualTrace.map((c) => c.name)).toEqual(['A']);
    expect(conversation.turns[0].text).toBe('Action: B\nAction Input: {}');
  });
});
