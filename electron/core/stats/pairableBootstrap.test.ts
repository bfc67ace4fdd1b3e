import { describe, expect, it } from 'vitest';
import { agreementReport } from './agreementReport';
import { percentileBootstrap } from './bootstrap';
import { tableFromScores } from './testdata/helpers';

/**
 * The bootstrap counts and resamples the units rated by two or more raters (walkthrough finding
 * 1: task pq4 got an α interval on 8 such units because 22 units rated once counted towards the
 * 10-unit rule and were resampled with them).
 */

/** Scores 1…5 by ana, ben and cy: twelve units rated by two or more (as in reference/pairable_bootstrap_reference.py). */
const PAIRABLE: (number | null)[][] = [
  [1, 1, 2], [2, 2, 2], [3, 3, 4], [4, 4, 4], [5, 5, 5], [2, 3, 2],
  [1, 1, 1], [3, 3, 3], [4, 5, 4], [2, 2, null], [5, 4, null], [3, null, 3],
];
/** Twenty units rated by cy alone, put among the others. */
function withSingles(rows: readonly (number | null)[][], singles: number): (number | null)[][] {
  const out: (number | null)[][] = [];
  let added = 0;
  for (const row of rows) {
    out.push(row);
    for (let i = 0; i < 2 && added < singles; i++, added++) out.push([null, null, 1 + (added % 5)]);
  }
  while (added < singles) out.push([null, null, 1 + (added++ % 5)]);
  return out;
}

describe('the bootstrap over the units rated by two or more raters', () => {
  it('gives no interval on 8 pairable units however many units are rated once (pq3 against pq4)', () => {
    const eight = PAIRABLE.slice(0, 8);
    for (const rows of [eight, withSingles(eight, 22)]) {
      const report = agreementReport(tableFromScores(rows, 5), { type: 'ordinal' });
      expect(report.pairableUnits).toBe(8);
      expect(report.bootstrap.units).toBe(8);
      expect(report.bootstrap.krippendorffAlpha?.ordinal).toEqual({ ci95: null, defined: 0, reason: 'not estimable: 8 units; an interval needs at least 10' });
      expect(report.bootstrap.gwetAC1?.ci95).toBeNull();
      expect(report.bootstrap.fleissKappa?.ci95).toBeNull();
      expect(report.landisKoch.judgement).toMatchObject({ kind: 'insufficient' });
    }
  });

  it('gives the same α, % agreement and PABAK intervals with or without units rated once', () => {
    const alone = agreementReport(tableFromScores(PAIRABLE, 5), { type: 'ordinal' });
    const mixed = agreementReport(tableFromScores(withSingles(PAIRABLE, 20), 5), { type: 'ordinal' });
    expect(mixed.units).toBe(32);
    expect(mixed.bootstrap.units).toBe(12);
    expect(alone.bootstrap.krippendorffAlpha?.ordinal.ci95).not.toBeNull();
    expect(mixed.bootstrap.krippendorffAlpha).toEqual(alone.bootstrap.krippendorffAlpha);
    expect(mixed.bootstrap.percentAgreement).toEqual(alone.bootstrap.percentAgreement);
    expect(mixed.bootstrap.pabak).toEqual(alone.bootstrap.pabak);
    // Fleiss' κ and AC1 use the units rated once in their chance terms, so theirs move.
    expect(mixed.bootstrap.gwetAC1?.ci95).not.toEqual(alone.bootstrap.gwetAC1?.ci95);
  });

  it("matches a Python bootstrap of the pairable units only (numpy draws, nltk's α)", () => {
    // reference/pairable_bootstrap_reference.py, 20,000 resamples, seed 20261127 (numpy):
    // α ordinal 0.9204916295825387; pairable units only [0.7508, 0.9719]; every rated unit
    // resampled (the old way) [0.7290, 0.9743]. Different generators: the bounds agree to the
    // Monte Carlo error of a 2.5% quantile of 20,000 draws (about 0.003 here), held to 0.01.
    const report = agreementReport(tableFromScores(withSingles(PAIRABLE, 20), 5), { type: 'ordinal', bootstrap: 20_000, seed: 3 });
    expect(report.krippendorffAlpha.ordinal.value).toBeCloseTo(0.9204916295825387, 12);
    const ci = report.bootstrap.krippendorffAlpha?.ordinal.ci95;
    expect(ci?.[0]).toBeGreaterThan(0.7508 - 0.01);
    expect(ci?.[0]).toBeLessThan(0.7508 + 0.01);
    expect(ci?.[1]).toBeGreaterThan(0.9719 - 0.01);
    expect(ci?.[1]).toBeLessThan(0.9719 + 0.01);
  });
});

describe('percentileBootstrap with strata', () => {
  it('keeps n pairable units and the rest in every resample, and counts only the pairable ones', () => {
    const frequency = Float64Array.of(5, 3, 4, 10);
    const pairable = Uint8Array.of(1, 0, 1, 0);
    let calls = 0;
    percentileBootstrap({ frequency, pairable, resamples: 200, seed: 4 }, ['x'], (f, out) => {
      calls++;
      expect(f[0] + f[2]).toBe(9);
      expect(f[1] + f[3]).toBe(13);
      out[0] = f[0];
    });
    expect(calls).toBe(0); // 9 pairable units: below 10, nothing is drawn
    const [interval] = percentileBootstrap({ frequency: Float64Array.of(6, 3, 4, 10), pairable, resamples: 200, seed: 4 }, ['x'], (f, out) => {
      calls++;
      expect(f[0] + f[2]).toBe(10);
      expect(f[1] + f[3]).toBe(13);
      out[0] = f[0] + f[1] / 100;
    });
    expect(calls).toBe(200);
    expect(interval.ci95).not.toBeNull();
  });

  it('draws the pairable stratum as it draws those units alone (same seed), whatever the rest', () => {
    const seen = (frequency: Float64Array, pairable?: Uint8Array): number[] => {
      const out: number[] = [];
      percentileBootstrap({ frequency, pairable, resamples: 50, seed: 9 }, ['x'], (f, o) => {
        out.push(f[0], f[1]);
        o[0] = 0;
      });
      return out;
    };
    expect(seen(Float64Array.of(7, 8, 30), Uint8Array.of(1, 1, 0))).toEqual(seen(Float64Array.of(7, 8)));
  });
});
