import { describe, expect, it } from 'vitest';
import { compareNames, nameKey, similarNames } from './personName';

describe('names that differ only by case or spacing', () => {
  it('share a key', () => {
    expect(nameKey('Ana')).toBe(nameKey('ana'));
    expect(nameKey(' ana ')).toBe(nameKey('ana'));
    expect(nameKey('Ana  Lopez')).toBe(nameKey('ana lopez'));
    expect(nameKey('a na')).toBe(nameKey('ana'));
    expect(nameKey('anna')).not.toBe(nameKey('ana'));
  });

  it('lists the existing names a new one resembles, never the name itself', () => {
    expect(similarNames('Ana', ['ana', 'ben', 'ANA '])).toEqual(['ana', 'ANA ']);
    expect(similarNames('ana', ['ana', 'ben'])).toEqual([]);
    expect(similarNames('anna', ['ana'])).toEqual([]);
  });
});

describe('compareNames', () => {
  it('counts numbers in names by value, in one fixed order', () => {
    const names = ['rater 10', 'rater 2', 'rater 1', 'ben', 'Ana', 'ana', 'rater 100', 'judge:gpt'];
    expect([...names].sort(compareNames)).toEqual(['ana', 'Ana', 'ben', 'judge:gpt', 'rater 1', 'rater 2', 'rater 10', 'rater 100']);
  });
});
