import { describe, expect, it } from 'vitest';
import type { Question } from '../../core/schemas/model';
import { planMetrics } from '../../core/schemas/presets/planMetrics';
import { planQualityQuestion } from '../../core/schemas/presets/planQuality';
import { questionDispute } from './dispute';

// Expected numbers worked by hand: the mean over rater pairs of |a − b| / range, with the
// plan-quality levels' numeric values 1 (Extremely Bad) … 7 (Extremely Good), range 6, and the
// plan metrics' scores 0 / 0.5 / 1, range 1.
const level = (value: string) => ({ value: JSON.stringify(value), na: 0 });
const score = (value: number) => ({ value: JSON.stringify(value), na: 0 });
const NA = { value: null, na: 1 };
const format = planMetrics.questions.find((q) => q.id === 'format');
const verdict: Question = {
  id: 'verdict',
  type: 'nominal',
  title: 'Verdict',
  description: '',
  scope: 'item',
  allowNA: true,
  required: true,
  options: ['yes', 'no', 'unsure'].map((value) => ({ value, label: value, description: '' })),
};

describe('questionDispute', () => {
  it('weighs ordinal answers by how far apart they are on the scale: neighbours 1/6, the two ends 1', () => {
    expect(questionDispute(planQualityQuestion, [level('Good'), level('Very Good')])).toBeCloseTo(1 / 6, 12);
    expect(questionDispute(planQualityQuestion, [level('Extremely Bad'), level('Extremely Good')])).toBe(1);
    // Bad (3) vs Very Good (6): 3/6.
    expect(questionDispute(planQualityQuestion, [level('Bad'), level('Very Good')])).toBe(0.5);
  });

  it('averages over every pair of raters', () => {
    // Bad, Very Good, Very Good: pairs 3/6, 3/6, 0 → 1/3. Good, Acceptable, Bad: 1/6, 2/6, 1/6 → 2/9.
    expect(questionDispute(planQualityQuestion, [level('Bad'), level('Very Good'), level('Very Good')])).toBeCloseTo(1 / 3, 12);
    expect(questionDispute(planQualityQuestion, [level('Good'), level('Acceptable'), level('Bad')])).toBeCloseTo(2 / 9, 12);
    expect(questionDispute(planQualityQuestion, [level('Good'), level('Good'), level('Good')])).toBe(0);
  });

  it('weighs score answers by their values over the range; N/A is 1 from any value and 0 from N/A', () => {
    expect(questionDispute(format, [score(0), score(0.5)])).toBe(0.5);
    // 0, 1, 0.5: 1, 0.5, 0.5 → 2/3.
    expect(questionDispute(format, [score(0), score(1), score(0.5)])).toBeCloseTo(2 / 3, 12);
    expect(questionDispute(planQualityQuestion, [NA, level('Good')])).toBe(1);
    // N/A, N/A, Good: 0, 1, 1 → 2/3.
    expect(questionDispute(planQualityQuestion, [NA, NA, level('Good')])).toBeCloseTo(2 / 3, 12);
  });

  it('keeps the share of rater pairs that disagree for answers without a scale, and for a value off the scale', () => {
    expect(questionDispute(verdict, [level('yes'), level('no')])).toBe(1);
    // yes, yes, no: 1 pair of 3 agrees → 2/3 disagree.
    expect(questionDispute(verdict, [level('yes'), level('yes'), level('no')])).toBeCloseTo(2 / 3, 12);
    expect(questionDispute(undefined, [level('yes'), level('unsure')])).toBe(1);
    expect(questionDispute(planQualityQuestion, [level('Great'), level('Good')])).toBe(1);
  });

  it('is 0 with fewer than two answers', () => {
    expect(questionDispute(planQualityQuestion, [])).toBe(0);
    expect(questionDispute(planQualityQuestion, [level('Good')])).toBe(0);
  });
});
