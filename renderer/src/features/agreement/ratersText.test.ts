import { describe, expect, it } from 'vitest';
import { ratersText } from './ratersText';

describe('the raters in the agreement page summary', () => {
  const raters = (n: number) => Array.from({ length: n }, (_, i) => `rater ${i + 1}`);

  it('lists a few by name', () => {
    expect(ratersText(['ana', 'ben', 'cy'])).toBe('raters ana, ben, cy');
    expect(ratersText([])).toBe('raters none yet');
  });

  it('lists every rater while the tables give each a column (up to ten; eight were "8 raters: … and 5 more")', () => {
    expect(ratersText(raters(8))).toBe('raters rater 1, rater 2, rater 3, rater 4, rater 5, rater 6, rater 7, rater 8');
    expect(ratersText(raters(10))).toBe(`raters ${raters(10).join(', ')}`);
  });

  it('counts a crowd instead of listing it, with no pointer to the full list (every rater is a click away)', () => {
    expect(ratersText(raters(120))).toBe('120 raters: rater 1, rater 2, rater 3 and 117 more');
    expect(ratersText(raters(11))).toBe('11 raters: rater 1, rater 2, rater 3 and 8 more');
  });
});
