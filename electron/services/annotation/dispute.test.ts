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

  it('equals the mean over every pair of raters, computed pair by pair, on random answers of every kind', () => {
    // The definition itself, pair by pair (O(r²)): the reference the counting by answer must match.
    const byPairs = (question: Question | undefined, answers: { value: string | null; na: number }[]) => {
      const numeric = new Map<string, number>(
        question?.type === 'ordinal' ? question.levels.map((l) => [JSON.stringify(l.value), l.numeric]) : question?.type === 'score' ? question.values.map((v) => [JSON.stringify(v.value), v.value]) : [],
      );
      const values = [...numeric.values()];
      const range = values.length > 1 ? Math.max(...values) - Math.min(...values) : 0;
      let apart = 0;
      let pairs = 0;
      for (let i = 0; i < answers.length; i++)
        for (let j = i + 1; j < answers.length; j++) {
          pairs++;
          const [a, b] = [answers[i], answers[j]];
          if ((a.na ? 'N/A' : a.value) === (b.na ? 'N/A' : b.value)) continue;
          const [x, y] = [a.na ? undefined : numeric.get(a.value!), b.na ? undefined : numeric.get(b.value!)];
          apart += range > 0 && x !== undefined && y !== undefined ? Math.abs(x - y) / range : 1;
        }
      return apart / pairs;
    };
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
    const levels = ['Extremely Bad', 'Bad', 'Good', 'Very Good', 'Great'].map(level);
    const scores = [0, 0.5, 1, 2].map(score);
    const cases: [Question | undefined, { value: string | null; na: number }[]][] = [
      [planQualityQuestion, [...levels, NA]],
      [format, [...scores, NA]],
      [verdict, [...['yes', 'no', 'unsure'].map(level), NA]],
    ];
    for (const [question, pool] of cases)
      for (let trial = 0; trial < 40; trial++) {
        const answers = Array.from({ length: 2 + Math.floor(random() * 30) }, () => pool[Math.floor(random() * pool.length)]);
        expect(questionDispute(question, answers)).toBeCloseTo(byPairs(question, answers), 12);
      }
  });

  it('counts thousands of raters by answer: 1,500 at each end of the scale are apart in 1,500² of 3,000·2,999/2 pairs', () => {
    const answers = [...Array<{ value: string; na: number }>(1500).fill(level('Extremely Bad')), ...Array<{ value: string; na: number }>(1500).fill(level('Extremely Good'))];
    expect(questionDispute(planQualityQuestion, answers)).toBeCloseTo(1500 ** 2 / ((3000 * 2999) / 2), 12);
  });
});
