import { describe, expect, it } from 'vitest';
import { normaliseString, valuesEqual } from './valueEquality';

describe('valuesEqual', () => {
  it.each([
    ['SO-1042', ' so-1042 ', true],
    ['New  York', 'new york', true],
    ['e\u0301', '\u00e9', true], // NFD vs NFC é
    ['SO-1042', 'SO-1043', false],
    [88213, '88213', true],
    ['2.50', 2.5, true],
    [0.1 + 0.2, 0.3, true],
    [1, 1.0001, false],
    ['04101', 4101, false], // a leading zero makes it an identifier (zip code), not a number
    ['0.5', 0.5, true],
    ['12a', 12, false],
    [true, 'TRUE', true],
    [false, 'no', false],
    [null, null, true],
    [null, 'null', false],
    [null, undefined, false],
    [[1, 'a'], ['1', 'A'], true],
    [[1, 2], [2, 1], false],
    [{ a: 1, b: 'x' }, { b: 'X', a: '1' }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1 }, [1], false],
  ])('%j vs %j → %s', (a, b, expected) => {
    expect(valuesEqual(a, b)).toBe(expected);
  });

  it('looks at own keys only', () => {
    expect(valuesEqual({ constructor: 'x' }, {})).toBe(false);
    expect(valuesEqual({ toString: 'x' }, { toString: 'x' })).toBe(true);
  });

  it('compares values nested beyond the import limit as unequal instead of overflowing', () => {
    let a: unknown = 1;
    let b: unknown = 1;
    for (let i = 0; i < 10_000; i++) {
      a = [a];
      b = [b];
    }
    expect(valuesEqual(a, b)).toBe(false);
  });

  it('normalises strings as documented', () => {
    expect(normaliseString('  Hello \n World ')).toBe('hello world');
  });
});

describe('valuesEqual on ids', () => {
  it('tells 20-digit ids apart that differ in the last digit (kept as digits by the importer)', () => {
    expect(valuesEqual('12345678901234567891', '12345678901234567892')).toBe(false);
    expect(valuesEqual({ id: '12345678901234567891' }, { id: '12345678901234567891' })).toBe(true);
  });

  it('compares safe integers exactly, not within the relative tolerance', () => {
    expect(valuesEqual(12345678901234, 12345678901235)).toBe(false);
    expect(valuesEqual(12345678901234, '12345678901234')).toBe(true);
  });
});
