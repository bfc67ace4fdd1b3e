import { describe, expect, it } from 'vitest';
import { agreementReport } from './agreementReport';
import { congerKappa } from './congerKappa';
import { ratingPatterns } from './ratingPatterns';
import { ratingTableFromMatrix } from './ratingTable';
import { tableFromScores } from './testdata/helpers';
import { KRIPPENDORFF_RELIABILITY_DATA } from './testdata/published';
import { weightMatrix } from './weights';

describe("Conger's κ", () => {
  const patterns = ratingPatterns(tableFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5));

  it("reproduces irrCAC's conger.kappa.raw on cac.raw4raters (Gwet 2014 data): 0.76282, se 0.14917 (irrCAC README)", () => {
    const k = congerKappa(patterns, weightMatrix('identity', [1, 2, 3, 4, 5]));
    expect(k.value).toBeCloseTo(0.76282, 5);
    expect(k.se).toBeCloseTo(0.14917, 5);
    expect(k.conventions.se).toBe('gwet2014-linearized');
  });

  it('reproduces its quadratic-weighted form: 0.858, se 0.144 (afergadis/irrCAC test_conger)', () => {
    const k = congerKappa(patterns, weightMatrix('quadratic', [1, 2, 3, 4, 5]));
    expect(k.value).toBeCloseTo(0.858, 3);
    expect(k.se).toBeCloseTo(0.144, 3);
  });

  it("equals Cohen's κ for two raters with complete data", () => {
    const rows = [[0, 0], [0, 1], [1, 1], [1, 1], [2, 2], [2, 1], [0, 0], [2, 2]];
    const report = agreementReport(ratingTableFromMatrix(rows, ['a', 'b', 'c']), { type: 'nominal', bootstrap: 0 });
    expect(report.congerKappa.value).toBeCloseTo(report.cohenKappa.value as number, 14);
  });
});

describe("Conger's κ in the bootstrap", () => {
  it('gives the full computation on any frequencies, including zeros, a block at a time', async () => {
    const { congerKappaOfResamples, congerKappaValue } = await import('./congerKappa');
    const { Xoshiro128 } = await import('./prng');
    const rng = new Xoshiro128(3);
    const patterns = ratingPatterns(tableFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5));
    const weights = weightMatrix('quadratic', [1, 2, 3, 4, 5]);
    const count = 200;
    const block = Int32Array.from({ length: count * patterns.count }, () => rng.nextBelow(4));
    const out = new Float64Array(count);
    congerKappaOfResamples(patterns, weights)(block, count, out, 0);
    for (let b = 0; b < count; b++) {
      const full = congerKappaValue(patterns, block.subarray(b * patterns.count, (b + 1) * patterns.count), weights);
      if (full === null) expect(out[b]).toBeNaN();
      else expect(Math.abs(out[b] - full)).toBeLessThan(1e-12);
    }
  });
});
