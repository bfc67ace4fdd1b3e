import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../../../electron/api/artifacts';
import { estimateTurnHeight, jsonLines } from './estimateTurnHeight';

describe('jsonLines', () => {
  it('counts the lines of the tree opened to a depth: brackets, then one line per child', () => {
    expect(jsonLines('short', 2)).toBe(1);
    expect(jsonLines({ a: 1, b: 2 }, 1)).toBe(4);
    // { a: 1, b: { c: 1, d: 2 } } opened two deep: 2 brackets + a + (2 brackets + c + d).
    expect(jsonLines({ a: 1, b: { c: 1, d: 2 } }, 2)).toBe(7);
    expect(jsonLines({ a: 1, b: { c: 1, d: 2 } }, 1)).toBe(4);
    expect(jsonLines([], 3)).toBe(1);
  });
});

describe('estimateTurnHeight', () => {
  const message = (text: string): Turn => ({ index: 0, role: 'user', sourceRole: 'user', sourceIndex: 0, text });
  it('grows with the text and with the findings shown on the turn', () => {
    const short = estimateTurnHeight(message('Hi'), 0);
    expect(estimateTurnHeight(message('x'.repeat(400)), 0)).toBeGreaterThan(short);
    expect(estimateTurnHeight(message('one\ntwo\nthree'), 0)).toBeGreaterThan(short);
    expect(estimateTurnHeight(message('Hi'), 2)).toBeGreaterThan(short);
  });

  it('counts the "Other fields" line of a turn that kept source fields (closed: the row is measured once opened)', () => {
    const plain = estimateTurnHeight(message('Hi'), 0);
    expect(estimateTurnHeight({ ...message('Hi'), extra: { function_call: { name: 'Finish' } } }, 0)).toBe(plain + 26);
    expect(estimateTurnHeight({ ...message('Hi'), extra: {} }, 0)).toBe(plain);
  });
});
