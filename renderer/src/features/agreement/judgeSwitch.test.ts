import { describe, expect, it } from 'vitest';
import type { HeadlineStatistic, QuestionAgreementRow } from '../../../../electron/api/contract';
import { judgeSwitchText } from './judgeSwitch';

const row = (question: string, statistic: HeadlineStatistic, raters: string[]) =>
  ({ question, title: question.replace('_', ' '), raters, headline: { statistic } }) as unknown as QuestionAgreementRow;

describe('the notice when judges change a headline', () => {
  it('names the questions a judge took from two annotators to three raters, whose headline became α', () => {
    const rows = [
      row('overall_quality', 'krippendorffAlpha.ordinal', ['ana', 'ben', 'judge:plan-quality@judge-a#1']),
      row('executable', 'fleissKappa', ['ana', 'ben', 'judge:plan-quality@judge-a#1']),
    ];
    expect(judgeSwitchText(rows)).toBe(
      "With the judges counted as raters, “overall quality” has three or more raters, so its headline is Krippendorff's α (at the question's level of measurement) instead of the two annotators' weighted κ.",
    );
  });

  it('says nothing where α heads without the judges too, or no judge is counted', () => {
    expect(judgeSwitchText([row('tier', 'krippendorffAlpha.ordinal', ['ana', 'ben', 'cy', 'judge:j@m#1'])])).toBeNull();
    expect(judgeSwitchText([row('tier', 'weightedKappa.quadratic', ['ana', 'ben'])])).toBeNull();
  });

  it('lists several', () => {
    const judge = 'judge:j@m#2';
    const text = judgeSwitchText([row('tier', 'krippendorffAlpha.ordinal', ['ana', 'ben', judge]), row('score', 'krippendorffAlpha.interval', ['ana', 'ben', judge])]);
    expect(text).toContain('2 questions (“tier”, “score”) have three or more raters, so their headline');
  });
});
