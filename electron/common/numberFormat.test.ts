import { describe, expect, it } from 'vitest';
import { bytes, coef, count, decimal, dollars, interval, percent, percentInterval, pValue, range, signed, withReason } from './numberFormat';

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
    expect(pValue(Number.NaN)).toBe('—');
    for (const missing of [null, undefined, Number.NaN]) {
      expect(decimal(missing, 2)).toBe('—');
      expect(signed(missing)).toBe('—');
      expect(dollars(missing)).toBe('—');
    }
    expect(range(null)).toBe('—');
  });

  it('writes any decimal with a true minus and no negative zero, at the digits asked for', () => {
    expect(decimal(0.6249, 2)).toBe('0.62');
    expect(decimal(-0.125, 2)).toBe('\u22120.13');
    expect(decimal(-0.004, 2)).toBe('0.00');
    expect(decimal(-0, 1)).toBe('0.0');
    expect(decimal(1.38, 2)).toBe('1.38');
    expect(decimal(-12.5, 0)).toBe('\u221213');
  });

  it('writes signed differences and ranges the way the calibration screens do', () => {
    expect(signed(0.5)).toBe('+0.50');
    expect(signed(-1)).toBe('\u22121.00');
    expect(signed(0)).toBe('0.00');
    expect(signed(0.001)).toBe('0.00');
    expect(range([-0.1, 0.834])).toBe('\u22120.10 – 0.83');
    expect(percent(2 / 3, 0)).toBe('67%');
  });

  it('says why a figure is undefined when a reason is given', () => {
    expect(withReason(null, 'only one category observed: expected agreement is 1')).toBe('— (only one category observed: expected agreement is 1)');
    expect(withReason(Number.NaN, null)).toBe('—');
    expect(withReason(0.48421, 'unused')).toBe('0.484');
    expect(withReason(-0.5, null, (v) => decimal(v, 2))).toBe('\u22120.50');
  });

  it('writes sizes in binary units and costs in dollars', () => {
    expect(bytes(512)).toBe('512 B');
    expect(bytes(1536)).toBe('1.5 KB');
    expect(bytes(250 * 1024 * 1024)).toBe('250.0 MB');
    expect(dollars(0)).toBe('$0');
    expect(dollars(0.0012)).toBe('$0.0012');
    expect(dollars(0.00001)).toBe('< $0.0001');
    expect(dollars(1.234)).toBe('$1.23');
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
    expect(count(-1234)).toBe('\u22121,234');
    expect(count(1234.5)).toBe('1,234.5');
    expect(count(12_345_678_901)).toBe('12,345,678,901');
  });
});
