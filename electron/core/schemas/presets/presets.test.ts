import { describe, expect, it } from 'vitest';
import { categoriesOf } from '../categories';
import type { OrdinalQuestion, Question } from '../model';
import { validateLabelSchema } from '../schemaJson';
import { bestTier, tierShares, tiersOf } from '../tiers';
import { PLAN_QUALITY_TIERS, PRESETS, PRESET_NAMES, planQualityQuestion, presetSchema } from './index';

const ids = (name: keyof typeof PRESETS) => PRESETS[name].questions.map((q) => q.id);
const question = (name: keyof typeof PRESETS, id: string): Question => PRESETS[name].questions.find((q) => q.id === id)!;

// Names, ids and levels as issue 4 item 2 specifies them.
describe('presets', () => {
  it('are the seven of issue 4 and Agent-S step review (issue 18), each a valid schema named after itself', () => {
    expect(PRESET_NAMES).toEqual([
      'sop-graph-review',
      'plan-quality',
      'plan-step-tags',
      'plan-metrics',
      'workflow-trim',
      'conversation-quality',
      'conversation-validity',
      'agent-s-step-review',
    ]);
    for (const name of PRESET_NAMES) {
      const result = validateLabelSchema(PRESETS[name]);
      expect(result.ok && result.schema).toEqual(PRESETS[name]);
      expect(PRESETS[name].id).toBe(name);
      for (const q of PRESETS[name].questions) expect(q.description.length, `${name}.${q.id} has guidance`).toBeGreaterThan(20);
    }
  });

  it('sop-graph-review: three pass/fail checks', () => {
    expect(ids('sop-graph-review')).toEqual(['logical_structure', 'coherence', 'complexity']);
    for (const q of PRESETS['sop-graph-review'].questions) {
      expect(q.type === 'binary' && q.options.map((o) => o.value)).toEqual(['pass', 'fail']);
      expect(q.type === 'binary' && q.options.every((o) => o.description.length > 20)).toBe(true);
    }
  });

  it('plan-quality: seven levels valued 1–7 with tiers A+ (top two), A (top three), B (top four)', () => {
    expect(ids('plan-quality')).toEqual(['overall_quality']);
    expect(planQualityQuestion.levels.map((l) => [l.value, l.numeric])).toEqual([
      ['Extremely Bad', 1],
      ['Very Bad', 2],
      ['Bad', 3],
      ['Acceptable', 4],
      ['Good', 5],
      ['Very Good', 6],
      ['Extremely Good', 7],
    ]);
    expect(planQualityQuestion.tiers).toEqual(PLAN_QUALITY_TIERS);
    expect(tiersOf(planQualityQuestion, 'Extremely Good')).toEqual(['A+', 'A', 'B']);
    expect(tiersOf(planQualityQuestion, 'Very Good')).toEqual(['A+', 'A', 'B']);
    expect(tiersOf(planQualityQuestion, 'Good')).toEqual(['A', 'B']);
    expect(tiersOf(planQualityQuestion, 'Acceptable')).toEqual(['B']);
    expect(bestTier(planQualityQuestion, 'Bad')).toBeNull();
  });

  it('reports tier shares over answered values', () => {
    // 3 answered (null = N/A is left out): A+ 1 (Extremely Good), A 2 (+ Good), B 2.
    expect(tierShares(planQualityQuestion, ['Extremely Good', 'Good', 'Bad', null])).toEqual([
      { tier: 'A+', count: 1, total: 3, share: 1 / 3 },
      { tier: 'A', count: 2, total: 3, share: 2 / 3 },
      { tier: 'B', count: 2, total: 3, share: 2 / 3 },
    ]);
    expect(tierShares(planQualityQuestion, [])[0].share).toBeNaN();
  });

  it('plan-step-tags: a multilabel question per plan step with the six tags', () => {
    const q = question('plan-step-tags', 'step_tags');
    expect(q.scope).toBe('step');
    expect(q.type === 'multilabel' && q.tags.map((t) => t.value)).toEqual([
      'incorrect_tool',
      'incorrect_prompt',
      'complex_prompt',
      'repeated_detail',
      'multi_tool_prompt',
      'no_change',
    ]);
  });

  it('plan-metrics: seven 0 / 0.5 / 1 scores, N/A allowed on tool-usage completeness only', () => {
    expect(ids('plan-metrics')).toEqual([
      'tool_prompt_alignment',
      'format',
      'step_executability',
      'query_adherence',
      'dependencies',
      'redundancy',
      'tool_usage_completeness',
    ]);
    for (const q of PRESETS['plan-metrics'].questions) {
      expect(q.type === 'score' && q.values.map((v) => v.value)).toEqual([0, 0.5, 1]);
      expect(q.allowNA).toBe(q.id === 'tool_usage_completeness');
    }
  });

  it('workflow-trim: relevance and completeness on 1–5', () => {
    expect(ids('workflow-trim')).toEqual(['relevance', 'completeness']);
    for (const q of PRESETS['workflow-trim'].questions) {
      expect(q.type === 'ordinal' && q.levels.map((l) => [l.value, l.numeric])).toEqual([
        ['1', 1],
        ['2', 2],
        ['3', 3],
        ['4', 4],
        ['5', 5],
      ]);
    }
  });

  it('conversation presets: yes/no quality questions and valid/invalid', () => {
    expect(ids('conversation-quality')).toEqual(['conversational_proficiency', 'goal_attainment']);
    for (const q of PRESETS['conversation-quality'].questions) expect(q.type === 'binary' && q.options.map((o) => o.value)).toEqual(['yes', 'no']);
    const validity = question('conversation-validity', 'validity');
    expect(validity.type === 'binary' && validity.options.map((o) => o.value)).toEqual(['valid', 'invalid']);
  });

  it('give copies that callers may change without touching the presets', () => {
    const copy = presetSchema('plan-quality')!;
    (copy.questions[0] as OrdinalQuestion).levels.pop();
    expect(planQualityQuestion.levels).toHaveLength(7);
    expect(presetSchema('nope')).toBeUndefined();
  });

  it('give the category universe from the schema, with the levels’ numeric values', () => {
    expect(categoriesOf(planQualityQuestion).map((c) => c.value)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(categoriesOf(question('plan-metrics', 'format'))).toEqual([
      { name: '0', value: 0 },
      { name: '0.5', value: 0.5 },
      { name: '1', value: 1 },
    ]);
    expect(categoriesOf(question('conversation-validity', 'validity'))).toEqual([
      { name: 'valid', value: 1 },
      { name: 'invalid', value: 0 },
    ]);
  });
});
