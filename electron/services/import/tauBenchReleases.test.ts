import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';

/**
 * τ-bench result files in the shapes the other agents write (fixtures/releases, written for
 * Accord): the react/act agents' actions written as text, and τ²-bench telecom tool names.
 * What a user sees after a plain import: the stored calls, findings and the figures per mode.
 */
let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

const importRelease = async (name: string) => (await ws.api('datasets.import', { sources: [{ path: path.join(RELEASES, name) }] })).files[0]!;
const item = async (externalId: string) => ws.api('items.get', { id: ws.itemId(externalId) });
type Figures = { mode: string; toolPrecision: number; toolRecall: number; toolF1: number; traceExactMatch: boolean; toolCallAccuracy: number; parameterMatch: number; expectedCalls: number; actualCalls: number; readOnlyCalls: number };
type Payload = { turns: { role: string; text: string | null; sourceIndex: number; output?: { content: unknown; callTurn: number | null } }[]; actualTrace: { name: string; arguments: unknown; turn: number }[] };
const figures = (f: Figures) => [f.mode, f.toolPrecision, f.toolRecall, f.toolF1, f.toolCallAccuracy, f.parameterMatch, f.traceExactMatch, f.actualCalls, f.readOnlyCalls];

describe('τ-bench react/act trajectories (actions written as text)', () => {
  it('reads the react calls as tool calls, API outputs as their outputs, respond as the reply, with the Thought kept', async () => {
    ws = await annotationWorkspace([]);
    const report = await importRelease('tau-bench-react.json');
    expect([report.status, report.format, report.imported]).toEqual(['imported', 'preset:tau-bench', 2]);
    const react = await item('task-5-trial-0');
    const payload = react.payload as Payload;
    expect(payload.actualTrace).toEqual([
      { name: 'find_user_id_by_email', arguments: { email: 'yusuf.rossi7301@example.com' }, turn: 3 },
      { name: 'get_order_details', arguments: { order_id: '#W2378156' }, turn: 6 },
      { name: 'return_delivered_order_items', arguments: { order_id: '#W2378156', item_ids: ['4983901480'], payment_method_id: 'credit_card_9513926' }, turn: 11 },
    ]);
    // traj has 12 messages; each call message gives its Thought and the call (two turns, one source index).
    expect(payload.turns.map((t) => `${t.role}@${t.sourceIndex}`)).toEqual([
      'system@0', 'user@1', 'assistant@2', 'tool_call@2', 'tool_output@3', 'assistant@4', 'tool_call@4', 'tool_output@5',
      'assistant@6', 'user@7', 'assistant@8', 'tool_call@8', 'tool_output@9', 'assistant@10', 'user@11',
    ]);
    expect(payload.turns[2]!.text).toBe('Thought:\nI need the user id first, from the email.');
    expect(payload.turns[4]!.output).toEqual({ callId: null, content: 'yusuf_rossi_9620', contentIsJson: false, callTurn: 3 });
    expect(payload.turns[8]!.text).toBe(
      'Thought:\nThe order is delivered; confirm the return first.\n\nOrder #W2378156 is delivered. I can return the Water Bottle ($47.59) to your credit card credit_card_9513926. Shall I proceed (yes/no)?',
    );
    expect(react.findings).toEqual([]);
    expect(react.metadata).toMatchObject({ toolCallCount: 3, taskId: 5, reward: 1 });
    // Gold: get_order_details, return_delivered_order_items; made: find_user_id_by_email too.
    // All calls: 2 of 3 calls paired → P 2/3, R 1, F1 2·(2/3)/(5/3) = 0.8; parameters 1 + 3 of 4
    // equal → 1; TCA 0 (3 names ≠ 2); not exact. State-changing: the 1 + 2 lookups (get_*,
    // find_*) left out → return vs return, equal → 1 everywhere, exact, 3 read-only. Order-free:
    // as all calls, TCA 0 (3 counted ≠ 2 expected).
    const [all, stateChanging, orderFree] = (react.metrics as { modes: Figures[] }).modes;
    expect(figures(all!)).toEqual(['all-calls', 2 / 3, 1, expect.closeTo(0.8, 12), 0, 1, false, 3, 0]);
    expect(figures(stateChanging!)).toEqual(['state-changing', 1, 1, 1, 1, 1, true, 1, 3]);
    expect(figures(orderFree!)).toEqual(['order-free', 2 / 3, 1, expect.closeTo(0.8, 12), 0, 1, false, 3, 0]);
  });

  it('reads the act calls, and keeps the action it cannot read as text with a finding naming it', async () => {
    ws = await annotationWorkspace([]);
    await importRelease('tau-bench-react.json');
    const act = await item('task-9-trial-0');
    const payload = act.payload as Payload;
    // Act writes no Thought: a call message is just the call.
    expect(payload.turns.map((t) => `${t.role}@${t.sourceIndex}`)).toEqual([
      'system@0', 'user@1', 'tool_call@2', 'tool_output@3', 'assistant@4', 'user@5', 'assistant@6', 'user@7', 'tool_call@8', 'tool_output@9', 'assistant@10', 'user@11',
    ]);
    expect(payload.actualTrace.map((c) => c.name)).toEqual(['get_reservation_details', 'cancel_reservation']);
    // traj[6] lacks its closing brace: τ-bench sent it to the user as text; shown as written.
    expect(payload.turns[6]!.text).toBe('Action:\n{"name": "cancel_reservation", "arguments": {"reservation_id": "EHGLP3", "reason": "change_of_plan"}');
    expect(payload.turns[4]!.text).toBe('Reservation EHGLP3 is in business class, so it can be cancelled. What is the reason, and shall I go ahead (yes/no)?');
    expect(act.findings.map((f) => [f.validator, f.severity, f.location])).toEqual([['tau-bench-action-unread', 'warning', { turn: 6 }]]);
    expect(act.findings[0]!.message).toMatch(/^traj\[6\]: the action after "Action:" is not read \(not JSON: .*\): kept as text, as τ-bench sent it to the user; no tool call counted$/);
    // Gold: cancel_reservation. All calls: 1 of 2 paired → P 1/2, R 1, F1 2/3; TCA 0 (2 ≠ 1).
    // State-changing: the get_* lookup left out → exact, 1 everywhere. Order-free: as all calls.
    const [all, stateChanging, orderFree] = (act.metrics as { modes: Figures[] }).modes;
    expect(figures(all!)).toEqual(['all-calls', 0.5, 1, expect.closeTo(2 / 3, 12), 0, 1, false, 2, 0]);
    expect(figures(stateChanging!)).toEqual(['state-changing', 1, 1, 1, 1, 1, true, 1, 1]);
    expect(figures(orderFree!)).toEqual(['order-free', 0.5, 1, expect.closeTo(2 / 3, 12), 0, 1, false, 2, 0]);
    const page = await ws.api('items.list', { offset: 0, limit: 10 });
    expect(Object.fromEntries(page.rows.map((r) => [r.externalId, r.headline]))).toEqual({ 'task-5-trial-0': 'TCA 1.00 · state-changing', 'task-9-trial-0': 'TCA 1.00 · state-changing' });
  });
});

describe('τ-bench results with τ²-bench telecom tools', () => {
  it('leaves the get_* lookups out of the state-changing figures (the documented prefix rule)', async () => {
    ws = await annotationWorkspace([]);
    await importRelease('tau-bench-telecom.json');
    // Trial 0, gold send_payment_request(C1001, B1002); made get_customer_by_phone,
    // get_bills_for_customer, get_details_by_id, then the payment request as expected.
    // All calls: 1 of 4 paired → P 1/4, R 1, F1 2·0.25/1.25 = 0.4; TCA 0. State-changing: the
    // three get_* left out → 1 everywhere, exact, 3 read-only. Order-free: as all calls.
    const good = ((await item('task-3-trial-0')).metrics as { modes: Figures[] }).modes;
    expect(figures(good[0]!)).toEqual(['all-calls', 0.25, 1, expect.closeTo(0.4, 12), 0, 1, false, 4, 0]);
    expect(figures(good[1]!)).toEqual(['state-changing', 1, 1, 1, 1, 1, true, 1, 3]);
    expect(figures(good[2]!)).toEqual(['order-free', 0.25, 1, expect.closeTo(0.4, 12), 0, 1, false, 4, 0]);
    // Trial 1: get_customer_by_phone, suspend_line (a write the gold does not list), then the
    // payment request for the wrong bill (B1001). All calls: 1 of 3 paired → P 1/3, R 1, F1 0.5;
    // parameters 1 of 2 (customer_id equal, bill_id not) → 0.5. State-changing: the lookup left
    // out, the suspension still counted → P 1/2, R 1, F1 2/3, TCA 0 (2 calls ≠ 1), 1 read-only.
    const bad = ((await item('task-3-trial-1')).metrics as { modes: Figures[] }).modes;
    expect(figures(bad[0]!)).toEqual(['all-calls', 1 / 3, 1, expect.closeTo(0.5, 12), 0, 0.5, false, 3, 0]);
    expect(figures(bad[1]!)).toEqual(['state-changing', 0.5, 1, expect.closeTo(2 / 3, 12), 0, 0.5, false, 2, 1]);
    expect(figures(bad[2]!)).toEqual(['order-free', 1 / 3, 1, expect.closeTo(0.5, 12), 0, 0.5, false, 3, 0]);
    const page = await ws.api('items.list', { offset: 0, limit: 10 });
    expect(Object.fromEntries(page.rows.map((r) => [r.externalId, r.headline]))).toEqual({ 'task-3-trial-0': 'TCA 1.00 · state-changing', 'task-3-trial-1': 'TCA 0.00 · state-changing' });
  });
});
