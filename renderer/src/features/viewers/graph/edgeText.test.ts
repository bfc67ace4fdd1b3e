import { describe, expect, it } from 'vitest';
import { conditionText, defaultEdgeTextMode, edgeText, MAX_LINE_CHARS, splitClauses } from './edgeText';

describe('edgeText', () => {
  it('shows a short condition whole, in one line', () => {
    // sop-graph.json, pathway 1 → 2
    const text = edgeText({ conditions: ["{customerStatus} == 'found'"], label: 'customer found' }, 'conditions');
    expect(text).toEqual({ lines: ["{customerStatus} == 'found'"], full: "{customerStatus} == 'found'", shortened: false, code: true });
  });

  it('breaks a compound condition before each top-level && and ||', () => {
    const text = edgeText({ conditions: ['{daysSinceDelivery} <= 30 && {finalSale} == false'], label: null }, 'conditions');
    expect(text.lines).toEqual(['{daysSinceDelivery} <= 30', '&& {finalSale} == false']);
    expect(text.shortened).toBe(false);
  });

  it('never breaks inside quotes or parentheses', () => {
    expect(splitClauses("{a} == 'x && y' || ({b} > 1 && {c} < 2)")).toEqual(["{a} == 'x && y'", '|| ({b} > 1 && {c} < 2)']);
  });

  it('joins several conditions of one pathway with &&, bracketing compound ones', () => {
    expect(conditionText({ conditions: ['{a} == 1', '{b} == 2 || {c} == 3'] })).toBe('{a} == 1 && ({b} == 2 || {c} == 3)');
  });

  it('cuts long lines and long texts with an ellipsis, keeping the full text', () => {
    const long = `{${'x'.repeat(50)}} == 'y'`;
    const text = edgeText({ conditions: [`${long} && {a} == 1 && {b} == 2 && {c} == 3`], label: null }, 'conditions');
    expect(text.lines).toHaveLength(3);
    expect(text.lines[0]).toHaveLength(MAX_LINE_CHARS);
    expect(text.lines[0]!.endsWith('…')).toBe(true);
    // four clauses: two drawn, two left out
    expect(text.lines[2]).toBe('… 2 more clauses');
    expect(text.shortened).toBe(true);
    expect(text.full).toContain("{c} == 3");
  });

  it('wraps labels at word boundaries', () => {
    // graph-rebook-flight.txt, E4
    const text = edgeText({ conditions: [], label: 'Booking found and the flight is cancelled' }, 'labels');
    expect(text.lines).toEqual(['Booking found and the flight is', 'cancelled']);
    expect(text.code).toBe(false);
  });

  it('shows nothing for an edge without a condition in conditions mode', () => {
    expect(edgeText({ conditions: [], label: 'escalated' }, 'conditions').lines).toEqual([]);
  });

  it('defaults to conditions when any edge has one, else labels', () => {
    expect(defaultEdgeTextMode([{ conditions: [] }, { conditions: ['{a} == 1'] }])).toBe('conditions');
    expect(defaultEdgeTextMode([{ conditions: [] }])).toBe('labels');
  });
});
