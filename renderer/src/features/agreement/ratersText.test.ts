import { describe, expect, it } from 'vitest';
import { ratersText } from './ratersText';

describe('the raters in the agreement page summary', () => {
  it('lists a few by name', () => {
    expect(ratersText(['ana', 'ben', 'cy'])).toBe('raters ana, ben, cy');
    expect(ratersText([])).toBe('raters none yet');
  });

  it('counts a crowd instead of listing it', () => {
    const crowd = Array.from({ length: 120 }, (_, i) => `rater ${i + 1}`);
    expect(ratersText(crowd)).toBe('120 raters: rater 1, rater 2, rater 3 and 117 more');
  });
});
