import { describe, expect, it } from 'vitest';
import { otherRaters } from './BlindNotice';

describe('otherRaters', () => {
  it('puts the apostrophe where English does: one rater’s, three raters’', () => {
    expect(otherRaters(1)).toBe('1 other rater’s');
    expect(otherRaters(3)).toBe('3 other raters’');
    expect(otherRaters(12)).toBe('12 other raters’');
  });
});
