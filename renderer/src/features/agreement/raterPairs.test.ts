import { describe, expect, it } from 'vitest';
import { everyPair, orientedPair, pairedRaters, pairForRater, pairOf, partnersOf, type RaterPair } from './raterPairs';

// The pairs of four raters as the analysis lists them: a–b, a–c, a–d, b–c, b–d, c–d.
const pairs: RaterPair[] = [
  ['a', 'b'],
  ['a', 'c'],
  ['a', 'd'],
  ['b', 'c'],
  ['b', 'd'],
  ['c', 'd'],
];

describe('the confusion matrix pair picker: a rater, then whom against', () => {
  it('makes a crowd’s pairs from its raters in the order the analysis lists them (the answer leaves them out)', () => {
    expect(everyPair(['a', 'b', 'c', 'd'])).toEqual(pairs);
    expect(everyPair(['a'])).toEqual([]);
    expect(everyPair(Array.from({ length: 120 }, (_, i) => `rater ${i + 1}`))).toHaveLength(7140);
  });

  it('lists every rater once, and whom each has a pair with', () => {
    expect(pairedRaters(pairs)).toEqual(['a', 'b', 'c', 'd']);
    expect(partnersOf(pairs, 'c')).toEqual(['a', 'b', 'd']);
  });

  it('keeps the partner when the chosen rater has a pair with them', () => {
    // d × b shown; c chosen: c × b.
    expect(pairForRater(pairs, 'c', ['d', 'b'])).toBe(3);
  });

  it('swaps the two when the rater chosen is the one shown against, rather than jumping to another pair', () => {
    // d × b shown; b chosen first: b × d, not b's first pair (a–b).
    expect(pairForRater(pairs, 'b', ['d', 'b'])).toBe(4);
    expect(orientedPair(pairs[4], 'b')).toEqual(['b', 'd']);
  });

  it("falls back to the chosen rater's first pair when they have none with the partner, and to nothing for a rater in no pair", () => {
    const sparse: RaterPair[] = [
      ['a', 'b'],
      ['c', 'd'],
    ];
    expect(pairForRater(sparse, 'c', ['a', 'b'])).toBe(1);
    expect(pairForRater(sparse, 'z', ['a', 'b'])).toBeNull();
    expect(pairOf(sparse, 'b', 'a')).toBe(0);
    expect(pairOf(sparse, 'a', 'c')).toBeNull();
  });

  it('shows the pair as listed when the rater chosen first is not in it (a link to another pair)', () => {
    expect(orientedPair(['a', 'b'], 'd')).toEqual(['a', 'b']);
    expect(orientedPair(['a', 'b'], null)).toEqual(['a', 'b']);
  });
});
