import { describe, expect, it } from 'vitest';
import { kappaParadoxWarning } from './kappaParadox';

const figures = { kappa: 0.31, kappaName: "Cohen's κ", percentAgreement: 0.92, pabak: 0.84, gwetAC1: 0.9 };

describe('kappaParadoxWarning', () => {
  it('warns when one level holds ≥ 90% of the ratings, quoting PABAK and AC1 beside κ', () => {
    const warning = kappaParadoxWarning(['pass', 'fail'], [0.94, 0.06], figures);
    expect(warning?.code).toBe('kappa-paradox');
    expect(warning?.level).toBe('pass');
    expect(warning?.message).toContain('"pass" is 94.0% of all ratings');
    expect(warning?.message).toContain("Cohen's κ = 0.310");
    expect(warning?.message).toContain('PABAK = 0.840');
    expect(warning?.message).toContain("Gwet's AC1 = 0.900");
  });

  it('stays silent below the threshold', () => {
    expect(kappaParadoxWarning(['pass', 'fail'], [0.89, 0.11], figures)).toBeNull();
  });
});
