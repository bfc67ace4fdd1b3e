import { describe, expect, it } from 'vitest';
import { countsFromRows } from './categoryCounts';
import { countSumsOfResamples } from './countSums';
import { gwetAC1, gwetAC1OfCountSums, gwetAC2, gwetAC2OfResamples } from './gwetAC';
import { countsFromScores } from './testdata/helpers';
import { FLEISS_1971_DIAGNOSES, GWET_ABSTRACTORS_TABLE, KRIPPENDORFF_RELIABILITY_DATA } from './testdata/published';
import { weightMatrix } from './weights';

/** Units of a two-rater contingency table as category counts (one row per unit). */
function unitsOfTable(table: readonly (readonly number[])[]): number[][] {
  const q = table.length;
  const rows: number[][] = [];
  table.forEach((row, i) => row.forEach((count, j) => {
    for (let c = 0; c < count; c++) {
      const counts = new Array<number>(q).fill(0);
      counts[i] += 1;
      counts[j] += 1;
      rows.push(counts);
    }
  }));
  return rows;
}

describe("Gwet's AC1 and AC2", () => {
  const raw4raters = countsFromScores(KRIPPENDORFF_RELIABILITY_DATA, 5);

  it('reproduces Gwet (2014) p. 120 data (irrCAC cac.raw4raters): AC1 = 0.775, se = 0.143 (afergadis/irrCAC test_gwet)', () => {
    const ac1 = gwetAC1(raw4raters);
    expect(ac1.value).toBeCloseTo(0.775, 3);
    expect(ac1.se).toBeCloseTo(0.143, 3);
  });

  it("reproduces Gwet's irrCAC weighting vignette: AC2 quadratic on cac.raw4raters = 0.914, se 0.10396", () => {
    const ac2 = gwetAC2(raw4raters, weightMatrix('quadratic', [1, 2, 3, 4, 5]));
    expect(ac2.value).toBeCloseTo(0.914, 3);
    expect(ac2.se).toBeCloseTo(0.10396, 5);
  });

  it('reproduces AC2 with linear weights on cac.raw4raters: 0.859, se 0.117 (afergadis/irrCAC test_gwet)', () => {
    const ac2 = gwetAC2(raw4raters, weightMatrix('linear', [1, 2, 3, 4, 5]));
    expect(ac2.value).toBeCloseTo(0.859, 3);
    expect(ac2.se).toBeCloseTo(0.117, 3);
  });

  it("reproduces Gwet's irrCAC gwet.ac1.table on cont3x3abstractors: AC1 0.8493305, AC2 (quadratic) 0.9402369", () => {
    const counts = countsFromRows(unitsOfTable(GWET_ABSTRACTORS_TABLE));
    const ac1 = gwetAC1(counts);
    const ac2 = gwetAC2(counts, weightMatrix('quadratic', [1, 2, 3]));
    expect(ac1.value).toBeCloseTo(0.8493305, 7);
    expect(ac2.value).toBeCloseTo(0.9402369, 7);
    // gwet.ac1.table prints se 0.04321747 and 0.01792019 with Gwet's (2008) 1/n² variance;
    // the multi-rater form used here divides by n (n − 1), i.e. √(100/99) times larger.
    expect(ac1.se).toBeCloseTo(0.04321747 * Math.sqrt(100 / 99), 7);
    expect(ac2.se).toBeCloseTo(0.01792019 * Math.sqrt(100 / 99), 7);
  });

  it("matches Gwet's published two-rater variance under the default convention: cont3x3abstractors AC1 0.8493305, se 0.04321747 (irrCAC README, gwet.ac1.table; data of Gwet 2014)", () => {
    const counts = countsFromRows(unitsOfTable(GWET_ABSTRACTORS_TABLE));
    const ac1 = gwetAC1(counts, { raters: 2 });
    expect(ac1.value).toBeCloseTo(0.8493305, 7);
    expect(ac1.se).toBeCloseTo(0.04321747, 8);
    expect(ac1.conventions).toEqual({ se: 'gwet2008-two-raters', ci95: 'wald-fisher-z' });
    // irrCAC prints (0.764, 0.935), a t interval; Accord's is the Wald interval on Fisher's z
    // from the same AC1 and SE: tanh(atanh(0.8493305) ± 1.96 × 0.04321747 / (1 − 0.8493305²)).
    expect(ac1.ci95?.[0]).toBeCloseTo(0.7396696, 6);
    expect(ac1.ci95?.[1]).toBeCloseTo(0.9150537, 6);
    const ac2 = gwetAC2(counts, weightMatrix('quadratic', [1, 2, 3]), { raters: 2 });
    expect(ac2.se).toBeCloseTo(0.01792019, 8);
    // The alternative convention: the linearised variance of gwet.ac1.raw.
    const raw = gwetAC1(counts, { raters: 2, variance: 'irrcac-raw' });
    expect(raw.se).toBeCloseTo(0.04321747 * Math.sqrt(100 / 99), 8);
    expect(raw.conventions.se).toBe('gwet2014-linearized');
  });

  it('uses the linearised multi-rater variance of Gwet (2014) for six raters: distrib.6raters AC1 0.4448007, se 0.08418757 (irrCAC README, gwet.ac1.dist)', () => {
    // distrib.6raters is the first 15 units of Fleiss (1971).
    const counts = countsFromScores(FLEISS_1971_DIAGNOSES.slice(0, 15), 5);
    const ac1 = gwetAC1(counts, { raters: 6 });
    expect(ac1.value).toBeCloseTo(0.4448007, 7);
    expect(ac1.se).toBeCloseTo(0.08418757, 8);
    expect(ac1.conventions.se).toBe('gwet2014-linearized');
  });

  it('is null with reasons on degenerate input', () => {
    expect(gwetAC1(countsFromRows([[2]])).reason).toBe("Gwet's AC needs at least two levels");
    expect(gwetAC1(countsFromRows([[1, 0], [0, 1]])).reason).toBe('no unit has two or more ratings');
    const one = gwetAC1(countsFromRows([[2, 0]]));
    expect(one.value).not.toBeNull();
    expect(one.se).toBeNull();
    expect(one.reason).toBe('the standard error needs at least two units');
  });

  it('stays defined when every rating is in one category (AC1 = 1, unlike κ)', () => {
    expect(gwetAC1(countsFromRows([[2, 0], [2, 0], [2, 0]])).value).toBe(1);
  });
});

describe('gwetAC2OfResamples', () => {
  const counts = countsFromRows([[2, 1, 0], [0, 3, 0], [1, 1, 1], [0, 0, 3], [1, 0, 0], [3, 0, 0]]);
  const reweightings = [[1, 1, 1, 1, 1, 1], [0, 2, 1, 0, 3, 1], [4, 0, 0, 0, 1, 2], [0, 0, 0, 0, 5, 0], [0, 0, 0, 3, 0, 0]];
  const block = Int32Array.from(reweightings.flat());

  it("equals gwetAC2's value under every reweighting of the rows, including rows drawn zero times and a lone rating", () => {
    const quadratic = weightMatrix('quadratic', [1, 2, 3]);
    const identity = weightMatrix('identity', [1, 2, 3]);
    for (const weights of [identity, quadratic]) {
      const out = new Float64Array(reweightings.length + 2);
      gwetAC2OfResamples(counts, weights)(block, reweightings.length, out, 2);
      reweightings.forEach((w, b) => {
        const expected = gwetAC2({ ...counts, weights: Float64Array.from(w) }, weights).value;
        if (expected === null) expect(out[2 + b]).toBeNaN();
        else expect(out[2 + b]).toBeCloseTo(expected, 12);
      });
    }
  });

  it('gives, for AC1, the very numbers gwetAC1OfCountSums finishes from the count sums', () => {
    const identity = weightMatrix('identity', [1, 2, 3]);
    const full = new Float64Array(reweightings.length);
    gwetAC2OfResamples(counts, identity)(block, reweightings.length, full, 0);
    const fromSums = new Float64Array(reweightings.length);
    gwetAC1OfCountSums(countSumsOfResamples(counts)(block, reweightings.length), reweightings.length, fromSums, 0);
    expect(Array.from(fromSums)).toEqual(Array.from(full));
  });
});
