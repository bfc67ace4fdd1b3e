import { describe, expect, it } from 'vitest';
import type { Conversation } from '../conversations/model';
import { FormatError } from '../types';
import { readSopSession } from './readSopSession';

const SOP = '1. Ask for the order id\n2. Check the payment (get_payment_status)\n    a) Tell the release date\n3. Close';
const record = (memory: unknown[], more: Record<string, unknown> = {}) => ({ session_id: 's-1', sop_id: 'pay', model: 'm', sop: SOP, execution_memory: memory, ...more });
const place = { ordinal: 4, line: 7 };
const errorOf = (value: unknown): FormatError => {
  try {
    readSopSession(value, place);
  } catch (error) {
    if (error instanceof FormatError) return error;
  }
  throw new Error('no FormatError');
};

describe('readSopSession', () => {
  it('turns each memory entry into a step and a turn, keeps the SOP as an outline, and applies the rule', () => {
    const item = readSopSession(
      record([
        { state: 1, action: 'ask_order_id', action_type: 'ask_user_input', observation: 'OD1', status: 'success', latency_ms: 12 },
        { state: '2', action: 'get_payment_status', type: 'api_call', observation: { error: 'x' }, success: false },
        { state: '2.a', action: 'tell_release_date', action_type: 'message_to_user', observation: 'ok', status: 'Success' },
      ], { channel: 'chat' }),
      place,
    );
    const payload = item.payload as Conversation;
    expect([item.externalId, item.kind, item.line]).toEqual(['s-1', 'conversation', 7]);
    expect(item.metadata).toEqual({ sop: 'pay', model: 'm', stepCount: 3, failedSteps: 1, continuedPastFailure: true });
    expect(payload.graph).toBe('pay');
    expect(payload.extra).toEqual({ channel: 'chat' });
    expect(payload.turns.map((t) => [t.index, t.role, t.sourceRole, t.text])).toEqual([
      [0, 'event', 'ask_user_input', 'ask_order_id'],
      [1, 'event', 'api_call', 'get_payment_status'],
      [2, 'event', 'message_to_user', 'tell_release_date'],
    ]);
    const sop = payload.sopExecution!;
    expect(sop.outline.map((l) => l.label)).toEqual(['1', '2', '2.a', '3']);
    expect(sop.steps.map((s) => [s.state, s.status, s.outlineLine])).toEqual([
      ['1', 'success', 0],
      ['2', 'fail', 1],
      ['2.a', 'success', 2],
    ]);
    expect(sop.steps[0]!.extra).toEqual({ latency_ms: 12 });
    expect(sop.rule).toMatchObject({ failedStep: 1, ruledSteps: [2] });
    expect(item.findings).toEqual([
      expect.objectContaining({ validator: 'sop-continued-after-failure', severity: 'warning', location: { turn: 1 } }),
    ]);
  });

  it('warns about a state that names no line of the SOP', () => {
    const item = readSopSession(record([{ state: '9', action: 'a', action_type: 'api_call', status: 'success' }]), place);
    expect(item.findings).toEqual([{ validator: 'sop-unknown-state', severity: 'warning', location: { turn: 0 }, message: 'step 1: the state "9" names no line of SOP pay' }]);
  });

  it('rejects a record of the wrong shape with the record number, the path and what was there', () => {
    const bad = errorOf(record([{ action: 'a', action_type: 'api_call', status: 'maybe' }]));
    expect(bad.message).toBe('record 4: execution_memory[0].status: expected "success" or "fail", found "maybe"');
    expect([bad.line, bad.field]).toEqual([7, 'execution_memory[0].status']);
    expect(errorOf(record([])).message).toBe('record 4: execution_memory: expected a non-empty list of steps, found an array');
    expect(errorOf(record([{ action: '', action_type: 'api_call', status: 'fail' }])).message).toBe('record 4: execution_memory[0].action: expected the action as a string, found ""');
    expect(errorOf(record([{ action: 'a', status: 'fail' }])).message).toBe('record 4: execution_memory[0].action_type: expected a type such as "api_call", found nothing');
    expect(errorOf({ ...record([]), session_id: undefined }).message).toBe('record 4: session_id: expected a string or a number, found nothing');
  });
});
