import { describe, expect, it } from 'vitest';
import { coef, interval, pValue, percent, percentInterval } from './agreementFormat';

describe('agreement number formatting', () => {
  it('writes coefficients to three decimals with a true minus, and zero without a sign', () => {
    expect(coef(0.48421)).toBe('0.484');
    expect(coef(-0.1111)).toBe('−0.111');
    expect(coef(-0.0001)).toBe('0.000');
    expect(coef(null)).toBe('—');
    expect(coef(Number.NaN)).toBe('—');
  });

  it('writes proportions, intervals and p values the way the reports do', () => {
    expect(percent(13 / 19)).toBe('68.4%');
    expect(interval([0.2137, 0.7547])).toBe('[0.214, 0.755]');
    expect(interval(null)).toBe('—');
    expect(percentInterval([0.4737, 0.8947])).toBe('[47.4%, 89.5%]');
    expect(pValue(0.0004)).toBe('< 0.001');
    expect(pValue(0.0421)).toBe('0.042');
  });
});
