import { describe, expect, it } from 'vitest';
import { raterList, RATERS_LISTED } from './raterList';

describe('a list of raters in a line of text', () => {
  const raters = (n: number) => Array.from({ length: n }, (_, i) => `rater ${i + 1}`);

  it('names a few, and shortens a crowd to its first three and how many more', () => {
    expect(raterList(['ana', 'ben', 'cy'])).toBe('ana, ben, cy');
    expect(raterList(raters(120))).toBe('rater 1, rater 2, rater 3 and 117 more');
  });

  it('names every rater up to RATERS_LISTED, and nobody when there is none', () => {
    expect(raterList([])).toBe('');
    expect(raterList(raters(RATERS_LISTED))).toBe('rater 1, rater 2, rater 3, rater 4, rater 5, rater 6');
    expect(raterList(raters(RATERS_LISTED + 1))).toBe('rater 1, rater 2, rater 3 and 4 more');
  });
});
