import { describe, expect, it } from 'vitest';
import type { TraceCall } from './model';
import { figuresByMode, modeFigures, readOnlyTools } from './modeFigures';
import { alignTraces } from './traceAlignment';

const c = (name: string, args: Record<string, unknown> | null = {}, failed = false): TraceCall => (failed ? { name, arguments: args, failed } : { name, arguments: args });
const rows = (expected: TraceCall[], actual: TraceCall[], orderFree = false) =>
  alignTraces(expected, actual, { orderFree }).map((r) => [r.status, r.name, r.expectedIndex, r.actualIndex]);

describe('alignTraces: equal calls first, retries', () => {
  it('pairs the expected call with the actual call whose arguments equal it, not the first of that tool', () => {
    // The agent cancelled the wrong reservation first (a real, successful call), then the right one.
    expect(rows([c('cancel', { id: 'B' })], [c('cancel', { id: 'A' }), c('cancel', { id: 'B' })])).toEqual([
      ['extra', 'cancel', null, 0],
      ['match', 'cancel', 0, 1],
    ]);
  });

  it('shows a failed attempt followed by its retry as a retry, and pairs the retry', () => {
    const result = alignTraces([c('book', { n: 1 })], [c('book', { n: 1 }, true), c('book', { n: 1 })]);
    expect(result.map((r) => [r.status, r.actualIndex, r.retriedBy])).toEqual([
      ['retry', 0, 1],
      ['match', 1, undefined],
    ]);
    expect(result[1]!.argumentsEqual).toBe(true);
  });

  it('leaves a failed call nobody retried as an extra call', () => {
    expect(rows([c('book')], [c('book', {}, true), c('other')])).toEqual([
      ['match', 'book', 0, 0],
      ['extra', 'other', null, 1],
    ]);
  });

  it('compares arguments as JSON values: key order and 1 vs 1.0 do not matter', () => {
    const args = JSON.parse('{"b": 1.0, "a": {"y": [1, 2], "x": "q"}}') as Record<string, unknown>;
    expect(alignTraces([c('t', { a: { x: 'q', y: [1, 2] }, b: 1 })], [c('t', args)])[0]).toMatchObject({ status: 'match', argumentsEqual: true });
  });

  it('order-free pairs swapped calls as matches', () => {
    expect(rows([c('A'), c('B')], [c('B'), c('A')], true)).toEqual([
      ['match', 'A', 0, 1],
      ['match', 'B', 1, 0],
    ]);
  });
});

describe('modeFigures on a tau-bench-shaped trace', () => {
  // Gold (tau-bench lists only state-changing actions): update the flights, then send a certificate.
  const expected = [c('update_reservation_flights', { reservation_id: 'ZX91QK', cabin: 'economy' }), c('send_certificate', { user_id: 'li_4', amount: 100 })];
  // The agent: looks up the user and the reservation (read-only), a first update that failed
  // (wrong cabin spelling), its retry with the right arguments, a flight search (read-only), and
  // the certificate with the amount written as 100.0 and the keys in another order.
  const actual = [
    c('get_user_details', { user_id: 'li_4' }),
    c('get_reservation_details', { reservation_id: 'ZX91QK' }),
    c('update_reservation_flights', { reservation_id: 'ZX91QK', cabin: 'econ' }, true),
    c('update_reservation_flights', { reservation_id: 'ZX91QK', cabin: 'economy' }),
    c('search_direct_flight', { origin: 'JFK' }),
    c('send_certificate', { amount: 100.0, user_id: 'li_4' }),
  ];
  const readOnly = new Set(['get_user_details', 'get_reservation_details', 'search_direct_flight']);

  it('aligns the retry as a retry and the lookups as extra calls', () => {
    expect(rows(expected, actual)).toEqual([
      ['extra', 'get_user_details', null, 0],
      ['extra', 'get_reservation_details', null, 1],
      ['retry', 'update_reservation_flights', null, 2],
      ['match', 'update_reservation_flights', 0, 3],
      ['extra', 'search_direct_flight', null, 4],
      ['match', 'send_certificate', 1, 5],
    ]);
  });

  it('all calls: the lookups count against precision, the failed attempt does not', () => {
    // By hand: counted actual calls = 6 − 1 retried attempt = 5; paired = 2 → P = 2/5, R = 2/2,
    // F1 = 2·0.4·1/1.4 = 4/7. Parameters: 2 + 2 expected, all equal on the pairs → 1.
    // Exact match: no (three extra lookups). TCA: counted names ≠ expected names → 0.
    const f = modeFigures(expected, actual, 'all-calls', readOnly);
    expect(f).toMatchObject({ mode: 'all-calls', expectedCalls: 2, actualCalls: 5, pairedCalls: 2, retries: 1, readOnlyCalls: 0, traceExactMatch: false, toolCallAccuracy: 0, parameterMatch: 1 });
    expect(f.toolPrecision).toBeCloseTo(2 / 5, 12);
    expect(f.toolRecall).toBe(1);
    expect(f.toolF1).toBeCloseTo(4 / 7, 12);
  });

  it('gold lists only state-changing calls: lookups are neither rewarded nor punished', () => {
    // By hand: read-only calls left out: 3 (all actual). Remaining actual: failed update, update,
    // certificate → 1 retried attempt, counted 2, paired 2 → P = R = F1 = 1; exact match, TCA 4/4 = 1.
    const f = modeFigures(expected, actual, 'state-changing', readOnly);
    expect(f).toEqual({
      mode: 'state-changing',
      toolPrecision: 1,
      toolRecall: 1,
      toolF1: 1,
      traceExactMatch: true,
      toolCallAccuracy: 1,
      parameterMatch: 1,
      expectedCalls: 2,
      actualCalls: 2,
      pairedCalls: 2,
      retries: 1,
      readOnlyCalls: 3,
    });
  });

  it('order-free: same pairs here, lookups still count', () => {
    const f = modeFigures(expected, actual, 'order-free', readOnly);
    expect(f).toMatchObject({ mode: 'order-free', actualCalls: 5, pairedCalls: 2, retries: 1, traceExactMatch: false, toolCallAccuracy: 0 });
    expect(f.toolPrecision).toBeCloseTo(2 / 5, 12);
  });

  it('order-free forgives order that the in-order modes do not', () => {
    const exp = [c('a', { x: 1 }), c('b', { y: 2 })];
    const act = [c('b', { y: 2 }), c('a', { x: 1 })];
    // In order: LCS pairs b (equal), a is misordered → all paired but not exact; TCA 0 (names differ in order).
    expect(modeFigures(exp, act, 'all-calls', new Set())).toMatchObject({ pairedCalls: 2, traceExactMatch: false, toolCallAccuracy: 0, toolF1: 1 });
    // Order-free: both match → exact, TCA = parameter match = 2/2.
    expect(modeFigures(exp, act, 'order-free', new Set())).toMatchObject({ pairedCalls: 2, traceExactMatch: true, toolCallAccuracy: 1 });
  });

  it('all-calls takes the alignment the caller already has (traceMetrics), the other modes align their own traces', () => {
    const exp = [c('a', { x: 1 })];
    const act = [c('a', { x: 1 })];
    // A stand-in alignment that pairs nothing: all-calls must count from it, not align again.
    const given = alignTraces(exp, []);
    const [allCalls, orderFree] = figuresByMode(exp, act, { modes: ['order-free'], readOnlyTools: [] }, given);
    expect(allCalls).toMatchObject({ mode: 'all-calls', pairedCalls: 0 });
    expect(orderFree).toMatchObject({ mode: 'order-free', pairedCalls: 1 });
    // Given the real alignment, the figures are those computed without it.
    expect(modeFigures(exp, act, 'all-calls', new Set(), alignTraces(exp, act))).toEqual(modeFigures(exp, act, 'all-calls', new Set()));
  });
});

describe('readOnlyTools: names and name prefixes', () => {
  it('reads an entry ending in * as a prefix and any other as a whole name', () => {
    const readOnly = readOnlyTools(['get_*', 'think']);
    expect(['get_customer_by_phone', 'get_', 'think', 'thinking', 'refund_bill', 'forget_user'].map((t) => readOnly.has(t))).toEqual([true, true, true, false, false, false]);
    expect(readOnlyTools(['get_user']).has('get_user_details')).toBe(false);
  });

  it('state-changing leaves out the calls a prefix names (a telecom trace)', () => {
    const exp = [c('refund_bill', { bill_id: 'B1' })];
    const act = [c('get_customer_by_phone', { phone: '555' }), c('get_bills_for_customer', { customer_id: 'C9' }), c('refund_bill', { bill_id: 'B1' })];
    // By hand: the two get_* lookups are left out → 1 expected, 1 counted, paired with equal
    // arguments → P = R = F1 = 1, exact, TCA 1; readOnlyCalls = 0 expected + 2 actual.
    const [, stateChanging] = figuresByMode(exp, act, { modes: ['state-changing'], readOnlyTools: ['get_*', 'calculate'] });
    expect(stateChanging).toMatchObject({ mode: 'state-changing', toolPrecision: 1, toolRecall: 1, traceExactMatch: true, toolCallAccuracy: 1, readOnlyCalls: 2 });
  });
});
