import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation, TraceMetrics } from '../../core/formats/conversations/model';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';

/**
 * A ToolBench gold trace built from the winning chain lists `Finish`, ToolBench's termination
 * (fixtures/releases/toolbench-gold-finish.jsonl), imported through the import service: the
 * agent's own Finish is its final answer, no tool call, so the gold's is not scored either; the
 * entry stays in the stored payload (`expectedTerminations`) and an info finding names it. A
 * conversation whose Finish is a real tool (an output answers it) keeps the gold's scored.
 */
let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

const item = async (externalId: string) => {
  const detail = await ws.api('items.get', { id: ws.itemId(externalId) });
  return {
    payload: detail.payload as Conversation,
    metrics: detail.metrics as TraceMetrics,
    findings: detail.findings.map((f) => [f.validator, f.severity, f.location, f.message]),
  };
};
const NOT_SCORED = "; read as ToolBench's termination (the agent's own Finish is its final answer, no tool call), so it is not scored";

describe('a gold trace listing Finish (fixtures/releases/toolbench-gold-finish.jsonl)', () => {
  it('scores only the tool calls, keeps the gold Finish with its final answer, and says so', async () => {
    ws = await annotationWorkspace([]);
    const report = await ws.api('datasets.import', { sources: [{ path: path.join(RELEASES, 'toolbench-gold-finish.jsonl') }] });
    expect([report.files[0]!.status, report.files[0]!.format, report.files[0]!.imported]).toEqual(['imported', 'conversations-chat-jsonl', 3]);

    // Gold [track{88}, getorder{4412}, Finish give_answer (arguments as a JSON string)]; the agent
    // made track{88}, getorder{4412}, then Finish give_answer (its final answer, no call).
    const answer = await item('toolbench-gold-finish-answer');
    expect(answer.payload.expectedTrace!.map((c) => c.name)).toEqual(['track_package_for_parcelapi', 'getorder_for_shopapi']);
    expect(answer.payload.expectedTerminations).toEqual([
      {
        field: 'expected_tool_trace',
        index: 2,
        call: { name: 'Finish', arguments: { return_type: 'give_answer', final_answer: 'Parcel 88 is in transit; order 4412 is processing.' } },
      },
    ]);
    // Scored gold [track, getorder] vs actual [track, getorder]: matched 2 → P = 2/2, R = 2/2,
    // F1 = 1; same names in order, tracking_id 88 = 88 and order_id 4412 = 4412 → TCA = 2/2 = 1,
    // parameter match 2/2 = 1; exact match. (With Finish scored: R = 2/3, F1 = 0.8, TCA = 0 as
    // 3 names ≠ 2, parameter match 2/4 = 0.5, not exact.)
    expect(answer.metrics).toMatchObject({
      expectedCalls: 2, actualCalls: 2, matchedTools: 2, toolPrecision: 1, toolRecall: 1, toolF1: 1,
      toolCallAccuracy: 1, parameterMatch: 1, expectedParameters: 2, matchedParameters: 2, traceExactMatch: true,
    });
    expect(answer.metrics.modes).toEqual([expect.objectContaining({ mode: 'all-calls', toolRecall: 1, toolCallAccuracy: 1, traceExactMatch: true })]);
    expect(answer.metrics.alignment.map((r) => [r.status, r.name, r.expectedIndex, r.actualIndex])).toEqual([
      ['match', 'track_package_for_parcelapi', 0, 0],
      ['match', 'getorder_for_shopapi', 1, 1],
    ]);
    expect(answer.findings).toEqual([
      [
        'conversation-expected-finish', 'info', { field: 'expected_tool_trace[2]' },
        `expected_tool_trace[2]: Finish (give_answer, final_answer "Parcel 88 is in transit; order 4412 is processing.")${NOT_SCORED}`,
      ],
    ]);

    // Gold [search{q Oslo}, {name: Finish}] (no arguments); the agent searched, then its Finish
    // give_answer ended the episode, so the bare Finish is that termination: scored gold
    // [search] vs [search] → P = R = F1 = 1/1, TCA = 1/1 (q equal), exact.
    const bare = await item('toolbench-gold-finish-bare');
    expect(bare.payload.expectedTrace).toEqual([{ name: 'search_for_newsapi', arguments: { q: 'Oslo' } }]);
    expect(bare.payload.expectedTerminations).toEqual([{ field: 'expected_tool_trace', index: 1, call: { name: 'Finish', arguments: {} } }]);
    expect(bare.metrics).toMatchObject({ expectedCalls: 1, actualCalls: 1, toolPrecision: 1, toolRecall: 1, toolF1: 1, toolCallAccuracy: 1, traceExactMatch: true });
    expect(bare.findings).toEqual([
      ['conversation-expected-finish', 'info', { field: 'expected_tool_trace[1]' }, `expected_tool_trace[1]: Finish without arguments, where this conversation's own Finish ended it${NOT_SCORED}`],
    ]);

    // Finish is a real tool here (an output answers the agent's Finish), so it stays a call on
    // both sides. Gold [lookup{ticket_id 7}, Finish{give_answer, "Ticket 7 is closed."}] vs actual
    // [lookup{7}, Finish{give_answer, "Ticket 7 was closed."}]: matched 2 → P = R = F1 = 1; same
    // names in order, 3 expected parameters, 2 equal (ticket_id, return_type; final_answer
    // differs) → TCA = 2/3, parameter match 2/3; not exact.
    const tool = await item('finish-is-a-real-tool');
    expect(tool.payload.actualTrace.map((c) => c.name)).toEqual(['lookup_ticket_for_helpdesk', 'Finish']);
    expect(tool.payload.expectedTrace!.map((c) => c.name)).toEqual(['lookup_ticket_for_helpdesk', 'Finish']);
    expect(tool.payload).not.toHaveProperty('expectedTerminations');
    expect(tool.metrics).toMatchObject({ expectedCalls: 2, actualCalls: 2, toolPrecision: 1, toolRecall: 1, toolF1: 1, expectedParameters: 3, matchedParameters: 2, traceExactMatch: false });
    expect(tool.metrics.toolCallAccuracy).toBeCloseTo(2 / 3, 12);
    expect(tool.metrics.parameterMatch).toBeCloseTo(2 / 3, 12);
    expect(tool.metrics.alignment[1]).toMatchObject({ status: 'match', name: 'Finish', expectedIndex: 1, actualIndex: 1 });
    expect(tool.findings).toEqual([]);
  });
});
