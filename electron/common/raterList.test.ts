import { describe, expect, it } from 'vitest';
import { raterList } from './raterList';

describe('a list of raters in a line of text', () => {
  it('names a few, and shortens a crowd to its first three and its last', () => {
    expect(raterList(['ana', 'ben', 'cy'])).toBe('ana, ben, cy');
    expect(raterList(Array.from({ length: 120 }, (_, i) => `rater ${i + 1}`))).toBe('rater 1, rater 2, rater 3 and 117 more');
  });
});
