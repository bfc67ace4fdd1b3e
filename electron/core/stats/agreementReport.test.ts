import { describe, expect, it } from 'vitest';
import { agreementReport } from './agreementReport';
import { buildRatingTable, type RatingRow } from './ratingTable';
import { parseRatingsCsv } from './ratingsCsv';
import { tableFromScores } from './testdata/helpers';
import { KRIPPENDORFF_RELIABILITY_DATA, SAS_PROC_FREQ_TABLE } from './testdata/published';

/** Long-format rows of two raters from a contingency table over levels "0", "1", … */
function rowsFromTable(table: readonly (readonly number[])[]): RatingRow[] {
  const rows: RatingRow[] = [];
  let unit = 0;
  table.forEach((row, i) => row.forEach((count, j) => {
    for (let c = 0; c < count; c++, unit++) {
      rows.push({ unit: `u${unit}`, rater: 'A', value: String(i) }, { unit: `u${unit}`, rater: 'B', value: String(j) });
    }
  }));
  return rows;
}

/** Every number in the report is finite and every null value has a reason next to it. */
function expectJsonSafe(value: unknown, path = 'report'): void {
  if (typeof value === 'number') {
    expect(Number.isFinite(value), `${path} is ${value}`).toBe(true);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => expectJsonSafe(item, `${path}[${i}]`));
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('value' in record && record.value === null) expect(typeof record.reason, `${path}.reason`).toBe('string');
    for (const [key, item] of Object.entries(record)) expectJsonSafe(item, `${path}.${key}`);
  }
}

const SAS_LEVELS = ['0', '1', '2'];

describe('agreementReport', () => {
  const sas = agreementReport(buildRatingTable(rowsFromTable(SAS_PROC_FREQ_TABLE), { levels: SAS_LEVELS }), { type: 'ordinal', bootstrap: 200, seed: 7 });

  it('has the JSON keys of `accord agreement --json` (issue 5)', () => {
    for (const key of [
      'units', 'raters', 'categories', 'percentAgreement', 'cohenKappa', 'weightedKappa', 'scottPi', 'fleissKappa',
      'krippendorffAlpha', 'gwetAC1', 'gwetAC2', 'pabak', 'prevalenceIndex', 'biasIndex', 'bootstrap', 'landisKoch', 'warnings',
    ]) expect(sas).toHaveProperty(key);
    expect(Object.keys(sas.cohenKappa)).toEqual(expect.arrayContaining(['value', 'se', 'se0', 'ci95']));
    for (const w of [sas.weightedKappa.linear, sas.weightedKappa.quadratic]) expect(Object.keys(w)).toEqual(expect.arrayContaining(['value', 'se', 'ci95']));
    expect(sas.scottPi).toHaveProperty('value');
    expect(Object.keys(sas.fleissKappa)).toEqual(expect.arrayContaining(['value', 'perCategory']));
    expect(Object.keys(sas.krippendorffAlpha).sort()).toEqual(['interval', 'nominal', 'ordinal', 'ratio']);
    expect(Object.keys(sas.gwetAC1)).toEqual(expect.arrayContaining(['value', 'se']));
    expect(Object.keys(sas.gwetAC2)).toEqual(expect.arrayContaining(['value', 'se']));
    expect(sas.bootstrap).toMatchObject({ method: 'percentile', resamples: 200, seed: 7 });
  });

  it('carries the SAS PROC FREQ figures through (κ 0.4842, ASE 0.1380; weighted κ 0.4701, ASE 0.1457)', () => {
    expect(sas.units).toBe(19);
    expect(sas.raters).toEqual(['A', 'B']);
    expect(sas.categories).toEqual([{ name: '0', value: 0 }, { name: '1', value: 1 }, { name: '2', value: 2 }]);
    expect(sas.cohenKappa.value).toBeCloseTo(0.4842, 4);
    expect(sas.cohenKappa.se).toBeCloseTo(0.138, 4);
    expect(sas.weightedKappa.linear.value).toBeCloseTo(0.4701, 4);
    expect(sas.weightedKappa.linear.se).toBeCloseTo(0.1457, 4);
    expect(sas.percentAgreement.value).toBeCloseTo(13 / 19, 14);
    expect(sas.pairs).toHaveLength(1);
    expect(sas.pairs[0].confusionMatrix.counts).toEqual(SAS_PROC_FREQ_TABLE);
    expect(sas.landisKoch).toMatchObject({ statistic: 'weightedKappa.quadratic', band: expect.any(String), n: 19 });
    expect(sas.prevalenceIndex.reason).toBe('the prevalence index is defined for two levels only');
    expectJsonSafe(sas);
  });

  it('gives bootstrap intervals around the point estimates, reproducibly', () => {
    const ci = sas.bootstrap.cohenKappa?.ci95 as [number, number];
    expect(ci[0]).toBeLessThan(sas.cohenKappa.value as number);
    expect(ci[1]).toBeGreaterThan(sas.cohenKappa.value as number);
    const again = agreementReport(buildRatingTable(rowsFromTable(SAS_PROC_FREQ_TABLE), { levels: SAS_LEVELS }), { type: 'ordinal', bootstrap: 200, seed: 7 });
    expect(again.bootstrap).toEqual(sas.bootstrap);
    for (const key of ['percentAgreement', 'scottPi', 'fleissKappa', 'gwetAC1', 'gwetAC2', 'pabak'] as const) {
      expect(sas.bootstrap[key]?.ci95, key).not.toBeNull();
    }
    expect(sas.bootstrap.weightedKappa?.quadratic.ci95).not.toBeNull();
    expect(sas.bootstrap.krippendorffAlpha?.interval.ci95).not.toBeNull();
  });

  it('judges the headline band on the bootstrap interval, else the normal one, over the pairable units', () => {
    expect(sas.landisKoch.ci95).toEqual(sas.bootstrap.weightedKappa?.quadratic.ci95);
    expect(sas.landisKoch.judgement).not.toBeNull();
    expect(sas.landisKoch.judgement?.kind).not.toBe('insufficient');
    const unbootstrapped = agreementReport(buildRatingTable(rowsFromTable(SAS_PROC_FREQ_TABLE), { levels: SAS_LEVELS }), { type: 'ordinal', bootstrap: 0 });
    expect(unbootstrapped.landisKoch.ci95).toEqual(unbootstrapped.weightedKappa.quadratic.ci95);
    // Five units: under MIN_INTERVAL_UNITS (10), so no interval and no band, whatever κ is.
    const five = agreementReport(buildRatingTable(rowsFromTable([[3, 0], [0, 2]]), { levels: [{ name: '0', value: 0 }, { name: '1', value: 1 }] }), { type: 'binary', bootstrap: 50 });
    expect(five.landisKoch).toMatchObject({ value: 1, band: 'almost perfect', ci95: null, n: 5, judgement: { kind: 'insufficient', n: 5 } });
  });

  it('reports multi-rater statistics overall and pairwise ones per pair for four raters with missing data', () => {
    const report = agreementReport(tableFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5), { type: 'ordinal', bootstrap: 100 });
    expect(report.krippendorffAlpha.nominal.value).toBeCloseTo(0.743, 3);
    expect(report.krippendorffAlpha.ordinal.value).toBeCloseTo(0.815, 3);
    expect(report.krippendorffAlpha.interval.value).toBeCloseTo(0.849, 3);
    expect(report.fleissKappa.value).toBeCloseTo(0.761, 3);
    expect(report.gwetAC1.value).toBeCloseTo(0.775, 3);
    expect(report.pairableUnits).toBe(11);
    expect(report.cohenKappa.value).toBeNull();
    expect(report.cohenKappa.reason).toBe('a pairwise statistic, and this question has 4 raters: see pairs');
    expect(report.pairs).toHaveLength(6);
    expect(report.pairs[0].units).toBe(9);
    expect(report.landisKoch.statistic).toBe('krippendorffAlpha.ordinal');
    expect(report.bootstrap.cohenKappa?.ci95).toBeNull();
    expect(report.warnings.map((w) => w.code)).toContain('single-rated-units');
    expectJsonSafe(report);
  });

  it('leaves the weighted statistics null for a nominal question', () => {
    const report = agreementReport(tableFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5), { type: 'nominal', bootstrap: 0 });
    const reason = 'weighted statistics need ordered levels; the question is nominal';
    expect(report.weightedKappa.linear.reason).toBe('a pairwise statistic, and this question has 4 raters: see pairs');
    expect(report.pairs[0].weightedKappa.quadratic.reason).toBe(reason);
    expect(report.krippendorffAlpha.ordinal).toEqual({ value: null, reason });
    expect(report.gwetAC2.reason).toBe(reason);
    expect(report.bootstrap.reason).toBe('the bootstrap was not requested');
    expectJsonSafe(report);
  });

  it('warns about the kappa paradox with PABAK and AC1 beside κ', () => {
    // 95 of 100 units both "pass"; 5 split: high agreement, low κ.
    const rows = rowsFromTable([[0, 2], [3, 95]]);
    const report = agreementReport(buildRatingTable(rows, { levels: ['0', '1'] }), { type: 'binary', bootstrap: 0 });
    const paradox = report.warnings.find((w) => w.code === 'kappa-paradox');
    expect(paradox?.message).toContain("Cohen's κ = ");
    expect(paradox?.message).toContain(`PABAK = ${(report.pabak.value as number).toFixed(3)}`);
    expect(paradox?.message).toContain(`Gwet's AC1 = ${(report.gwetAC1.value as number).toFixed(3)}`);
    expect(report.prevalenceIndex.value).toBeCloseTo(-0.95, 14);
    expect(report.biasIndex.value).toBeCloseTo(-0.01, 14);
  });

  it('flags levels inferred from the data', () => {
    const rows = parseRatingsCsv('unit,rater,value\n1,a,x\n1,b,y\n2,a,x\n2,b,x\n');
    const report = agreementReport(buildRatingTable(rows), { type: 'nominal', bootstrap: 0 });
    expect(report.warnings.map((w) => w.code)).toContain('levels-inferred');
  });

  it('refuses options that contradict the levels', () => {
    const table = tableFromScores([[1, 2]], 3);
    expect(() => agreementReport(table, { type: 'binary' })).toThrow('type binary needs exactly two levels; got 3 (1, 2, 3)');
    const reversed = buildRatingTable([{ unit: 'u', rater: 'a', value: 'hi' }], { levels: [{ name: 'lo', value: 5 }, { name: 'hi', value: 1 }] });
    expect(() => agreementReport(reversed, { type: 'ordinal' })).toThrow(/values must increase in level order/);
    expect(() => agreementReport(table, { type: 'nominal', bootstrap: -1 })).toThrow(/resamples must be a whole number/);
  });

  describe('degenerate input: null with a reason, never NaN, 0 or 1', () => {
    it('one category used by everyone', () => {
      const report = agreementReport(tableFromScores(Array.from({ length: 12 }, () => [1, 1]), 3), { type: 'ordinal', bootstrap: 50 });
      expect(report.cohenKappa).toMatchObject({ value: null, reason: 'only one category observed: expected agreement is 1' });
      expect(report.weightedKappa.quadratic.value).toBeNull();
      expect(report.scottPi.value).toBeNull();
      expect(report.fleissKappa.value).toBeNull();
      expect(report.krippendorffAlpha.nominal).toEqual({ value: null, reason: 'only one category observed: expected disagreement is 0' });
      expect(report.percentAgreement.value).toBe(1);
      expect(report.landisKoch.band).toBeNull();
      expect(report.bootstrap.cohenKappa?.reason).toBe('not estimable: the statistic was undefined in every resample');
      // AC1 is 1 in every resample: no zero-width interval [1, 1].
      expect(report.gwetAC1.value).toBe(1);
      expect(report.bootstrap.gwetAC1?.ci95).toBeNull();
      expect(report.bootstrap.gwetAC1?.reason).toMatch(/^not estimable: 95% or more of the resamples gave the same value/);
      expectJsonSafe(report);
    });

    it('zero units', () => {
      const report = agreementReport(buildRatingTable([], { levels: ['a', 'b'] }), { type: 'nominal' });
      expect(report.units).toBe(0);
      expect(report.raters).toEqual([]);
      expect(report.percentAgreement.reason).toBe('no unit has two or more ratings');
      expect(report.cohenKappa.reason).toBe('agreement needs at least two raters; found 0');
      expect(report.bootstrap.percentAgreement?.reason).toBe('no units to resample');
      expectJsonSafe(report);
    });

    it('all ratings missing', () => {
      const rows = [{ unit: 'u1', rater: 'a', value: null }, { unit: 'u1', rater: 'b', value: null }];
      const report = agreementReport(buildRatingTable(rows, { levels: ['a', 'b'] }), { type: 'nominal' });
      expect(report.units).toBe(1);
      expect(report.pairableUnits).toBe(0);
      expect(report.cohenKappa.reason).toBe('no units rated by both raters');
      expect(report.krippendorffAlpha.nominal.reason).toBe('no unit has two or more ratings');
      expect(report.gwetAC1.reason).toBe('no unit has two or more ratings');
      expectJsonSafe(report);
    });

    it('one rater', () => {
      const report = agreementReport(tableFromScores([[1], [2]], 2), { type: 'nominal', bootstrap: 10 });
      expect(report.warnings[0]).toEqual({ code: 'too-few-raters', message: 'Agreement needs at least two raters; found 1.' });
      expect(report.cohenKappa.reason).toBe('agreement needs at least two raters; found 1');
      expect(report.fleissKappa.reason).toBe('no unit has two or more ratings');
      expect(report.pairs).toEqual([]);
      expectJsonSafe(report);
    });
  });
});

/**
 * Three raters on a 7-level quality scale, 30 units: the first two always agree, the third is
 * one level off on every other unit ("Good" against "Very Good"). Fleiss' κ counts each such
 * unit as disagreement; α ordinal sees that the raters are close.
 */
function adjacentScores(): (number | null)[][] {
  return Array.from({ length: 30 }, (_, i) => {
    const level = (i % 6) + 1;
    return [level, level, i % 2 === 0 ? level + 1 : level];
  });
}

describe('the headline statistic by raters and level of measurement', () => {
  it("heads an ordinal question with three raters by Krippendorff's α (ordinal), judged on α's bootstrap interval over the pairable units", () => {
    const report = agreementReport(tableFromScores(adjacentScores(), 7), { type: 'ordinal', bootstrap: 300, seed: 3 });
    const alpha = report.krippendorffAlpha.ordinal.value as number;
    expect(report.landisKoch.statistic).toBe('krippendorffAlpha.ordinal');
    expect(report.landisKoch.value).toBe(alpha);
    expect(report.landisKoch.ci95).not.toBeNull();
    expect(report.landisKoch.ci95).toEqual(report.bootstrap.krippendorffAlpha?.ordinal.ci95);
    expect(report.landisKoch.n).toBe(30);
    // Fleiss' κ, blind to the order, calls the same ratings far worse.
    expect(report.fleissKappa.value as number).toBeLessThan(alpha - 0.15);
  });

  it("heads an interval (score) question with three or more raters by Krippendorff's α (interval)", () => {
    const report = agreementReport(tableFromScores(adjacentScores(), 7), { type: 'interval', bootstrap: 300, seed: 3 });
    expect(report.landisKoch.statistic).toBe('krippendorffAlpha.interval');
    expect(report.landisKoch.value).toBe(report.krippendorffAlpha.interval.value);
    expect(report.landisKoch.ci95).toEqual(report.bootstrap.krippendorffAlpha?.interval.ci95);
  });

  it("pins the headline α to Krippendorff's (2011) worked example: 4 coders × 12 units with missing values, α ordinal .815, α interval .849", () => {
    const ordinal = agreementReport(tableFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5), { type: 'ordinal', bootstrap: 200 });
    expect(ordinal.landisKoch.statistic).toBe('krippendorffAlpha.ordinal');
    expect(ordinal.landisKoch.value).toBeCloseTo(0.815, 3);
    expect(ordinal.landisKoch.n).toBe(11);
    expect(ordinal.landisKoch.ci95).toEqual(ordinal.bootstrap.krippendorffAlpha?.ordinal.ci95);
    const interval = agreementReport(tableFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5), { type: 'interval', bootstrap: 0 });
    expect(interval.landisKoch.statistic).toBe('krippendorffAlpha.interval');
    expect(interval.landisKoch.value).toBeCloseTo(0.849, 3);
    // No bootstrap, no interval: α has no normal one, so no band is claimed.
    expect(interval.landisKoch.ci95).toBeNull();
    expect(interval.landisKoch.judgement).toMatchObject({ kind: 'insufficient', fewUnits: false, reason: 'the bootstrap was not requested' });
  });

  it("keeps Fleiss' κ for binary and nominal questions with three raters", () => {
    const nominal = agreementReport(tableFromScores(adjacentScores(), 7), { type: 'nominal', bootstrap: 100 });
    expect(nominal.landisKoch.statistic).toBe('fleissKappa');
    expect(nominal.landisKoch.value).toBe(nominal.fleissKappa.value);
    expect(nominal.landisKoch.ci95).toEqual(nominal.bootstrap.fleissKappa?.ci95);
    const binary = agreementReport(tableFromScores(adjacentScores().map((row) => row.map((x) => (x === null ? null : x > 3 ? 2 : 1))), 2), { type: 'binary', bootstrap: 0 });
    expect(binary.landisKoch.statistic).toBe('fleissKappa');
  });

  it('keeps the quadratic weighted κ for an ordinal question with two raters', () => {
    const report = agreementReport(tableFromScores(adjacentScores().map((row) => [row[0], row[2]]), 7), { type: 'ordinal', bootstrap: 100 });
    expect(report.landisKoch.statistic).toBe('weightedKappa.quadratic');
    expect(report.landisKoch.value).toBe(report.weightedKappa.quadratic.value);
  });

  it('names the headline α in the kappa-paradox warning', () => {
    // 95 of 100 units all "3"; 5 split between "2" and "3": high agreement, low α.
    const rows = Array.from({ length: 100 }, (_, i) => (i < 95 ? [3, 3, 3] : [2, 3, i % 2 === 0 ? 2 : 3]));
    const report = agreementReport(tableFromScores(rows, 3), { type: 'ordinal', bootstrap: 0 });
    const paradox = report.warnings.find((w) => w.code === 'kappa-paradox');
    expect(paradox?.message).toContain(`Krippendorff's α (ordinal) = ${(report.krippendorffAlpha.ordinal.value as number).toFixed(3)}`);
  });

  it('holds a score question to 20 units, not to κ\'s 2k² of its many values, with three raters or two', () => {
    // 101 values (scores 1–101), 3 raters, 12 and 24 units: 2k² would ask for 20,402 units.
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [i * 4 + 1, i * 4 + 3, i * 4 + 2]);
    const few = agreementReport(tableFromScores(rows(12), 101), { type: 'interval', bootstrap: 0 });
    expect(few.landisKoch.statistic).toBe('krippendorffAlpha.interval');
    expect(few.conventions.smallSampleUnits).toBe(20);
    expect(few.warnings.find((w) => w.code === 'small-sample')?.message).toBe(
      'Only 12 units were rated by two or more raters. Bootstrap intervals on fewer than 20 units are too narrow: read every interval as optimistic.',
    );
    expect(agreementReport(tableFromScores(rows(24), 101), { type: 'interval', bootstrap: 0 }).warnings.map((w) => w.code)).not.toContain('small-sample');
    // Two raters: headed by weighted κ, the same rule for a score question.
    const two = agreementReport(tableFromScores(rows(12).map((row) => row.slice(0, 2)), 101), { type: 'interval', bootstrap: 0 });
    expect([two.landisKoch.statistic, two.conventions.smallSampleUnits]).toEqual(['weightedKappa.quadratic', 20]);
    // A short score scale (1–5, two raters) keeps 2k² = 50, the range Cicchetti simulated.
    expect(agreementReport(tableFromScores([[1, 2], [3, 3], [5, 4]], 5), { type: 'interval', bootstrap: 0 }).conventions.smallSampleUnits).toBe(50);
    // The same values as an ordinal question keep the rule of κ's categories.
    expect(agreementReport(tableFromScores(rows(24), 101), { type: 'ordinal', bootstrap: 0 }).conventions.smallSampleUnits).toBe(2 * 101 * 101);
  });

  it("says '1 unit was', not '1 units were', for one pairable unit", () => {
    const one = agreementReport(tableFromScores([[1, 1, 1], [2, null, null]], 3), { type: 'ordinal', bootstrap: 0 });
    expect(one.warnings.find((w) => w.code === 'small-sample')?.message).toMatch(/^Only 1 unit was rated by two or more raters\./);
    const two = agreementReport(tableFromScores([[1, 1, 1], [2, 2, 2]], 3), { type: 'ordinal', bootstrap: 0 });
    expect(two.warnings.find((w) => w.code === 'small-sample')?.message).toMatch(/^Only 2 units were rated/);
  });
});
