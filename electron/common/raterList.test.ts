import { describe, expect, it } from 'vitest';
import { CROWD_RATERS, raterList } from './raterList';

describe('a list of raters in a line of text', () => {
  const raters = (n: number) => Array.from({ length: n }, (_, i) => `rater ${i + 1}`);

  it('names a few, and shortens a crowd to its first three and how many more', () => {
    expect(raterList(['ana', 'ben', 'cy'])).toBe('ana, ben, cy');
    expect(raterList(raters(120))).toBe('rater 1, rater 2, rater 3 and 117 more');
  });

  it('names every rater up to the crowd threshold the tables use (CROWD_RATERS), and nobody when there is none', () => {
    expect(raterList([])).toBe('');
    // Seven to ten raters get a column each in the tables, so the line names them all too (it said "and 5 more" at 8).
    expect(raterList(raters(8))).toBe('rater 1, rater 2, rater 3, rater 4, rater 5, rater 6, rater 7, rater 8');
    expect(raterList(raters(CROWD_RATERS))).toBe(raters(CROWD_RATERS).join(', '));
    expect(raterList(raters(CROWD_RATERS + 1))).toBe('rater 1, rater 2, rater 3 and 8 more');
  });

  it("says where every name is when asked (a report), only when the list is shortened", () => {
    expect(raterList(raters(120), { namedIn: 'the JSON export' })).toBe('rater 1, rater 2, rater 3 and 117 more — all 120 named in the JSON export');
    expect(raterList(raters(1200), { namedIn: 'the JSON export' })).toBe('rater 1, rater 2, rater 3 and 1,197 more — all 1,200 named in the JSON export');
    expect(raterList(['ana', 'ben'], { namedIn: 'the JSON export' })).toBe('ana, ben');
  });
});
