import { describe, expect, it } from 'vitest';
import type { Finding, TraceAlignmentRow, Turn } from '../../../../../electron/api/artifacts';
import { marksByTurn, parameterMismatches, roleCounts, traceIssue, unansweredCalls } from './turnMarks';

const finding = (turn: number | null, message: string): Finding => ({
  validator: 'conversation-unanswered-tool-call',
  severity: 'error',
  location: turn === null ? null : { turn },
  message,
});

// The alignment of conv-0002 in fixtures/formats/conversations-chat.jsonl (traceMetrics output).
const alignment: TraceAlignmentRow[] = [
  {
    status: 'match',
    name: 'Customer Lookup',
    expectedIndex: 0,
    actualIndex: 0,
    turn: 3,
    argumentsEqual: true,
    parameters: [{ name: 'email', status: 'equal', expected: 'lee.m@example.com', actual: 'lee.m@example.com' }],
  },
  { status: 'extra', name: 'Return Policy Check', expectedIndex: null, actualIndex: 1, turn: 5, argumentsEqual: null, parameters: [] },
  { status: 'missing', name: 'Refund Payment', expectedIndex: 1, actualIndex: null, turn: null, argumentsEqual: null, parameters: [] },
];

describe('marksByTurn', () => {
  it('puts each finding and trace row on its turn, and leaves item-level findings out', () => {
    const marks = marksByTurn([finding(5, 'a'), finding(5, 'b'), finding(null, 'whole item')], alignment);
    expect(marks(5).findings.map((f) => f.message)).toEqual(['a', 'b']);
    expect(marks(5).trace?.status).toBe('extra');
    expect(marks(3).trace?.name).toBe('Customer Lookup');
    expect(marks(0)).toEqual({ findings: [], trace: null });
  });
});

describe('traceIssue and parameterMismatches', () => {
  it('marks extra, missing and misordered calls and calls with differing parameters, not clean matches', () => {
    expect(alignment.map(traceIssue)).toEqual([false, true, true]);
    const differing: TraceAlignmentRow = {
      ...alignment[0],
      argumentsEqual: false,
      parameters: [
        { name: 'booking_code', status: 'different', expected: 'XI75', actual: 'XI759' },
        { name: 'flight', status: 'equal', expected: 'AC315', actual: 'AC315' },
        { name: 'seat', status: 'extra', actual: '12A' },
      ],
    };
    expect(traceIssue(differing)).toBe(true);
    expect(parameterMismatches(differing).map((p) => p.name)).toEqual(['booking_code', 'seat']);
    expect(traceIssue(null)).toBe(false);
  });
});

describe('roleCounts and unansweredCalls', () => {
  const base = { sourceRole: 'x', sourceIndex: 0, text: null };
  const turns: Turn[] = [
    { ...base, index: 0, role: 'user', text: 'hi' },
    { ...base, index: 1, role: 'tool_call', call: { id: 'c1', name: 'a', arguments: {}, rawArguments: null, argumentsError: null, outputTurn: 2 } },
    { ...base, index: 2, role: 'tool_output', output: { callId: 'c1', content: 'ok', contentIsJson: false, callTurn: 1 } },
    { ...base, index: 3, role: 'tool_call', call: { id: 'c2', name: 'b', arguments: {}, rawArguments: null, argumentsError: null, outputTurn: null } },
  ];
  it('counts roles and finds the calls nothing answers', () => {
    expect(roleCounts(turns)).toMatchObject({ user: 1, tool_call: 2, tool_output: 1, assistant: 0 });
    expect(unansweredCalls(turns)).toEqual([3]);
  });
});
