import { describe, expect, it } from 'vitest';
import { FormatError } from '../types';
import { readMessageConversation } from './conversationRecord';
import type { Conversation } from './model';

const read = (record: unknown): Conversation =>
  readMessageConversation(record, { sourceFormat: 'conversations-chat-jsonl', line: 7, fallbackId: 'file-3' });

function formatError(record: unknown): FormatError {
  try {
    read(record);
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('expected a FormatError');
}

const call = (id: string, name: string, args: string) => ({ id, type: 'function', function: { name, arguments: args } });

describe('readMessageConversation (chat messages)', () => {
  it('gives one tool call turn per call of an assistant message, after its text', () => {
    const conversation = read({
      id: 7,
      messages: [
        { role: 'user', content: 'check both' },
        { role: 'assistant', content: 'Checking now.', name: 'Planner', tool_calls: [call('a', 'A', '{"x": 1}'), call('b', 'B', '{}')] },
        { role: 'tool', tool_call_id: 'b', content: 'done' },
        { role: 'tool', tool_call_id: 'a', content: '[1, 2]' },
      ],
    });
    expect(conversation.id).toBe('7');
    expect(conversation.turns.map((t) => [t.index, t.role, t.sourceIndex, t.agent])).toEqual([
      [0, 'user', 0, undefined],
      [1, 'assistant', 1, 'Planner'],
      [2, 'tool_call', 1, 'Planner'],
      [3, 'tool_call', 1, 'Planner'],
      [4, 'tool_output', 2, undefined],
      [5, 'tool_output', 3, undefined],
    ]);
    expect(conversation.turns[1].text).toBe('Checking now.');
    // Outputs pair by id, whatever their order; a non-JSON output stays text.
    expect(conversation.turns[4]).toMatchObject({ output: { callId: 'b', callTurn: 3, content: 'done', contentIsJson: false } });
    expect(conversation.turns[5]).toMatchObject({ output: { callId: 'a', callTurn: 2, content: [1, 2], contentIsJson: true } });
    expect(conversation.actualTrace).toEqual([
      { name: 'A', arguments: { x: 1 }, turn: 2 },
      { name: 'B', arguments: {}, turn: 3 },
    ]);
  });

  it('keeps the raw argument text and the parse error when arguments are not valid JSON', () => {
    const conversation = read({ messages: [{ role: 'assistant', content: null, tool_calls: [call('a', 'A', "{orderId: 'x'}")] }] });
    expect(conversation.turns[0]).toMatchObject({
      role: 'tool_call',
      call: { name: 'A', arguments: null, rawArguments: "{orderId: 'x'}", argumentsError: expect.stringMatching(/^invalid JSON: .* at column 2$/) },
    });
    expect(conversation.actualTrace).toEqual([{ name: 'A', arguments: null, turn: 0 }]);
  });

  it('accepts flat tool calls, argument objects, and content parts', () => {
    const conversation = read({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hello' }, { type: 'image_url', image_url: { url: 'x' } }] },
        { role: 'assistant', content: '', tool_calls: [{ id: 'a', name: 'A', arguments: { n: 2 } }] },
      ],
    });
    expect(conversation.turns[0].text).toBe('hello\n[image_url]');
    // An empty text beside tool calls is no turn of its own.
    expect(conversation.turns.map((t) => t.role)).toEqual(['user', 'tool_call']);
    expect(conversation.actualTrace[0]).toEqual({ name: 'A', arguments: { n: 2 }, turn: 1 });
  });

  it('keeps an unknown role as an `other` turn with its fields', () => {
    const conversation = read({ messages: [{ role: 'critic', content: { score: 3 }, note: 'n' }] });
    expect(conversation.turns[0]).toEqual({
      index: 0, role: 'other', sourceRole: 'critic', sourceIndex: 0, text: null, extra: { note: 'n', content: { score: 3 } },
    });
  });

  it('maps developer to a system turn and reads timestamps and latencies', () => {
    const conversation = read({ messages: [{ role: 'developer', content: 'rules', timestamp: '2026-01-01T00:00:00Z', latency: 0.5 }] });
    expect(conversation.turns[0]).toMatchObject({ role: 'system', sourceRole: 'developer', timestamp: '2026-01-01T00:00:00Z', latencySeconds: 0.5 });
  });

  it('reads the roles vocabulary too, and a decoded api call', () => {
    const conversation = read({
      messages: [
        { role: 'api', content: { name: 'f', arguments: { a: 1 } } },
        { role: 'api_output', content: 'plain' },
        { role: 'api', content: "g(a='unterminated)" },
      ],
    });
    expect(conversation.turns[0]).toMatchObject({ call: { name: 'f', arguments: { a: 1 }, outputTurn: 1 } });
    expect(conversation.turns[2]).toMatchObject({
      text: "g(a='unterminated)",
      call: { name: 'g', arguments: null, rawArguments: "g(a='unterminated)", argumentsError: 'cannot parse the call at column 5: unterminated string' },
    });
  });

  it('keeps unknown fields of the record, the message, the tool call and the scenario', () => {
    const conversation = read({
      id: 'c',
      source: 'sim-v2',
      model: 'gpt-x',
      procedure: 'P',
      scenario: { type: 'failing_function', persona: { mood: 'angry' }, seed: 42, difficulty: 'hard' },
      messages: [{ role: 'assistant', content: null, tool_calls: [{ ...call('a', 'A', '{}'), index: 0 }], reasoning: 'r' }],
    });
    expect(conversation.extra).toEqual({ source: 'sim-v2' });
    expect(conversation.model).toBe('gpt-x');
    expect(conversation.graph).toBe('P');
    expect(conversation.scenario).toEqual({
      type: 'failing_function', journey: null, seed: 42, persona: { mood: 'angry' }, userInfo: null, extra: { difficulty: 'hard' },
    });
    expect(conversation.turns[0].extra).toEqual({ reasoning: 'r', index: 0 });
  });

  it('names a conversation without an id by its fallback', () => {
    expect(read({ messages: [] }).id).toBe('file-3');
  });

  it('reads an expected trace with JSON-string or wrapped arguments', () => {
    const conversation = read({
      messages: [],
      expected_tool_trace: [{ name: 'A', arguments: '{"x": 1}' }, { function: { name: 'B' } }, { name: 'C', arguments: {}, note: 'why' }],
    });
    expect(conversation.expectedTrace).toEqual([
      { name: 'A', arguments: { x: 1 } },
      { name: 'B', arguments: {} },
      { name: 'C', arguments: {}, extra: { note: 'why' } },
    ]);
  });

  it.each([
    [{ messages: {} }, 'messages', 'messages: expected an array, found an object'],
    [{ messages: [{ content: 'x' }] }, 'messages[0].role', 'messages[0].role: expected a string, found nothing'],
    [
      { messages: [0, 1, 2, 3, { role: 'assistant', tool_calls: [{ id: 'a', function: { name: null } }] }].map((m) => (typeof m === 'number' ? { role: 'user', content: 'x' } : m)) },
      'messages[4].tool_calls[0].function.name',
      'messages[4].tool_calls[0].function.name: expected a string, found null',
    ],
    [{ messages: [{ role: 'assistant', tool_calls: 'A()' }] }, 'messages[0].tool_calls', 'messages[0].tool_calls: expected an array, found "A()"'],
    [{ messages: [{ role: 'assistant', tool_calls: [{ id: 'a' }] }] }, 'messages[0].tool_calls[0].function', 'messages[0].tool_calls[0].function: expected an object, found nothing'],
    [{ messages: [{ role: 'user', content: 5 }] }, 'messages[0].content', 'messages[0].content: expected a string, an array of content parts or null, found 5'],
    [{ messages: [{ role: 'tool', tool_call_id: true }] }, 'messages[0].tool_call_id', 'messages[0].tool_call_id: expected a string or a number, found true'],
    [{ messages: [{ role: 'api', content: null }] }, 'messages[0].content', 'messages[0].content: expected a string, found null'],
    [{ messages: [], scenario: 'x' }, 'scenario', 'scenario: expected an object, found "x"'],
    [{ messages: [], scenario: { journey: 'N1' } }, 'scenario.journey', 'scenario.journey: expected an array, found "N1"'],
    [{ messages: [], scenario: { user_info: [] } }, 'scenario.user_info', 'scenario.user_info: expected an object, found an array'],
    [{ messages: [], graph: { nodes: [] } }, 'graph', 'graph: expected a string, found an object'],
    [{ messages: [], expected_tool_trace: [{ name: 'A' }, { arguments: {} }] }, 'expected_tool_trace[1].name', 'expected_tool_trace[1].name: expected a string, found nothing'],
    [{ messages: [], expected_tool_trace: [{ name: 'A', arguments: [1] }] }, 'expected_tool_trace[0].arguments', 'expected_tool_trace[0].arguments: expected an object, found an array'],
    [[], 'record', 'record: expected an object, found an array'],
  ])('rejects a wrong shape at %#, naming the field', (record, field, message) => {
    const error = formatError(record);
    expect(error.field).toBe(field);
    expect(error.message).toBe(message);
    expect(error.line).toBe(7);
  });

  it('does not let __proto__ or constructor keys pollute prototypes', () => {
    const record = JSON.parse(
      '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 2}}, "messages": [' +
        '{"role": "user", "content": "x", "__proto__": {"polluted": 3}},' +
        '{"role": "assistant", "tool_calls": [{"id": "a", "function": {"name": "A", "arguments": "{\\"__proto__\\": {\\"polluted\\": 4}}"}}]}' +
        '], "scenario": {"__proto__": {"polluted": 5}}}',
    ) as unknown;
    const conversation = read(record);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(conversation.extra)).toBe(Object.prototype);
    expect(Object.keys(conversation.extra)).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(conversation.turns[0].extra ?? {})).toEqual(['__proto__']);
    expect(Object.keys(conversation.scenario?.extra ?? {})).toEqual(['__proto__']);
    expect((conversation.extra as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(conversation)).extra.__proto__).toEqual({ polluted: 1 });
    expect(Object.keys(conversation.actualTrace[0].arguments ?? {})).toEqual(['__proto__']);
  });
});
