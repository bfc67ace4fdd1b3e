import { describe, expect, it } from 'vitest';
import { conversationItem } from '../formats/conversations/conversationItem';
import { readMessageConversation } from '../formats/conversations/conversationRecord';
import type { Conversation } from '../formats/conversations/model';
import { isReadingAid, isScoreField, payloadWithoutScores, withoutScores } from './automaticScores';

describe('automatic scores, hidden while labeling', () => {
  it('knows a score field by its words, not by a substring', () => {
    for (const key of ['reward', 'judge_score', 'toolF1', 'tier', 'final-reward', 'Rating', 'tool_call_accuracy', 'verdict', 'quality_mean_human', 'toxicity_majority_human']) expect(isScoreField(key)).toBe(true);
    for (const key of ['domain', 'model', 'has_gold', 'step_count', 'scorecard_id', 'hop_depth', 'prompt_type']) expect(isScoreField(key)).toBe(false);
  });

  it('keeps findings that help reading, drops validator verdicts', () => {
    expect(isReadingAid({ validator: 'plan-invalid-json' })).toBe(true);
    // What the reader left unread stays in view: the reviewer must know the view is partial.
    expect(['graph-header-as-comment', 'otlp-span-not-read', 'otlp-trace-not-read', 'tau-bench-action-unread'].map((validator) => isReadingAid({ validator }))).toEqual([true, true, true, true]);
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
});
