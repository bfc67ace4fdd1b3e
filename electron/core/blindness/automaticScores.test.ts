import { describe, expect, it } from 'vitest';
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
});
