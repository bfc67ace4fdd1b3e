import { describe, expect, it } from 'vitest';
import type { Conversation } from '../conversations/model';
import { readOnlyTools } from '../conversations/modeFigures';
import { findPreset, presetFormat } from './index';
import { TAU_BENCH_READ_ONLY_TOOLS, tauBench } from './tauBench';
import { readTextActions } from './tauBenchActions';

/** A chat_react_agent.py assistant message: a Thought part (react) or none (act), then the action. */
const action = (name: string, args: unknown, thought?: string) => ({
  role: 'assistant',
  content: `${thought === undefined ? '' : `Thought:\n${thought}\n`}Action:\n${JSON.stringify({ name, arguments: args })}`,
  tool_calls: null,
  function_call: null,
});
const user = (content: string) => ({ role: 'user', content });

describe('τ-bench ReAct/Act actions written as text', () => {
  it('reads a react call (Thought kept as text), its API output, and a respond as the reply', () => {
    const read = readTextActions([
      { role: 'system', content: 'policy' },
      user('return my order #W9'),
      action('get_order_details', { order_id: '#W9' }, 'I should look up the order.'),
      user('API output: {"status": "delivered"}'),
      action('respond', { content: 'Confirm return?' }, 'Ask to confirm.'),
    ]);
    expect(read).toEqual({
      calls: 1,
      unread: [],
      messages: [
        { role: 'system', content: 'policy' },
        user('return my order #W9'),
        { role: 'assistant', content: 'Thought:\nI should look up the order.', tool_calls: [{ type: 'function', function: { name: 'get_order_details', arguments: { order_id: '#W9' } } }] },
        { role: 'tool', content: '{"status": "delivered"}' },
        { role: 'assistant', content: 'Thought:\nAsk to confirm.\n\nConfirm return?', tool_calls: null, function_call: null },
      ],
    });
  });

  it('reads act actions (no Thought: the call has no text, the reply is the text) and a bare JSON action without "Action:"', () => {
    const read = readTextActions([
      user('cancel EHGLP3'),
      action('get_reservation_details', { reservation_id: 'EHGLP3' }),
      user('API output: {"cabin": "business"}'),
      // τ-bench parses the whole message when it has no "Action:".
      { role: 'assistant', content: '{"name": "cancel_reservation", "arguments": {"reservation_id": "EHGLP3"}}' },
      user('API output: Error: reservation not found'),
      action('respond', { content: 'Done.' }),
    ])!;
    expect(read.calls).toBe(2);
    expect(read.messages.slice(1, 5)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'get_reservation_details', arguments: { reservation_id: 'EHGLP3' } } }] },
      { role: 'tool', content: '{"cabin": "business"}' },
      { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'cancel_reservation', arguments: { reservation_id: 'EHGLP3' } } }] },
      { role: 'tool', content: 'Error: reservation not found' },
    ]);
    expect(read.messages[5]).toMatchObject({ role: 'assistant', content: 'Done.' });
  });

  it('keeps an action it cannot read as text and says which, and an API output that follows no call as a user message', () => {
    const broken = { role: 'assistant', content: 'Action:\n{"name": "cancel_reservation", "arguments": {"reservation_id": "EHGLP3"}' };
    const notObject = { role: 'assistant', content: 'Thought:\nx\nAction:\n{"name": "book", "arguments": "EHGLP3"}' };
    const read = readTextActions([user('hi'), broken, user('API output: {"ok": true}'), notObject, user('what?')])!;
    expect(read.calls).toBe(0);
    expect(read.messages).toEqual([user('hi'), broken, user('API output: {"ok": true}'), notObject, user('what?')]);
    expect(read.unread.map((u) => u.message)).toEqual([1, 2, 3]);
    expect(read.unread[0]!.problem).toMatch(/^the action after "Action:" is not read \(not JSON: .+\): kept as text, as τ-bench sent it to the user; no tool call counted$/);
    expect(read.unread[1]!.problem).toBe('an API output that follows no tool call read from text: kept as a user message');
    expect(read.unread[2]!.problem).toContain('"arguments" of book is not an object');
  });

  it('leaves tool-calling trajectories (chat tool_calls, plain assistant text) alone', () => {
    expect(
      readTextActions([
        user('hi'),
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_user_details', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: '{}' },
        { role: 'assistant', content: 'Here is what I found. Action: none needed.' },
      ]),
    ).toBeNull();
    // A tool-calling agent's text is its reply even when it reads like an action.
    const text = action('cancel_reservation', { reservation_id: 'EHGLP3' }, 'Cancel it.');
    expect(readTextActions([user('hi'), text, user('API output: ?'), { role: 'tool', tool_call_id: 'c1', content: '{}' }])).toBeNull();
  });

  it('through the preset: calls and outputs paired, the unread action a warning on its turn', () => {
    const reader = presetFormat(findPreset('tau-bench')!, 'json-array').createReader({ fileName: 'react.json' });
    const [item] = reader.add(
      {
        task_id: 5,
        trial: 0,
        reward: 0,
        info: { task: { user_id: 'u1', actions: [{ name: 'get_order_details', kwargs: { order_id: '#W9' } }], instruction: 'x', outputs: [] } },
        traj: [
          user('return #W9'),
          action('get_order_details', { order_id: '#W9' }, 'Look it up.'),
          user('API output: {"status": "delivered"}'),
          { role: 'assistant', content: 'Thought:\nReturn it.\nAction:\n{"name": "return_delivered_order_items", "arguments": {' },
          user('?'),
        ],
      },
      1,
      1,
    );
    const conversation = item!.payload as Conversation;
    expect(conversation.turns.map((t) => `${t.role}@${t.sourceIndex}`)).toEqual(['user@0', 'assistant@1', 'tool_call@1', 'tool_output@2', 'assistant@3', 'user@4']);
    expect(conversation.turns[1]!.text).toBe('Thought:\nLook it up.');
    expect(conversation.actualTrace).toEqual([{ name: 'get_order_details', arguments: { order_id: '#W9' }, turn: 2 }]);
    const output = conversation.turns[3]!;
    expect(output.role === 'tool_output' && [output.output.callTurn, output.output.content]).toEqual([2, { status: 'delivered' }]);
    expect(item!.metadata.toolCallCount).toBe(1);
    expect(item!.findings.map((f) => [f.validator, f.severity, f.location, f.message.slice(0, 45)])).toEqual([
      ['tau-bench-action-unread', 'warning', { turn: 4 }, 'traj[3]: the action after "Action:" is not re'],
    ]);
  });
});

describe('τ-bench read-only tools', () => {
  it('are the documented prefixes and names, and the description says so from the same list', () => {
    const readOnly = readOnlyTools(TAU_BENCH_READ_ONLY_TOOLS);
    // airline/retail lookups, τ²-bench telecom lookups, calculator and think: read-only.
    for (const tool of ['get_user_details', 'list_all_airports', 'search_onestop_flight', 'find_user_id_by_name_zip', 'get_customer_by_phone', 'get_bills_for_customer', 'calculate', 'think']) {
      expect([tool, readOnly.has(tool)]).toEqual([tool, true]);
    }
    for (const tool of ['refund_bill', 'send_payment_request', 'cancel_reservation', 'transfer_to_human_agents', 'thinking', 'calculate_total', 'forget_user']) {
      expect([tool, readOnly.has(tool)]).toEqual([tool, false]);
    }
    expect(tauBench.description).toContain('(get_*/find_*/list_*/search_*, calculate and think are read-only)');
    expect(tauBench.mapping.kind === 'conversation' && tauBench.mapping.scoring?.readOnlyTools).toBe(TAU_BENCH_READ_ONLY_TOOLS);
  });
});
