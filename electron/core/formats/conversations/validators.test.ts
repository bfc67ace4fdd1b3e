import { describe, expect, it } from 'vitest';
import type { Finding } from '../types';
import { readMessageConversation } from './conversationRecord';
import type { Conversation } from './model';
import { validateConversation } from './validateConversation';

function conversation(messages: unknown[]): Conversation {
  return readMessageConversation({ id: 'c', messages }, { sourceFormat: 'conversations-chat-jsonl', line: 1, fallbackId: 'c' });
}
const findings = (messages: unknown[], maxTurns?: number): [string, string, number | undefined, string][] =>
  validateConversation(conversation(messages), { maxTurns }).map((f: Finding) => [f.validator, f.severity, f.location?.turn, f.message]);

const user = (content = 'u') => ({ role: 'user', content });
const assistant = (content = 'a') => ({ role: 'assistant', content });
const calls = (...specs: [string, string, string?][]) => ({
  role: 'assistant',
  content: null,
  tool_calls: specs.map(([id, name, args = '{}']) => ({ id, type: 'function', function: { name, arguments: args } })),
});
const tool = (id: string | null, content = '{}') => ({ role: 'tool', tool_call_id: id, content });

describe('conversation validators', () => {
  it('accept a well-formed conversation with a batch of calls answered in turn', () => {
    expect(findings([user(), calls(['a', 'A'], ['b', 'B']), tool('a'), tool('b'), assistant()])).toEqual([]);
  });

  it('flag an empty conversation', () => {
    expect(findings([])).toEqual([['conversation-empty', 'error', undefined, 'the conversation has no turns']]);
  });

  it('warn above the turn limit, and not at it', () => {
    const messages = [user(), assistant(), user(), assistant()];
    expect(findings(messages, 4)).toEqual([]);
    expect(findings(messages, 3)).toEqual([
      ['conversation-turn-limit', 'warning', undefined, 'the conversation has 4 turns, more than the limit of 3'],
    ]);
    // The default limit is 200.
    const long = Array.from({ length: 201 }, (_, i) => (i % 2 === 0 ? user() : assistant()));
    expect(findings(long).map((f) => f[0])).toEqual(['conversation-turn-limit']);
    expect(findings(long.slice(0, 200))).toEqual([]);
  });

  it('flag a call without output and an output without call', () => {
    expect(findings([user(), calls(['a', 'A']), assistant(), tool('zzz')])).toEqual([
      ['conversation-unanswered-tool-call', 'error', 1, "tool call 'A' (a) has no output"],
      ['conversation-orphan-tool-output', 'error', 3, "tool output for call id 'zzz', which no tool call has"],
    ]);
    expect(findings([user(), tool(null), assistant()])).toEqual([
      ['conversation-orphan-tool-output', 'error', 1, 'tool output with no unanswered tool call before it'],
    ]);
  });

  it('flag a second output for the same call, and a reused call id', () => {
    expect(findings([user(), calls(['a', 'A']), tool('a'), tool('a'), assistant()])).toEqual([
      ['conversation-duplicate-tool-output', 'warning', 3, "tool output for call 'a', which was already answered (call at turn 1)"],
    ]);
    expect(findings([user(), calls(['a', 'A']), tool('a'), calls(['a', 'B']), tool('a'), assistant()])).toEqual([
      ['conversation-duplicate-call-id', 'warning', 3, "call id 'a' is also used by the call at turn 1; outputs are paired in order"],
    ]);
  });

  it('flag an output separated from its call by a message, or logged before it', () => {
    expect(findings([user(), calls(['a', 'A']), assistant('wait'), tool('a')])).toEqual([
      ['conversation-tool-output-order', 'warning', 3, 'tool output is separated from its call (turn 1) by assistant turn 2'],
    ]);
    expect(findings([user(), tool('a'), calls(['a', 'A']), assistant()])).toEqual([
      ['conversation-tool-output-order', 'warning', 1, 'tool output comes before its call (turn 2)'],
    ]);
  });

  it('accept interleaved call/output pairs, as event streams log them', () => {
    expect(findings([user(), calls(['a', 'A']), tool('a'), calls(['b', 'B']), tool('b'), assistant()])).toEqual([]);
  });

  it('flag two user turns with no agent turn between; a tool call counts as one', () => {
    expect(findings([user(), { role: 'system', content: 's' }, user(), assistant()])).toEqual([
      ['conversation-consecutive-user-turns', 'warning', 2, 'user turn follows the user turn 0 with no assistant turn between'],
    ]);
    expect(findings([user(), calls(['a', 'A']), tool('a'), user(), assistant()])).toEqual([]);
  });

  it('flag tool-call arguments that are not valid JSON, or not an object', () => {
    expect(findings([user(), calls(['a', 'A', '{"x": 1,}'], ['b', 'B', '[1]']), tool('a'), tool('b'), assistant()])).toEqual([
      ['conversation-invalid-tool-arguments', 'error', 1, "arguments of tool call 'A' are not valid: invalid JSON: expected a property name in double quotes (trailing comma?) at column 9"],
      ['conversation-tool-arguments-not-object', 'warning', 2, "arguments of tool call 'B' are an array, not an object of named parameters"],
    ]);
  });

  it('flag an unparseable api call with its column', () => {
    expect(findings([user(), { role: 'api', content: 'f(x)' }, { role: 'api_output', content: 'ok' }, assistant()])).toEqual([
      ['conversation-invalid-tool-arguments', 'error', 1, "arguments of tool call 'f' are not valid: cannot parse the call at column 3: positional argument 'x': expected name=value"],
    ]);
  });

  it('note each unknown role once, at its first turn', () => {
    expect(findings([user(), { role: 'critic', content: 'meh' }, assistant(), { role: 'moderator', content: '1' }, { role: 'critic' }])).toEqual([
      ['conversation-unknown-role', 'info', 1, "role 'critic' is not interpreted (2 turns, the first here); kept as is"],
      ['conversation-unknown-role', 'info', 3, "role 'moderator' is not interpreted; kept as is"],
    ]);
  });

  it('put the arguments field in the location of argument findings', () => {
    const [finding] = validateConversation(conversation([user(), calls(['a', 'A', 'nope']), tool('a'), assistant()]));
    expect(finding.location).toEqual({ turn: 1, field: 'arguments' });
  });
});
