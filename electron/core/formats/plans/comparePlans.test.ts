import { describe, expect, it } from 'vitest';
import { comparePlans } from './comparePlans';
import type { Plan } from './model';
import { tierForF1, PLAN_TIERS } from './planTier';
import { planFromText } from './readPlan';

function plan(...steps: [string, string, (number | string)[]][]): Plan {
  const body = steps.map(([id, text, deps]) => `${JSON.stringify(id)}: ${JSON.stringify({ query: text, depends_on: deps })}`);
  return planFromText(`{${body.join(', ')}}`, 'plan');
}

describe('tierForF1', () => {
  it('maps F1 percentages to the seven tiers with exclusive bounds (DESIGN.md §3)', () => {
    const cases: [number, string][] = [
      [1, 'Extremely Good'],
      [0.9500001, 'Extremely Good'],
      [0.95, 'Very Good'], // 95 is not > 95
      [6 / 7, 'Very Good'], // 85.71 %
      [0.85, 'Good'],
      [0.8, 'Good'],
      [0.75, 'Acceptable'],
      [0.6, 'Bad'],
      [0.45, 'Very Bad'],
      [0.30001, 'Very Bad'],
      [0.3, 'Extremely Bad'], // 0.3 * 100 is 30.000000000000004 in binary floating point
      [6 / 20, 'Extremely Bad'],
      [0, 'Extremely Bad'],
    ];
    for (const [f1, tier] of cases) expect(tierForF1(f1), String(f1)).toBe(tier);
  });

  it('refuses values that are not fractions', () => {
    expect(() => tierForF1(Number.NaN)).toThrow('F1 must be a fraction in [0, 1], got NaN');
    expect(() => tierForF1(85)).toThrow(RangeError);
  });

  it('lists the tiers lowest first', () => {
    expect(PLAN_TIERS[0]).toBe('Extremely Bad');
    expect(PLAN_TIERS[6]).toBe('Extremely Good');
  });
});

describe('comparePlans', () => {
  it('scores q-003 of plans.jsonl: 1 of 2 plan steps matches 1 of 4 gold steps', () => {
    const generated = plan(
      ['1', "T2S([], 'Fetch interaction_ids where a refund was offered and the tone improved')", []],
      ['2', "T2S((1), 'List the agents of these interactions')", [1]],
    );
    const gold = plan(
      ['1', "T2S([], 'Fetch interaction_ids where a refund was offered')", []],
      ['2', "RAG((1), 'Fetch interactions where the customer tone improved after the refund offer')", [1]],
      ['3', "LLM('Extract interaction_ids from the Data Insights in (2)')", [2]],
      ['4', "T2S((3), 'List the agents of these interactions')", [3]],
    );
    // By hand: only "List the agents of these interactions" (T2S) is in both. P = 1/2, R = 1/4,
    // F1 = 2·1 / (2 + 4) = 1/3 = 33.3 % → Very Bad (> 30).
    expect(comparePlans(generated, gold)).toEqual({
      planSteps: 2,
      goldSteps: 4,
      matchedSteps: 1,
      precision: 0.5,
      recall: 0.25,
      f1: 1 / 3,
      tier: 'Very Bad',
      reason: null,
      // Plan step 2 depends on plan step 1, which matches nothing, while gold step 4 depends on gold step 3.
      matches: [{ plan: { index: 1, id: '2' }, gold: { index: 3, id: '4' }, sameDependencies: false }],
      unmatchedPlan: [{ index: 0, id: '1' }],
      unmatchedGold: [
        { index: 0, id: '1' },
        { index: 1, id: '2' },
        { index: 2, id: '3' },
      ],
    });
  });

  it('matches ignoring case, spacing, trailing punctuation and step numbers, but not the tool', () => {
    const gold = plan(['1', "T2S([], 'Count calls')", []], ['2', "RAG((1), 'Why (1)?')", [1]], ['3', "LLM('Sum up (2)')", [2]]);
    const generated = plan(
      ['7', "t2s([], '  count   CALLS.')", []],
      ['8', "RAG((7), 'why (7)')", [7]],
      ['9', "T2S('Sum up (8)')", [8]],
    );
    const result = comparePlans(generated, gold);
    // By hand: steps 7 and 8 match gold 1 and 2; step 9 calls T2S where gold calls LLM. P = R = 2/3, F1 = 2/3 = 66.7 % → Acceptable.
    expect(result).toMatchObject({ matchedSteps: 2, precision: 2 / 3, recall: 2 / 3, f1: 2 / 3, tier: 'Acceptable' });
    expect(result.matches).toEqual([
      { plan: { index: 0, id: '7' }, gold: { index: 0, id: '1' }, sameDependencies: true },
      { plan: { index: 1, id: '8' }, gold: { index: 1, id: '2' }, sameDependencies: true },
    ]);
  });

  it('matches repeated steps one to one', () => {
    const gold = plan(['1', "T2S([], 'a')", []], ['2', "LLM('b (1)')", [1]]);
    const generated = plan(['1', "T2S([], 'a')", []], ['2', "T2S([], 'a')", []], ['3', "LLM('b (2)')", [2]]);
    // By hand: one "a" and "b" match; the second "a" is extra. P = 2/3, R = 1, F1 = 4/5 = 80 % → Good.
    const result = comparePlans(generated, gold);
    expect(result).toMatchObject({ matchedSteps: 2, precision: 2 / 3, recall: 1, f1: 0.8, tier: 'Good' });
    expect(result.unmatchedPlan).toEqual([{ index: 1, id: '2' }]);
    // "b" depends on the second "a", which is unmatched, where gold's "b" depends on the matched "a".
    expect(result.matches[1].sameDependencies).toBe(false);
  });

  it('lands on Extremely Bad at exactly F1 = 0.3 (3 matches, 10 + 10 steps)', () => {
    const steps = (prefix: string, n: number): [string, string, number[]][] =>
      Array.from({ length: n }, (_, i) => [String(i + 1), `T2S([], '${i < 3 ? 'shared' : prefix} ${i}')`, []]);
    const result = comparePlans(plan(...steps('plan', 10)), plan(...steps('gold', 10)));
    expect(result).toMatchObject({ matchedSteps: 3, f1: 0.3, tier: 'Extremely Bad' });
  });

  it('rates an unreadable plan Extremely Bad', () => {
    const gold = plan(['1', "T2S([], 'a')", []]);
    const broken = planFromText('{ 1: {"step": T2S([], "a"), ', 'plan');
    expect(comparePlans(broken, gold)).toMatchObject({
      matchedSteps: 0,
      precision: null,
      recall: 0,
      f1: 0,
      tier: 'Extremely Bad',
      reason: 'the plan could not be read; an unreadable plan is Extremely Bad',
      unmatchedGold: [{ index: 0, id: '1' }],
    });
    expect(comparePlans(planFromText('{}', 'plan'), gold)).toMatchObject({ precision: null, recall: 0, f1: 0, tier: 'Extremely Bad', reason: 'the plan has no steps' });
  });

  it('scores a plan read tolerantly like any other', () => {
    const gold = plan(['1', "T2S([], 'a')", []]);
    expect(comparePlans(planFromText('{1: {step: T2S([], "a")}}', 'plan'), gold)).toMatchObject({ f1: 1, tier: 'Extremely Good' });
  });

  it('leaves every score undefined when the gold plan is unreadable or empty', () => {
    const generated = plan(['1', "T2S([], 'a')", []]);
    expect(comparePlans(generated, planFromText('nope(', 'best_plan'))).toMatchObject({
      precision: null,
      recall: null,
      f1: null,
      tier: null,
      reason: 'the gold plan could not be read',
    });
    expect(comparePlans(generated, planFromText('{}', 'best_plan'))).toMatchObject({ f1: null, tier: null, reason: 'the gold plan has no steps' });
  });
});
