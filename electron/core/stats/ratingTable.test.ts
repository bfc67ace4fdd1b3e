import { describe, expect, it } from 'vitest';
import { buildRatingTable, MISSING, ratingTableFromMatrix } from './ratingTable';

describe('buildRatingTable', () => {
  const rows = [
    { unit: 'u1', rater: 'ana', value: 'Good', line: 2 },
    { unit: 'u1', rater: 'ben', value: 'Bad', line: 3 },
    { unit: 'u2', rater: 'ana', value: null, line: 4 },
    { unit: 'u3', rater: 'ben', value: 'Good', line: 5 },
  ];

  it('lays units × raters out as level indices with MISSING, over the given universe', () => {
    const table = buildRatingTable(rows, { levels: ['Bad', 'Ok', 'Good'] });
    expect(table.units).toEqual(['u1', 'u2', 'u3']);
    expect(table.raters).toEqual(['ana', 'ben']);
    expect(table.levels.map((l) => l.name)).toEqual(['Bad', 'Ok', 'Good']);
    expect(Array.from(table.cells)).toEqual([2, 0, MISSING, MISSING, MISSING, 2]);
    expect(table.levelsInferred).toBe(false);
  });

  it('names the line and the value outside the levels', () => {
    expect(() => buildRatingTable(rows, { levels: ['Bad', 'Ok'] })).toThrow('line 2: value "Good" is not one of the levels (Bad, Ok)');
  });

  it('refuses a rater rating the same unit twice, naming both lines', () => {
    const twice = [...rows, { unit: 'u1', rater: 'ana', value: 'Ok', line: 9 }];
    expect(() => buildRatingTable(twice, { levels: ['Bad', 'Ok', 'Good'] })).toThrow('line 9: rater "ana" rated unit "u1" twice (first on line 2)');
  });

  it('flags levels inferred from the observed values', () => {
    const table = buildRatingTable(rows);
    expect(table.levelsInferred).toBe(true);
    expect(table.levels.map((l) => l.name)).toEqual(['Bad', 'Good']);
  });
});

describe('ratingTableFromMatrix', () => {
  it('checks row lengths and level indices', () => {
    expect(() => ratingTableFromMatrix([[0, 1], [0]], ['a', 'b'])).toThrow('row 2 has 1 ratings, expected 2');
    expect(() => ratingTableFromMatrix([[0, 2]], ['a', 'b'])).toThrow('row 1: level index 2 is outside 0…1');
  });
});
