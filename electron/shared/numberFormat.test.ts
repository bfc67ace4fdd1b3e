import { describe, expect, it } from 'vitest';
import { coef, count, interval, percent, percentInterval, pValue } from './numberFormat';

// Expected strings are the house conventions of the reports (DESIGN.md §5): three decimals for
// coefficients, one for percentages, U+2212 for minus, an em dash for "undefined".
describe('agreement number formatting', () => {
  it('writes coefficients to three decimals with a true minus, and zero without a sign', () => {
    // 0.48421: SAS PROC FREQ's simple κ of its worked example, 0.4842 (see core/stats testdata).
    expect(coef(0.48421)).toBe('0.484');
    expect(coef(-0.1111)).toBe('−0.111');
    expect(coef(-0.0001)).toBe('0.000');
    expect(coef(-0.0004999)).toBe('0.000');
    expect(coef(-0.0006)).toBe('−0.001');
    expect(coef(1)).toBe('1.000');
  });

  it('writes an em dash for what is undefined', () => {
    for (const missing of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(coef(missing)).toBe('—');
      expect(percent(missing)).toBe('—');
    }
    expect(interval(null)).toBe('—');
    expect(interval(undefined)).toBe('—');
    expect(percentInterval(null)).toBe('—');
    expect(pValue(null)).toBe('—');
    expect(pValue(undefined)).toBe('—');
  });

  it('writes proportions and intervals the way the reports do', () => {
    // 13 of 19 units agree in the SAS example: 68.4%.
    expect(percent(13 / 19)).toBe('68.4%');
    expect(percent(1)).toBe('100.0%');
    // The SAS example's normal 95% interval, 0.2137–0.7547.
    expect(interval([0.2137, 0.7547])).toBe('[0.214, 0.755]');
    expect(interval([-0.25, 0.1])).toBe('[−0.250, 0.100]');
    expect(percentInterval([0.4737, 0.8947])).toBe('[47.4%, 89.5%]');
  });

  it('writes p values to three decimals, and "< 0.001" below that', () => {
    expect(pValue(0.0004)).toBe('< 0.001');
    expect(pValue(0.001)).toBe('0.001');
    expect(pValue(0.0421)).toBe('0.042');
    expect(pValue(0)).toBe('< 0.001');
  });

  it('writes counts with thousands separators whatever the locale', () => {
    expect(count(0)).toBe('0');
    expect(count(999)).toBe('999');
    expect(count(12345)).toBe('12,345');
    expect(count(1_000_000)).toBe('1,000,000');
  });
});
