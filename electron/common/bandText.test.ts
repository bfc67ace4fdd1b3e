import { describe, expect, it } from 'vitest';
import { BAND_STATISTIC_NAME, bandEnds, bandText, bandWithEvidence, headlineSymbol, singleBand } from './bandText';

describe('bandText', () => {
  it('writes a band, a range and too little evidence', () => {
    expect(bandText({ kind: 'band', band: 'moderate' })).toBe('moderate');
    expect(bandText({ kind: 'range', low: 'substantial', high: 'almost perfect' })).toBe('substantial – almost perfect');
    expect(bandText({ kind: 'insufficient', reason: 'not estimable: 5 units; an interval needs at least 10', n: 5, fewUnits: true })).toBe('not enough evidence (n = 5)');
    // Units enough, no interval (a category's κ): no band is claimed, and not for want of units.
    expect(bandText({ kind: 'insufficient', reason: 'no 95% interval to judge the band by', n: 30, fewUnits: false })).toBe('no band without an interval (n = 30)');
    expect(bandText(null)).toBe('—');
  });

  it('keeps a single band apart from the ends of a range', () => {
    expect(singleBand({ kind: 'band', band: 'fair' })).toBe('fair');
    expect(singleBand({ kind: 'range', low: 'fair', high: 'moderate' })).toBeNull();
    expect(bandEnds({ kind: 'range', low: 'fair', high: 'moderate' })).toEqual(['fair', 'moderate']);
    expect(bandEnds({ kind: 'band', band: 'fair' })).toEqual(['fair', 'fair']);
    expect(bandEnds({ kind: 'insufficient', reason: 'x', n: 3, fewUnits: true })).toEqual([null, null]);
  });

  it('states the statistic, its interval and n beside the band', () => {
    const evidence = { statistic: "Cohen's κ", value: 0.899, ci95: [0.784, 0.954] as const, n: 30 };
    expect(bandWithEvidence({ kind: 'range', low: 'substantial', high: 'almost perfect' }, evidence)).toBe("substantial – almost perfect (Cohen's κ = 0.899, 95% CI [0.784, 0.954], n = 30)");
    expect(bandWithEvidence({ kind: 'insufficient', reason: 'x', n: 5, fewUnits: true }, { statistic: "Cohen's κ", value: 1, ci95: null, n: 5 })).toBe("not enough evidence (Cohen's κ = 1.000, 95% CI not estimable, n = 5)");
  });

  it('heads a column of headline values κ, α or κ / α by what it holds, and names the α headlines', () => {
    expect(headlineSymbol(['cohenKappa', 'weightedKappa.quadratic', 'fleissKappa', 'macroKappa'])).toBe('κ');
    expect(headlineSymbol(['krippendorffAlpha.ordinal', 'krippendorffAlpha.interval'])).toBe('α');
    expect(headlineSymbol(['fleissKappa', 'krippendorffAlpha.ordinal'])).toBe('κ / α');
    expect(headlineSymbol([])).toBe('κ');
    expect(BAND_STATISTIC_NAME['krippendorffAlpha.ordinal']).toBe("Krippendorff's α (ordinal)");
    expect(BAND_STATISTIC_NAME['krippendorffAlpha.interval']).toBe("Krippendorff's α (interval)");
  });
});
