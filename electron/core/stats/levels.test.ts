import { describe, expect, it } from 'vitest';
import { levelsFromObserved, parseLevelsSpec, toLevels } from './levels';

describe('levels', () => {
  it('gives numeric names their own value and other names their 1-based position', () => {
    expect(toLevels(['1', '2', '5'])).toEqual([{ name: '1', value: 1 }, { name: '2', value: 2 }, { name: '5', value: 5 }]);
    expect(toLevels(['Bad', 'Ok', 'Good']).map((l) => l.value)).toEqual([1, 2, 3]);
  });

  it('parses --levels with optional name=value', () => {
    expect(parseLevelsSpec('Bad=0, Ok=1 ,Good=4')).toEqual([{ name: 'Bad', value: 0 }, { name: 'Ok', value: 1 }, { name: 'Good', value: 4 }]);
    expect(parseLevelsSpec('yes,no').map((l) => l.name)).toEqual(['yes', 'no']);
  });

  it('refuses empty lists, repeated names, partial values and non-numeric values', () => {
    expect(() => parseLevelsSpec('')).toThrow('--levels: the list is empty');
    expect(() => parseLevelsSpec('a,b,a')).toThrow('levels: "a" is listed twice');
    expect(() => parseLevelsSpec('a=1,b')).toThrow('levels: give a numeric value for every level or for none');
    expect(() => parseLevelsSpec('a=x')).toThrow('--levels: "a=x" should be name=number');
    expect(() => toLevels([])).toThrow('levels: at least one level is required');
  });

  it('infers levels from observed values numerically or by code point', () => {
    expect(levelsFromObserved(['10', '9', '10', '1']).map((l) => l.name)).toEqual(['1', '9', '10']);
    expect(levelsFromObserved(['pass', 'fail']).map((l) => l.name)).toEqual(['fail', 'pass']);
  });
});
