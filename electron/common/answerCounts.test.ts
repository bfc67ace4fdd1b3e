import { describe, expect, it } from 'vitest';
import { answerCounts, answerCountsSpoken, judgesAnswers, NO_SCALE, raterCount } from './answerCounts';

describe("a crowd's answers on one unit", () => {
  const ratings = (...values: (string | null)[]) => values.map((value, i) => ({ rater: `rater ${i + 1}`, value }));
  const levels = (...names: string[]) => names.map((name) => ({ name }));

  it('are counted per level, in the scale order, without the raters who gave none', () => {
    expect(answerCounts(ratings('3', '1', null, '3', '2', '3'), { categories: levels('1', '2', '3'), multilabel: false })).toEqual([
      { value: '1', count: 1 },
      { value: '2', count: 1 },
      { value: '3', count: 3 },
    ]);
  });

  it('list answers without a scale most given first', () => {
    expect(answerCounts(ratings('Bad', 'Good', 'Good', 'N/A'), NO_SCALE)).toEqual([
      { value: 'Good', count: 2 },
      { value: 'Bad', count: 1 },
      { value: 'N/A', count: 1 },
    ]);
  });

  it('list tag sets most given first: the tags are no order of the sets, so a set of one tag does not jump ahead', () => {
    expect(answerCounts(ratings('a;b', 'a', 'a;b', 'b', 'a;b', 'a', ''), { categories: levels('a', 'b'), multilabel: true })).toEqual([
      { value: 'a;b', count: 3 },
      { value: 'a', count: 2 },
      { value: '', count: 1 },
      { value: 'b', count: 1 },
    ]);
  });

  it("leave an LLM judge's answer out of the humans' counts, to be named apart", () => {
    const withJudge = [...ratings('3', '3', '2'), { rater: 'judge gpt', value: '1', judge: true as const }, { rater: 'judge two', value: null, judge: true as const }];
    expect(answerCounts(withJudge, { categories: levels('1', '2', '3'), multilabel: false })).toEqual([
      { value: '2', count: 1 },
      { value: '3', count: 2 },
    ]);
    expect(judgesAnswers(withJudge)).toEqual([{ rater: 'judge gpt', value: '1', judge: true }]);
  });
});

describe('answer counts in words, as a screen reader should read them', () => {
  it('say how many raters, not "×11" (read "times 11")', () => {
    expect(raterCount(11)).toBe('11 raters');
    expect(raterCount(1)).toBe('1 rater');
    expect(raterCount(1200)).toBe('1,200 raters');
  });

  it("give each answer in words with its count, the judges' answers after, parted by semicolons", () => {
    const counts = [
      { value: 'a;b', count: 6 },
      { value: '1', count: 1 },
    ];
    const say = (v: string) => (v === 'a;b' ? 'Good, short' : v);
    expect(answerCountsSpoken(counts, [{ rater: 'gpt-judge', value: '1' }], say)).toBe('Good, short: 6 raters; 1: 1 rater; 1: gpt-judge');
    expect(answerCountsSpoken([], [], say)).toBe('');
  });
});
