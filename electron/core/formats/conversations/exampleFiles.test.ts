import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormatModule } from '../module';
import type { ParsedItem } from '../types';
import { conversationFormats } from './index';
import type { Conversation, ToolCallTurn, ToolOutputTurn, TraceMetrics } from './model';
import { FORMATS } from '../../../testing/fixtures';

// The examples of fixtures/formats, hand-checked below turn by turn.

function format(id: string): FormatModule {
  const found = conversationFormats.find((f) => f.id === id);
  if (!found) throw new Error(`no format ${id}`);
  return found;
}

/** Frames a file as the import service does (JSONL lines / array elements) and reads it. */
function importFile(fileName: string, formatId: string): ParsedItem[] {
  const text = readFileSync(path.join(FORMATS, fileName), 'utf8');
  const module = format(formatId);
  const records: [unknown, number][] =
    module.framing === 'jsonl'
      ? text.split('\n').flatMap((line, i) => (line.trim() === '' ? [] : [[JSON.parse(line), i + 1] as [unknown, number]]))
      : (JSON.parse(text) as unknown[]).map((record, i) => [record, i + 1]);
  expect(module.detect(records[0][0])).toBe(true);
  const reader = module.createReader({ fileName });
  return [...records.flatMap(([record, line]) => reader.add(record, line)), ...reader.finish()];
}

const roles = (c: Conversation): string[] => c.turns.map((t) => t.role);

describe('conversations-chat.jsonl', () => {
  const items = importFile('conversations-chat.jsonl', 'conversations-chat-jsonl');

  it('holds 2 conversations', () => {
    expect(items.map((i) => i.externalId)).toEqual(['conv-0001', 'conv-0002']);
    expect(items.every((i) => i.kind === 'conversation')).toBe(true);
  });

  it('conv-0001: 14 messages give 14 turns, 3 tool calls each paired with the next turn', () => {
    const conversation = items[0].payload as Conversation;
    expect(roles(conversation)).toEqual([
      'system', 'user', 'tool_call', 'tool_output', 'assistant', 'user', 'tool_call', 'tool_output',
      'assistant', 'user', 'tool_call', 'tool_output', 'assistant', 'user',
    ]);
    const calls = conversation.turns.filter((t): t is ToolCallTurn => t.role === 'tool_call');
    expect(calls.map((c) => [c.index, c.call.id, c.call.name, c.call.outputTurn])).toEqual([
      [2, 'call_1', 'Customer Lookup', 3],
      [6, 'call_2', 'Return Policy Check', 7],
      [10, 'call_3', 'Refund Payment', 11],
    ]);
    expect(calls[0].call.arguments).toEqual({ email: 'dana.k@example.com' });
    const output = conversation.turns[7] as ToolOutputTurn;
    expect(output.output).toEqual({ callId: 'call_2', content: { daysSinceDelivery: 12, finalSale: false }, contentIsJson: true, callTurn: 6 });
    expect(conversation.scenario).toEqual({
      type: 'correct_context',
      journey: ['1', '2', '3', '5'],
      seed: null,
      persona: null,
      userInfo: { email: 'dana.k@example.com', orderId: 'SO-1042' },
    });
    expect(items[0].metadata).toEqual({
      domain: 'retail', graph: 'Order return with refund', scenarioType: 'correct_context', turnCount: 14, toolCallCount: 3,
    });
    expect(items[0].findings).toEqual([]);
  });

  it('conv-0001 follows its expected trace exactly: every metric is 1', () => {
    const metrics = items[0].metrics as TraceMetrics;
    expect(metrics).toMatchObject({
      traceExactMatch: true, toolPrecision: 1, toolRecall: 1, toolF1: 1, parameterMatch: 1, toolCallAccuracy: 1,
      expectedCalls: 3, actualCalls: 3, matchedTools: 3, expectedParameters: 3, matchedParameters: 3,
    });
    expect(metrics.alignment.map((r) => [r.status, r.name, r.turn, r.argumentsEqual])).toEqual([
      ['match', 'Customer Lookup', 2, true],
      ['match', 'Return Policy Check', 6, true],
      ['match', 'Refund Payment', 10, true],
    ]);
  });

  it('conv-0002 calls Return Policy Check with an order id the user never gave: an extra call', () => {
    const conversation = items[1].payload as Conversation;
    expect(roles(conversation)).toEqual(['user', 'assistant', 'user', 'tool_call', 'tool_output', 'tool_call', 'tool_output', 'assistant']);
    expect(conversation.actualTrace).toEqual([
      { name: 'Customer Lookup', arguments: { email: 'lee.m@example.com' }, turn: 3 },
      { name: 'Return Policy Check', arguments: { orderId: 'SO-0001' }, turn: 5 },
    ]);
    // By hand: expected [Customer Lookup], actual [Customer Lookup, Return Policy Check].
    // matched tools 1 → precision 1/2, recall 1/1, F1 = 2·0.5·1/1.5 = 2/3; the one expected
    // parameter (email) matches → parameter match 1/1; the name sequences differ → TCA 0.
    const metrics = items[1].metrics as TraceMetrics;
    expect(metrics.traceExactMatch).toBe(false);
    expect(metrics.toolPrecision).toBe(0.5);
    expect(metrics.toolRecall).toBe(1);
    expect(metrics.toolF1).toBeCloseTo(2 / 3, 12);
    expect(metrics.parameterMatch).toBe(1);
    expect(metrics.toolCallAccuracy).toBe(0);
    expect(metrics.alignment).toEqual([
      {
        status: 'match', name: 'Customer Lookup', expectedIndex: 0, actualIndex: 0, turn: 3, argumentsEqual: true,
        parameters: [{ name: 'email', status: 'equal', expected: 'lee.m@example.com', actual: 'lee.m@example.com' }],
      },
      { status: 'extra', name: 'Return Policy Check', expectedIndex: null, actualIndex: 1, turn: 5, argumentsEqual: null, parameters: [] },
    ]);
    expect(items[1].metadata.scenarioType).toBe('missing_parameter');
    expect(items[1].findings).toEqual([]);
  });
});

describe('conversation-roles.json', () => {
  const items = importFile('conversation-roles.json', 'conversations-roles-json');

  it('holds 1 conversation of 12 turns whose api calls are parsed and paired in order', () => {
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item.externalId).toBe('hotel-change-07');
    const conversation = item.payload as Conversation;
    expect(conversation.sourceFormat).toBe('conversations-roles-json');
    expect(roles(conversation)).toEqual([
      'user', 'assistant', 'user', 'tool_call', 'tool_output', 'assistant', 'user', 'tool_call', 'tool_output', 'tool_call', 'tool_output', 'assistant',
    ]);
    expect(conversation.actualTrace).toEqual([
      { name: 'get_booking', arguments: { booking_ref: 'HB-55812', last_name: 'Okafor' }, turn: 3 },
      { name: 'check_availability', arguments: { check_in: '2026-03-13', check_out: '2026-03-15' }, turn: 7 },
      {
        name: 'change_booking_dates',
        arguments: { booking_ref: 'HB-55812', check_in: '2026-03-13', check_out: '2026-03-15' },
        turn: 9,
      },
    ]);
    const pairs = conversation.turns.flatMap((t) => (t.role === 'tool_output' ? [[t.output.callTurn, t.index]] : []));
    expect(pairs).toEqual([[3, 4], [7, 8], [9, 10]]);
    expect((conversation.turns[8] as ToolOutputTurn).output.content).toEqual({ available: true, price_difference: 24.0 });
    expect(conversation.graph).toBe('Change hotel booking dates');
    expect(conversation.scenario?.journey).toEqual(['N0', 'N1', 'N2', 'N4', 'N5', 'N6', 'N7']);
    expect(item.metadata).toEqual({ graph: 'Change hotel booking dates', turnCount: 12, toolCallCount: 3 });
    expect(item.findings).toEqual([]);
    // No expected trace in this file, so no reference metrics.
    expect(item.metrics).toBeUndefined();
  });
});

describe('trajectory-events.jsonl', () => {
  const items = importFile('trajectory-events.jsonl', 'trajectory-events-jsonl');

  it('is 1 conversation named by its session id, 10 turns from 11 events', () => {
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item.externalId).toBe('88213');
    expect(item.line).toBe(1);
    const conversation = item.payload as Conversation;
    expect(roles(conversation)).toEqual([
      'user', 'tool_call', 'tool_output', 'assistant', 'user', 'tool_call', 'tool_output', 'tool_call', 'tool_output', 'assistant',
    ]);
    expect(conversation.turns[3]).toMatchObject({ agent: 'AddressAgent', latencySeconds: 0.84, timestamp: 1767225602.9, sourceIndex: 4 });
    expect(conversation.turns[1]).toMatchObject({ agent: 'Router', call: { id: 'c-1', name: 'intent_identified', outputTurn: 2 } });
    expect(conversation.actualTrace.map((c) => c.name)).toEqual(['intent_identified', 'validate_address', 'update_address']);
    expect(conversation.actualTrace[2].arguments).toMatchObject({ customer_id: 88213, zip_code: '04101' });
    expect((conversation.turns[8] as ToolOutputTurn).output).toMatchObject({ callTurn: 7, content: { status: 'updated', confirmation: 'AD-77310' } });
    expect(conversation.extra).toEqual({ sessionTimestamp: 1767225600.1 });
    expect(item.metadata).toEqual({ domain: 'banking', intent: 'update_address', turnCount: 10, toolCallCount: 3 });
    expect(item.findings).toEqual([]);
  });
});
