import { describe, expect, it } from 'vitest';
import { formatInterval, formatKappa, formatPercent, formatSigned, levelDifferences, splitUnit, unitHref, unitTitle } from './calibrationFigures';

describe('calibration figures', () => {
  it('writes coefficients to two decimals with a true minus sign', () => {
    expect(formatKappa(0.6249)).toBe('0.62');
    expect(formatKappa(-0.125)).toBe('\u22120.13');
    expect(formatKappa(null)).toBe('—');
    expect(formatInterval([-0.1, 0.834])).toBe('\u22120.10 – 0.83');
    expect(formatInterval(null)).toBe('—');
    expect(formatPercent(2 / 3)).toBe('67%');
    expect(formatSigned(0.5)).toBe('+0.50');
    expect(formatSigned(-1)).toBe('\u22121.00');
    expect(formatSigned(0)).toBe('0.00');
  });

  it('splits a unit name into item and unit key, and links the item with the unit selected', () => {
    expect(splitUnit('q-0002|')).toEqual({ item: 'q-0002', unitKey: '' });
    expect(splitUnit('plans/q|1|step:2')).toEqual({ item: 'plans/q|1', unitKey: 'step:2' });
    expect(unitTitle('q-0002|step:2')).toBe('q-0002 · step 2');
    expect(unitHref('q-0002|step:2', { 'q-0002': 7 })).toBe('/items/7?unit=step%3A2');
    expect(unitHref('q-0002|', { 'q-0002': 7 })).toBe('/items/7');
    expect(unitHref('q-0009|', { 'q-0002': 7 })).toBeNull();
  });

  it('counts level differences from the confusion matrix, judge minus reference', () => {
    // Rows judge, columns reference, levels 1 < 2 < 3. By hand: the diagonal holds 1 + 3 + 1 = 5;
    // (judge 2, reference 1) ×2 and (judge 3, reference 2) ×1 are one level higher: 3; nothing lower.
    expect(levelDifferences([[1, 0, 0], [2, 3, 0], [0, 1, 1]], [1, 2, 3])).toEqual([
      { difference: -1, count: 0 },
      { difference: 0, count: 5 },
      { difference: 1, count: 3 },
    ]);
  });

  it('orders levels by value, so a scale listed highest first still counts higher as positive', () => {
    // Levels listed [3, 2, 1]: judge says level 3 (row 0) where the reference says 1 (column 2) → +2.
    expect(levelDifferences([[0, 0, 4], [0, 0, 0], [0, 0, 0]], [3, 2, 1])).toEqual([
      { difference: -2, count: 0 },
      { difference: -1, count: 0 },
      { difference: 0, count: 0 },
      { difference: 1, count: 0 },
      { difference: 2, count: 4 },
    ]);
  });
});
