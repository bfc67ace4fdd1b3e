import { describe, expect, it } from 'vitest';
import { FormatError } from '../types';
import { conversationFormats } from './index';
import type { Conversation } from './model';
import { TrajectoryBuilder } from './trajectoryEvents';

const trajectory = conversationFormats.find((f) => f.id === 'trajectory-events-jsonl')!;

function build(events: unknown[], fileName = 'run-17.jsonl'): Conversation {
  const reader = trajectory.createReader({ fileName });
  events.forEach((event, i) => expect(reader.add(event, i + 1)).toEqual([]));
  const items = reader.finish();
  expect(items).toHaveLength(1);
  return items[0].payload as Conversation;
}

function errorOf(events: unknown[]): FormatError {
  const builder = new TrajectoryBuilder();
  try {
    events.forEach((event, i) => builder.add(event, i + 1));
    builder.finish('f', 'trajectory-events-jsonl');
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('expected a FormatError');
}

describe('trajectory event streams', () => {
  it('names a stream without a session after its file, and keeps other events as event turns', () => {
    const conversation = build([
      { event_type: 'user_input', data: { user_input: 'hi' } },
      { event_type: 'handoff', data: { from: 'Router', to: 'Billing' }, timestamp: 3, trace_id: 't' },
      { event_type: 'agent_response', data: { agent_response: 'hello', current_agent: 'Billing', confidence: 0.9 } },
    ]);
    expect(conversation.id).toBe('run-17');
    expect(conversation.turns[1]).toEqual({
      index: 1, role: 'event', sourceRole: 'handoff', sourceIndex: 1, text: null, timestamp: 3,
      data: { from: 'Router', to: 'Billing' }, extra: { trace_id: 't' },
    });
    expect(conversation.turns[2]).toMatchObject({ role: 'assistant', agent: 'Billing', extra: { confidence: 0.9 } });
  });

  it('reads expected trace, scenario and model from the session, and keeps a second session as an event', () => {
    const conversation = build([
      {
        event_type: 'session',
        data: { id: 's-1', model: 'm', graph: 'G', scenario: { type: 'failing_function' }, expected_tool_trace: [{ name: 'A', arguments: {} }], tenant: 'x' },
      },
      { event_type: 'tool_called', data: { tool_name: 'A', call_id: 1, arguments: { q: 1 } } },
      { event_type: 'tool_output', data: { call_id: 1, output: '{"ok": true}', tool_name: 'A' } },
      { event_type: 'session', data: { id: 's-2' } },
    ]);
    expect(conversation).toMatchObject({ id: 's-1', model: 'm', graph: 'G', scenario: { type: 'failing_function' }, extra: { tenant: 'x' } });
    expect(conversation.expectedTrace).toEqual([{ name: 'A', arguments: {} }]);
    expect(conversation.turns.map((t) => t.role)).toEqual(['tool_call', 'tool_output', 'event']);
    expect(conversation.turns[1]).toMatchObject({ output: { callId: '1', name: 'A', content: { ok: true }, callTurn: 0 } });
  });

  it('yields its metrics from finish when the session has an expected trace', () => {
    const reader = trajectory.createReader({ fileName: 'x.jsonl' });
    reader.add({ event_type: 'session', data: { expected_tool_trace: [{ name: 'A', arguments: { q: 1 } }] } }, 1);
    reader.add({ event_type: 'tool_called', data: { tool_name: 'A', call_id: 'c', arguments: '{"q": 2}' } }, 2);
    reader.add({ event_type: 'tool_output', data: { call_id: 'c', result: {} } }, 3);
    const [item] = reader.finish();
    expect(item.metrics).toMatchObject({ traceExactMatch: false, toolF1: 1, parameterMatch: 0, toolCallAccuracy: 0 });
  });

  it.each([
    [[{ data: {} }], 'event_type', 'event_type: expected a string, found nothing', 1],
    [[{ event_type: 'user_input', data: {} }, { event_type: 'tool_called', data: { tool_name: null } }], 'data.tool_name', 'data.tool_name: expected a string, found null', 2],
    [[{ event_type: 'user_input', data: 'hi' }], 'data', 'data: expected an object, found "hi"', 1],
    [[{ event_type: 'agent_response', data: { agent_response: 'x', user_perceived_latency: 'slow' } }], 'data.user_perceived_latency', 'data.user_perceived_latency: expected a number, found "slow"', 1],
    [[{ event_type: 'user_input', timestamp: {} }], 'timestamp', 'timestamp: expected a number or a string, found an object', 1],
    [[{ event_type: 'session', data: { scenario: { journey: 3 } } }], 'data.scenario.journey', 'data.scenario.journey: expected an array, found 3', 1],
    [[{ event_type: 'session', data: { expected_tool_trace: {} } }], 'data.expected_tool_trace', 'data.expected_tool_trace: expected an array, found an object', 1],
  ])('rejects a wrong shape at %#, naming field and line', (events, field, message, line) => {
    const error = errorOf(events);
    expect([error.field, error.message, error.line]).toEqual([field, message, line]);
  });

  it('rejects a stream without events', () => {
    expect(errorOf([]).message).toBe('the event stream holds no events');
  });
});
