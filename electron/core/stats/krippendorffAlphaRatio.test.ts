import { describe, expect, it } from 'vitest';
import { agreementReport } from './agreementReport';
import { coincidenceFromCounts } from './coincidenceMatrix';
import { krippendorffAlpha } from './krippendorffAlpha';
import { ratingTableFromMatrix } from './ratingTable';
import { countsFromScores } from './testdata/helpers';
import { KRIPPENDORFF_RELIABILITY_DATA } from './testdata/published';

describe("Krippendorff's α, ratio metric, and P(α < threshold)", () => {
  it('reproduces Krippendorff (2011): ratio α = .797 on the reliability data (irrCAC ratio weights: 0.797)', () => {
    const o = coincidenceFromCounts(countsFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5));
    expect(krippendorffAlpha(o, 'ratio', [1, 2, 3, 4, 5]).value).toBeCloseTo(0.797, 3);
  });

  it('reports the share of bootstrap resamples below the threshold beside the interval', () => {
    const rows = Array.from({ length: 60 }, (_, u) => [u % 3, u % 7 === 0 ? (u + 1) % 3 : u % 3, u % 3]);
    const levels = [{ name: 'a', value: 1 }, { name: 'b', value: 2 }, { name: 'c', value: 3 }];
    const report = agreementReport(ratingTableFromMatrix(rows, levels), { type: 'ordinal', bootstrap: 500, seed: 3, alphaThreshold: 0.9 });
    const nominal = report.bootstrap.krippendorffAlpha?.nominal;
    expect(report.bootstrap.alphaThreshold).toBe(0.9);
    expect(nominal?.belowThreshold).toBeGreaterThan(0);
    expect(nominal?.belowThreshold).toBeLessThan(1);
    expect(report.kendallW.value).toBeGreaterThan(0.8);
    expect(report.bootstrap.kendallW?.ci95).not.toBeNull();
    expect(report.bootstrap.congerKappa?.ci95).not.toBeNull();
    expect(report.icc.estimates[1].ci95).not.toBeNull();
  });
});
