import { describe, expect, it } from 'vitest';
import { disagreementAnswers } from './disagreementText';

const scale = { categories: ['low', 'mid', 'high'].map((name) => ({ name })), multilabel: false };

describe("a disagreeing unit's answers in the terminal", () => {
  it("names each rater's answer while the raters are few", () => {
    expect(disagreementAnswers([{ rater: 'ana', value: 'low' }, { rater: 'ben', value: 'mid' }, { rater: 'cy', value: null }], 3, scale)).toBe('ana=low  ben=mid  cy=—');
  });

  it('counts a crowd’s answers in the scale’s order instead of naming 120 raters', () => {
    const ratings = Array.from({ length: 120 }, (_, i) => ({ rater: `rater ${i + 1}`, value: i < 101 ? 'mid' : i < 118 ? 'low' : i < 119 ? 'high' : null }));
    expect(disagreementAnswers(ratings, 120, scale)).toBe('low ×17  mid ×101  high ×1');
  });

  it('counts a multilabel crowd’s tag sets most given first, the empty set as no tag', () => {
    const ratings = ['a;b', 'a;b', '', 'a', 'a;b', 'a', 'b', 'a;b', 'a;b', 'a;b', 'a'].map((value, i) => ({ rater: `r${i}`, value }));
    expect(disagreementAnswers(ratings, 11, { categories: [{ name: 'a' }, { name: 'b' }], multilabel: true })).toBe('a;b ×6  a ×3  (no tag) ×1  b ×1');
  });
});
