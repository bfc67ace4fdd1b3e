import { describe, expect, it } from 'vitest';
import { conversationItem } from '../formats/conversations/conversationItem';
import { readMessageConversation } from '../formats/conversations/conversationRecord';
import type { Conversation } from '../formats/conversations/model';
import type { SopGraph } from '../formats/graphs/model';
import { parseSopGraphJson } from '../formats/graphs/parseSopGraphJson';
import type { PlanRecord } from '../formats/plans/model';
import { planFromValue } from '../formats/plans/readPlan';
import { isReadingAid, isScoreField, payloadWithoutScores, withoutScores } from './automaticScores';

describe('automatic scores, hidden while labeling', () => {
  it('knows a score field by its words, not by a substring', () => {
    for (const key of ['reward', 'judge_score', 'toolF1', 'tier', 'final-reward', 'Rating', 'tool_call_accuracy', 'verdict', 'quality_mean_human', 'toxicity_majority_human']) expect(isScoreField(key)).toBe(true);
    for (const key of ['domain', 'model', 'has_gold', 'step_count', 'scorecard_id', 'hop_depth', 'prompt_type']) expect(isScoreField(key)).toBe(false);
  });

  it('keeps findings that help reading, drops validator verdicts', () => {
    expect(isReadingAid({ validator: 'plan-invalid-json' })).toBe(true);
    // What the reader left unread stays in view: the reviewer must know the view is partial.
    expect(
      ['graph-header-as-comment', 'otlp-span-not-read', 'otlp-trace-not-read', 'otlp-tool-span-paired-by-order', 'otlp-tool-span-relinked', 'tau-bench-action-unread'].map((validator) => isReadingAid({ validator })),
    ).toEqual([true, true, true, true, true, true]);
    expect(isReadingAid({ validator: 'graph-unreachable-node' })).toBe(false);
    expect(isReadingAid({ validator: 'graph-single-start' })).toBe(false);
  });

  it('drops a plan’s comparison with gold and the source’s rewards, keeps the gold plan', () => {
    const payload = { plan: { steps: [] }, gold: { steps: [1] }, extra: { reward: 0.9, note: 'x', nested: { score: 1, why: 'y' } }, analysis: { hopDepth: null, comparison: { f1: 0.86, tier: 'Good' }, lineageDiffs: [] } };
    expect(payloadWithoutScores('plan', payload)).toEqual({
      plan: { steps: [] },
      gold: { steps: [1] },
      extra: { note: 'x', nested: { why: 'y' } },
      analysis: { hopDepth: null, comparison: null, lineageDiffs: [] },
    });
  });

  it('drops reference metrics and score metadata from an item', () => {
    const item = {
      kind: 'conversation' as const,
      payload: { turns: [], extra: {} },
      metrics: { toolCallAccuracy: 0.5 },
      findings: [
        { validator: 'conversation-invalid-tool-arguments', severity: 'error' as const, location: null, message: 'not JSON' },
        { validator: 'conversation-unanswered-tool-call', severity: 'warning' as const, location: null, message: 'unanswered' },
      ],
      metadata: { domain: 'retail', reward: 1 },
    };
    const hidden = withoutScores(item);
    expect(hidden.metrics).toBeNull();
    expect(hidden.findings.map((f) => f.validator)).toEqual(['conversation-invalid-tool-arguments']);
    expect(hidden.metadata).toEqual({ domain: 'retail' });
  });

  it('drops score fields a conversation kept on its scenario and on its turns, keeps every other field and the source untouched', () => {
    // A chat whose messages carry their own ratings (as per-message human ratings do), and a Finish call kept on the answer turn.
    const payload = {
      turns: [
        { index: 0, role: 'user', text: 'Hi', extra: { rating: 4, lang: 'en' } },
        { index: 1, role: 'assistant', text: 'Done.', extra: { function_call: { name: 'Finish', arguments: '{}' }, judge: { score: 0.9, note: 'ok' } } },
        { index: 2, role: 'assistant', text: 'No extra.' },
      ],
      scenario: { type: 'x', extra: { reward: 1, difficulty: 'hard' } },
      extra: { reward: 1, source: 'chat' },
    };
    const before = structuredClone(payload);
    expect(payloadWithoutScores('conversation', payload)).toEqual({
      turns: [
        { index: 0, role: 'user', text: 'Hi', extra: { lang: 'en' } },
        { index: 1, role: 'assistant', text: 'Done.', extra: { function_call: { name: 'Finish', arguments: '{}' }, judge: { note: 'ok' } } },
        { index: 2, role: 'assistant', text: 'No extra.' },
      ],
      scenario: { type: 'x', extra: { difficulty: 'hard' } },
      extra: { source: 'chat' },
    });
    expect(payload).toEqual(before);
  });

  it('drops score fields a gold entry kept (expected calls and ToolBench’s Finish termination), keeps the gold itself', () => {
    // Gold entries with fields of their own, read by the chat reader: each entry's unknown fields
    // go to its `extra`; the Finish give_answer goes to expectedTerminations (finishAction.ts).
    // The expected trace stays in the payload an annotator of a blind task gets (the Raw tab shows
    // it), so its entries' rewards would show there.
    const record = {
      messages: [
        { role: 'user', content: 'Status of order 4411?' },
        { role: 'assistant', content: null, function_call: { name: 'getorder', arguments: '{"order_id": 4411}' } },
        { role: 'function', name: 'getorder', content: '{"status": "shipped"}' },
        { role: 'assistant', content: null, function_call: { name: 'Finish', arguments: '{"return_type": "give_answer", "final_answer": "Shipped."}' } },
      ],
      expected_tool_trace: [
        { name: 'getorder', arguments: { order_id: 4411 }, reward: 1, step_note: 'lookup', judge: { score: 0.9, why: 'needed' } },
        { name: 'Finish', arguments: { return_type: 'give_answer', final_answer: 'Shipped.' }, source_step: 7, solved_score: 1, annotator: 'x' },
      ],
    };
    const payload = conversationItem(readMessageConversation(record, { sourceFormat: 'conversations-chat-jsonl', line: 1, fallbackId: 'r' }), 1).payload as Conversation;
    // As read: the score fields are there before hiding (else this test proves nothing).
    expect(payload.expectedTrace).toEqual([{ name: 'getorder', arguments: { order_id: 4411 }, extra: { reward: 1, step_note: 'lookup', judge: { score: 0.9, why: 'needed' } } }]);
    expect(payload.expectedTerminations).toEqual([
      { field: 'expected_tool_trace', index: 1, call: { name: 'Finish', arguments: { return_type: 'give_answer', final_answer: 'Shipped.' }, extra: { source_step: 7, solved_score: 1, annotator: 'x' } } },
    ]);
    const before = structuredClone(payload);
    const hidden = payloadWithoutScores('conversation', payload) as Conversation;
    // `reward`, `judge.score`, `solved_score` are score fields; the other fields stay.
    expect(hidden.expectedTrace).toEqual([{ name: 'getorder', arguments: { order_id: 4411 }, extra: { step_note: 'lookup', judge: { why: 'needed' } } }]);
    expect(hidden.expectedTerminations).toEqual([
      { field: 'expected_tool_trace', index: 1, call: { name: 'Finish', arguments: { return_type: 'give_answer', final_answer: 'Shipped.' }, extra: { source_step: 7, annotator: 'x' } } },
    ]);
    expect(hidden.actualTrace).toEqual(payload.actualTrace);
    expect(payload).toEqual(before);
  });

  it('drops score fields inside lists of a conversation’s extra fields, keeps the other fields of those lists', () => {
    // The reviewer's input: a record's attempts and a turn's annotations, each a list of objects.
    const payload = { extra: { attempts: [{ reward: 1, judge_score: 0.9 }] }, turns: [{ extra: { annotations: [{ rating: 5 }] } }] };
    const before = structuredClone(payload);
    expect(payloadWithoutScores('conversation', payload)).toEqual({ extra: { attempts: [{}] }, turns: [{ extra: { annotations: [{}] } }] });
    expect(payload).toEqual(before);
    // Fields that are not scores stay, in lists of objects, lists of lists and lists of plain values.
    const mixed = {
      extra: { attempts: [{ reward: 1, model: 'gpt', steps: [{ score: 0.2, tool: 'search' }] }, 'retry', [{ verdict: 'ok', by: 'x' }]], tags: ['a', 'b'] },
      scenario: { type: null, extra: { history: [{ rating: 2, channel: 'chat' }] } },
      expectedTrace: [{ name: 'getorder', arguments: {}, extra: { alternatives: [{ name: 'lookup', reward: 0.5 }] } }],
      expectedTerminations: [{ field: 'gold', index: 1, call: { name: 'Finish', arguments: {}, extra: { judges: [{ judge_score: 1, judge: 'a' }] } } }],
    };
    expect(payloadWithoutScores('conversation', mixed)).toEqual({
      extra: { attempts: [{ model: 'gpt', steps: [{ tool: 'search' }] }, 'retry', [{ by: 'x' }]], tags: ['a', 'b'] },
      scenario: { type: null, extra: { history: [{ channel: 'chat' }] } },
      expectedTrace: [{ name: 'getorder', arguments: {}, extra: { alternatives: [{ name: 'lookup' }] } }],
      expectedTerminations: [{ field: 'gold', index: 1, call: { name: 'Finish', arguments: {}, extra: { judges: [{ judge: 'a' }] } } }],
    });
  });

  it('drops score fields every part of a graph kept (node, tool, input, response, pathway, condition, edge), keeps the graph', () => {
    // The reviewer's input first.
    expect(payloadWithoutScores('graph', { extra: {}, nodes: [{ id: 'a', extra: { score: 0.2 } }] })).toEqual({ extra: {}, nodes: [{ id: 'a', extra: {} }] });
    // A graph as the JSON reader makes it: each unknown field in the `extra` of its part.
    const source = {
      title: 'Returns',
      quality_score: 0.7,
      nodes: [
        {
          id: '1',
          task_name: 'Identify',
          score: 0.2,
          owner: 'ops',
          tools: [{ name: 'Lookup', tool_rating: 4, team: 'crm', extractVars: [{ variableName: 'email', reward: 1, pii: true }], responseData: [{ name: 'status', accuracy: 0.9, unit: 'enum' }] }],
          responsePathways: [{ nextNodeId: '2', success: 0.8, weight: 1, conditions: [{ algebraicExpression: '{status} == 1', f1: 0.5, note: 'n' }] }],
        },
        { id: '2', task_name: 'Done', steps: ['Say goodbye.'] },
      ],
      edges: [{ source: '1', target: '2', judge_score: 0.3, style: 'dashed' }],
    };
    const graph = parseSopGraphJson(source, 1).graph;
    const node = graph.nodes[0];
    // As read: the score fields are there before hiding (else this test proves nothing).
    expect([graph.extra, node.extra, node.tools[0].extra, node.tools[0].inputs[0].extra, node.tools[0].responses[0].extra, node.pathways[0].extra, node.pathways[0].conditions[0].extra, graph.edges[0].extra]).toEqual([
      { quality_score: 0.7 }, { score: 0.2, owner: 'ops' }, { tool_rating: 4, team: 'crm' }, { reward: 1, pii: true }, { accuracy: 0.9, unit: 'enum' }, { success: 0.8, weight: 1 }, { f1: 0.5, note: 'n' }, { judge_score: 0.3, style: 'dashed' },
    ]);
    const before = structuredClone(graph);
    const hidden = payloadWithoutScores('graph', graph) as SopGraph;
    const hiddenNode = hidden.nodes[0];
    expect([hidden.extra, hiddenNode.extra, hiddenNode.tools[0].extra, hiddenNode.tools[0].inputs[0].extra, hiddenNode.tools[0].responses[0].extra, hiddenNode.pathways[0].extra, hiddenNode.pathways[0].conditions[0].extra, hidden.edges[0].extra]).toEqual([
      {}, { owner: 'ops' }, { team: 'crm' }, { pii: true }, { unit: 'enum' }, { weight: 1 }, { note: 'n' }, { style: 'dashed' },
    ]);
    // Everything else is the graph as read; the stored payload is untouched.
    const withoutExtras = (g: SopGraph) => JSON.stringify(g, (key, value: unknown) => (key === 'extra' ? undefined : value));
    expect(withoutExtras(hidden)).toEqual(withoutExtras(before));
    expect(graph).toEqual(before);
  });

  it('drops score fields of the steps of the plan, the gold plan and every lineage version', () => {
    const steps = (score: number) => ({ '1': { query: "T2S([], 'Count calls')", depends_on: [], score, owner: 'ana' }, '2': { query: "LLM('Sum up (1)')", depends_on: [1], checks: [{ passed: true, check: 'syntax' }] } });
    const record = { plan: planFromValue(steps(0.4), 'plan'), gold: planFromValue(steps(1), 'best_plan'), lineage: [planFromValue(steps(0.1), 'plan_lineage[0]'), planFromValue(steps(0.9), 'plan_lineage[1]')], extra: {}, analysis: { hopDepth: { depth: 2, chain: ['1', '2'] }, comparison: null, lineageDiffs: [] } };
    // As read: a step's fields other than its text and depends_on are in its extra.
    expect(record.plan.steps.map((s) => s.extra)).toEqual([{ score: 0.4, owner: 'ana' }, { checks: [{ passed: true, check: 'syntax' }] }]);
    const before = structuredClone(record);
    const hidden = payloadWithoutScores('plan', record) as PlanRecord;
    for (const plan of [hidden.plan!, hidden.gold!, ...hidden.lineage]) expect(plan.steps.map((s) => s.extra)).toEqual([{ owner: 'ana' }, { checks: [{ check: 'syntax' }] }]);
    expect(hidden.plan!.steps.map((s) => s.text)).toEqual(["T2S([], 'Count calls')", "LLM('Sum up (1)')"]);
    expect(hidden.analysis.hopDepth).toEqual({ depth: 2, chain: ['1', '2'] });
    expect(record).toEqual(before);
  });

  it('keeps what the agent and the tools wrote (arguments, outputs, event data, observations), even with a field named extra', () => {
    // A score-like name in the artifact itself is what the annotator judges, not a score of it:
    // a tool's output may well hold a product's `rating`, an argument object a key named `extra`.
    const payload = {
      turns: [
        { index: 0, role: 'tool_call', text: null, call: { id: 'c1', name: 'rate', arguments: { extra: { rating: 5 }, score: 3 }, rawArguments: null, argumentsError: null, outputTurn: 1 } },
        { index: 1, role: 'tool_output', text: null, output: { callId: 'c1', content: { extra: { reward: 2 }, rating: 4.5 }, contentIsJson: true, callTurn: 0 }, extra: { latency_score: 1, host: 'h' } },
        { index: 2, role: 'event', text: null, data: { extra: { score: 1 } } },
      ],
      scenario: { type: null, persona: { extra: { rating: 'picky' } }, userInfo: { extra: { grade: 'gold' } } },
      actualTrace: [{ name: 'rate', arguments: { extra: { rating: 5 }, score: 3 }, turn: 0 }],
      expectedTrace: [{ name: 'rate', arguments: { extra: { rating: 5 } }, extra: { reward: 1 } }],
      sopExecution: { steps: [{ index: 0, action: 'lookup', observation: { extra: { score: 0.3 } }, extra: { step_reward: 1, retries: 0 } }] },
      extra: {},
    };
    const hidden = payloadWithoutScores('conversation', payload) as typeof payload;
    expect(hidden.turns[0]).toBe(payload.turns[0]);
    expect(hidden.turns[1]).toEqual({ ...payload.turns[1], extra: { host: 'h' } });
    expect(hidden.turns[2]).toBe(payload.turns[2]);
    expect(hidden.scenario).toBe(payload.scenario);
    expect(hidden.actualTrace).toBe(payload.actualTrace);
    expect(hidden.expectedTrace).toEqual([{ name: 'rate', arguments: { extra: { rating: 5 } }, extra: {} }]);
    // An Agent-S session's step keeps its own fields in extra, cleaned like a turn's.
    expect(hidden.sopExecution.steps).toEqual([{ index: 0, action: 'lookup', observation: { extra: { score: 0.3 } }, extra: { retries: 0 } }]);
  });
});
