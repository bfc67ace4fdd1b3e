import { describe, expect, it } from 'vitest';
import type { GoldView, RaterAnswer } from '../../../../electron/api/contract';
import { distinctAnswers, isGold } from './distinctAnswers';

const ans = (rater: string, value: RaterAnswer['value'], na = false): RaterAnswer => ({ rater, raterKind: 'human', value, na, rationale: null, updatedAt: '' });

describe('distinct answers', () => {
  it('groups raters by answer, most given first', () => {
    const groups = distinctAnswers([ans('ana', 'Bad'), ans('ben', 'Acceptable'), ans('cy', 'Acceptable'), ans('dee', null, true)]);
    expect(groups.map((g) => [g.na ? 'N/A' : g.value, g.raters])).toEqual([
      ['Acceptable', ['ben', 'cy']],
      ['Bad', ['ana']],
      ['N/A', ['dee']],
    ]);
  });

  it('compares tag sets as stored', () => {
    expect(distinctAnswers([ans('ana', ['incorrect_tool']), ans('ben', ['incorrect_tool', 'complex_prompt']), ans('cy', ['incorrect_tool'])]).map((g) => g.raters)).toEqual([['ana', 'cy'], ['ben']]);
  });

  it('recognises the gold answer', () => {
    const gold = { value: ['incorrect_tool'], na: false } as GoldView;
    expect(isGold(gold, { value: ['incorrect_tool'], na: false })).toBe(true);
    expect(isGold(gold, { value: null, na: true })).toBe(false);
    expect(isGold(null, { value: 'x', na: false })).toBe(false);
  });
});
