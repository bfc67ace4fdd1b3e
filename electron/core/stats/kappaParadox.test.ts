import { describe, expect, it } from 'vitest';
import { agreementReport } from './agreementReport';
import { kappaParadoxWarning, PARADOX_RULE } from './kappaParadox';
import { ratingTableFromMatrix } from './ratingTable';

/** A two-rater rating table from a 2 × 2 contingency table [[a, b], [c, d]] (rows = rater 1). */
function tableOf([[a, b], [c, d]]: number[][]) {
  const rows: number[][] = [];
  const put = (count: number, x: number, y: number) => {
    for (let i = 0; i < count; i++) rows.push([x, y]);
  };
  put(a, 0, 0);
  put(b, 0, 1);
  put(c, 1, 0);
  put(d, 1, 1);
  return ratingTableFromMatrix(rows, ['yes', 'no']);
}

describe('the kappa paradox', () => {
  it('warns on Feinstein & Cicchetti (1990) table 1: 85% agreement, κ = 0.318 (a = 80, b = 10, c = 5, d = 5)', () => {
    // p_o = 0.85; p_e = 0.90 × 0.85 + 0.10 × 0.15 = 0.78; κ = 0.07 / 0.22 = 0.3182 (their Table 1 / eq. 1).
    const report = agreementReport(tableOf([[80, 10], [5, 5]]), { type: 'binary', bootstrap: 0 });
    expect(report.percentAgreement.value).toBeCloseTo(0.85, 12);
    expect(report.cohenKappa.value).toBeCloseTo(0.07 / 0.22, 12);
    expect(report.prevalenceIndex.value).toBeCloseTo(0.75, 12);
    expect(report.biasIndex.value).toBeCloseTo(0.05, 12);
    const warning = report.warnings.find((w) => w.code === 'kappa-paradox');
    expect(warning?.message).toContain('observed agreement is 85.0% but Cohen\'s κ is only 0.318');
    expect(warning?.message).toContain('PABAK = 0.700');
    expect(warning?.message).toContain(`Gwet's AC1 = ${(report.gwetAC1.value as number).toFixed(3)}`);
    expect(warning?.message).toContain('prevalence index = 0.750');
    expect(warning?.message).toContain('bias index = 0.050');
    expect(warning?.message).toMatch(/chance is close to 1/);
  });

  it('writes a negative index with a true minus, as the table beside it does (the mirror of Feinstein & Cicchetti: a = 5, d = 80)', () => {
    // The same table with "yes" and "no" swapped: PI = (a − d)/n = (5 − 80)/100 = −0.75; κ unchanged, 0.318.
    const report = agreementReport(tableOf([[5, 5], [10, 80]]), { type: 'binary', bootstrap: 0 });
    expect(report.prevalenceIndex.value).toBeCloseTo(-0.75, 12);
    const warning = report.warnings.find((w) => w.code === 'kappa-paradox');
    expect(warning?.message).toContain('(prevalence index −0.750)');
    expect(warning?.message).toContain('prevalence index = −0.750');
    expect(warning?.message).not.toMatch(/-\d/);
  });

  it('stays silent on a balanced table with the same κ (a = d = 33, b = c = 17: p_o 0.66, κ 0.32, PI 0, BI 0)', () => {
    const report = agreementReport(tableOf([[33, 17], [17, 33]]), { type: 'binary', bootstrap: 0 });
    expect(report.cohenKappa.value).toBeCloseTo(0.32, 12);
    expect(report.warnings.map((w) => w.code)).not.toContain('kappa-paradox');
  });

  it('stays silent when agreement is high and κ follows it (Feinstein & Cicchetti table: a = 40, b = 9, c = 6, d = 45, κ 0.70)', () => {
    const report = agreementReport(tableOf([[40, 9], [6, 45]]), { type: 'binary', bootstrap: 0 });
    expect(report.cohenKappa.value).toBeCloseTo(0.6995, 4);
    expect(report.warnings.map((w) => w.code)).not.toContain('kappa-paradox');
  });

  it('warns on extreme bias alone (the second paradox): |BI| ≥ 0.2', () => {
    // a = 45, b = 25, c = 5, d = 25: BI = 0.20, PI = 0.20, p_o = 0.70.
    const report = agreementReport(tableOf([[45, 25], [5, 25]]), { type: 'binary', bootstrap: 0 });
    const warning = report.warnings.find((w) => w.code === 'kappa-paradox');
    expect(warning?.message).toContain('bias index 0.200');
    expect(warning?.message).toMatch(/second kappa paradox/);
  });

  it('applies each part of the rule at its threshold', () => {
    const base = { kappaName: "Cohen's κ", pabak: null, gwetAC1: null, prevalenceIndex: null, biasIndex: null };
    const fire = (shares: number[], kappa: number, po: number, bias: number | null = null) =>
      kappaParadoxWarning(['a', 'b'], shares, { ...base, kappa, percentAgreement: po, biasIndex: bias })?.triggers ?? [];
    expect(fire([0.6, 0.4], 0.5, 0.8)).toEqual(['high-agreement-low-kappa']);
    expect(fire([0.6, 0.4], 0.51, 0.8)).toEqual([]);
    expect(fire([0.6, 0.4], 0.3, 0.79)).toEqual([]);
    expect(fire([0.75, 0.25], 0.6, 0.7)).toEqual(['extreme-prevalence']);
    expect(fire([0.74, 0.26], 0.6, 0.7)).toEqual([]);
    expect(fire([0.6, 0.4], 0.6, 0.7, -0.2)).toEqual(['extreme-bias']);
    expect(fire([0.6, 0.4], 0.6, 0.7, 0.19)).toEqual([]);
  });

  it('quotes only the figures defined here, never "undefined" (three raters: no bias index, no AC1)', () => {
    const warning = kappaParadoxWarning(['yes', 'no'], [0.9, 0.1], { kappaName: "Fleiss' κ", kappa: 0.2, percentAgreement: 0.9, pabak: 0.8, gwetAC1: null, prevalenceIndex: null, biasIndex: null });
    expect(warning?.message).toContain("Read Fleiss' κ = 0.200 beside PABAK = 0.800 and prevalence index = 0.800.");
    expect(warning?.message).not.toMatch(/undefined/);
  });

  it('says nothing below 10 units rated by two or more raters (walkthrough: one unit gave bias index 1 and a "paradox")', () => {
    const figures = { kappaName: "Cohen's κ", kappa: 0, percentAgreement: 0, pabak: -1, gwetAC1: -1, prevalenceIndex: 0, biasIndex: 1 };
    expect(kappaParadoxWarning(['absent', 'present'], [0.5, 0.5], { ...figures, units: 1 })).toBeNull();
    expect(kappaParadoxWarning(['absent', 'present'], [0.5, 0.5], { ...figures, units: 9 })).toBeNull();
    expect(kappaParadoxWarning(['absent', 'present'], [0.5, 0.5], { ...figures, units: 10 })?.triggers).toEqual(['extreme-bias']);
    // Through the report: one unit one rater tagged and the other did not.
    const one = agreementReport(tableOf([[0, 1], [0, 0]]), { type: 'binary', bootstrap: 0 });
    expect(one.biasIndex.value).toBe(1);
    expect(one.warnings.map((w) => w.code)).not.toContain('kappa-paradox');
    expect(PARADOX_RULE).toMatch(/on 10 or more units rated by two or more raters$/);
  });

  it('says nothing when κ is undefined', () => {
    expect(kappaParadoxWarning(['a', 'b'], [1, 0], { kappaName: 'κ', kappa: null, percentAgreement: 1, pabak: 1, gwetAC1: 1, prevalenceIndex: 1, biasIndex: 0 })).toBeNull();
  });
});
