import { describe, expect, it } from 'vitest';
import { agreementReport } from './agreementReport';
import { fiveNumbers, manyRaterSummary } from './manyRaters';
import { buildRatingTable } from './ratingTable';

/**
 * 20 units × 12 raters (r00 … r11), one string per unit, one letter per rater ('-' = not rated):
 * r00–r09 give the unit's answer 85% of the time, r10 and r11 never do. Generated in Python
 * (random.seed(3)); expected values from scikit-learn 1.x's cohen_kappa_score (labels a, b, c)
 * and numpy.percentile (linear), /usr/bin/python3.
 */
const UNITS = [
  'aabaaaaaabbc', 'ccccccccccba', 'cccccbcbccab', 'aaaa-abaaacb', 'cccaccccccab', 'cccccbccccba', 'bbbbbbbbbbca',
  'aaaaaaaaabcb', 'bbbbbbbcbbca', 'ccccccbcccba', 'aaacaaaaabbc', 'ccccccccccba', 'caaaaaaaaabc', 'cbbabbbbbbac',
  'aaaaaaaaaabc', 'aaaaaaaaaacb', 'cbbcbbbbbbca', 'abbbbbbbbbac', 'aaaaaaaaaabc', 'ccccccccacba',
];
const RATERS = Array.from({ length: 12 }, (_, i) => `r${String(i).padStart(2, '0')}`);

function table() {
  const rows = UNITS.flatMap((answers, u) =>
    [...answers].flatMap((value, r) => (value === '-' ? [] : [{ unit: `u${String(u).padStart(2, '0')}`, rater: RATERS[r]!, value }])),
  );
  return buildRatingTable(rows, { levels: ['a', 'b', 'c'].map((name) => ({ name })) });
}

describe('manyRaterSummary', () => {
  const t = table();
  const report = agreementReport(t, { type: 'nominal', bootstrap: 0 });
  const summary = manyRaterSummary(t, report.pairs);

  it('summarises the 66 pairwise κ by their quartiles (numpy: −0.5297, −0.4005, 0.6190, 0.7751, 1)', () => {
    expect(summary.pairs).toBe(66);
    expect(summary.undefinedPairs).toBe(0);
    const five = summary.pairwiseKappa;
    expect(five.min).toBeCloseTo(-0.5296610169491529, 10);
    expect(five.q1).toBeCloseTo(-0.40049772590749155, 10);
    expect(five.median).toBeCloseTo(0.6190462369024468, 10);
    expect(five.q3).toBeCloseTo(0.7750696967136943, 10);
    expect(five.max).toBeCloseTo(1, 10);
  });

  it("gives each rater's κ with the others' majority (sklearn on the units where the others do not tie)", () => {
    const byRater = Object.fromEntries(summary.perRater.map((p) => [p.rater, [p.units, p.kappaWithMajority]]));
    expect(byRater.r00![0]).toBe(20);
    expect(byRater.r00![1]).toBeCloseTo(0.6875, 10);
    expect(byRater.r02![1]).toBeCloseTo(0.9245283018867925, 10);
    expect(byRater.r04![0]).toBe(19);
    expect(byRater.r04![1]).toBeCloseTo(1, 10);
    expect(byRater.r10![1]).toBeCloseTo(-0.4492753623188406, 10);
    expect(byRater.r11![1]).toBeCloseTo(-0.5267175572519085, 10);
  });

  it('names the raters below Tukey’s fence (Q1 − 1.5 IQR = 0.3355): r11 then r10', () => {
    expect(summary.lowFence).toBeCloseTo(0.33553869579553874, 10);
    expect(summary.standOut.map((p) => p.rater)).toEqual(['r11', 'r10']);
  });
});

describe('fiveNumbers', () => {
  it('interpolates quartiles linearly (R type 7): 1..4 → 1.75, 2.5, 3.25', () => {
    expect(fiveNumbers([4, 1, 3, 2])).toEqual({ n: 4, min: 1, q1: 1.75, median: 2.5, q3: 3.25, max: 4 });
    expect(fiveNumbers([])).toEqual({ n: 0, min: null, q1: null, median: null, q3: null, max: null });
  });
});
