import { describe, expect, it } from 'vitest';
import { outlineLineOf, sopOutline } from './sopOutline';

describe('sopOutline', () => {
  it('nests lines by indentation, whatever its width, and numbers relative steps in full', () => {
    const outline = sopOutline('Title\n1. Ask for the id\n    1.1 If none\n\ta) ask for the email\n  - a bullet note\n2) Close');
    expect(outline.map((l) => [l.line, l.depth, l.label, l.parent])).toEqual([
      [1, 0, null, null],
      [2, 0, '1', null],
      [3, 1, '1.1', 1],
      // A tab is 4 columns: as deep as `1.1`, so its sibling, not its child.
      [4, 1, '1.a', 1],
      [5, 1, null, 1],
      [6, 0, '2', null],
    ]);
    expect(outline[3]!.text).toBe('a) ask for the email');
  });

  it('keeps blank lines out and counts line numbers as written', () => {
    const outline = sopOutline('1. One\n\n   \n2. Two');
    expect(outline.map((l) => l.line)).toEqual([1, 4]);
  });

  it('does not take a sentence starting with "a" for a lettered step', () => {
    expect(sopOutline('a customer calls')[0]!.label).toBeNull();
    expect(sopOutline('Step 3: refund')[0]!.label).toBe('3');
  });
});

describe('outlineLineOf', () => {
  const outline = sopOutline('1. Ask\n    1.1 If none\n        a) ask the email\n2. Close the case');
  it('finds a state by step number, written with or without Step and a trailing dot', () => {
    expect(outlineLineOf(outline, '1.1')).toBe(1);
    expect(outlineLineOf(outline, 'Step 1.1.')).toBe(1);
    expect(outlineLineOf(outline, '1.1.A')).toBe(2);
  });
  it('finds a state by the text its line starts with, else none', () => {
    expect(outlineLineOf(outline, 'close the case')).toBe(3);
    expect(outlineLineOf(outline, '7')).toBeNull();
    expect(outlineLineOf(outline, null)).toBeNull();
  });
});
