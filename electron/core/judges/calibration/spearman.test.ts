import { describe, expect, it } from 'vitest';
import { spearmanTest } from './spearman';

// Expected p values: scipy 1.10.1 stats.permutation_test((x,), lambda a: spearmanr(a, y).correlation,
// permutation_type='pairings', alternative='greater', n_resamples=np.inf) — every ordering enumerated;
// above ten systems scipy.stats.spearmanr(x, y, alternative='greater').pvalue (Student's t).
describe('spearmanTest', () => {
  it('gives ρ = 1 over 3 systems an exact one-sided p of 1/6, and says three systems are too few to tell', () => {
    const t = spearmanTest([3, 2, 1], [3, 2, 1]);
    expect(t).toMatchObject({ n: 3, value: 1, method: 'exact permutation', verdict: 'too few systems to tell' });
    expect(t.pValue).toBeCloseTo(0.16666666666666666, 14);
    expect(t.smallestP).toBeCloseTo(1 / 6, 14);
    expect(t.message).toBe('ρ = 1.00 over 3 systems, exact permutation p = 0.167 (one-sided, ρ > 0): too few systems to tell');
    expect(spearmanTest([7, 3, 1], [5, 6, 1]).pValue).toBeCloseTo(0.5, 14);
  });

  it('finds agreement at 0.05 only where the systems are enough', () => {
    // Four systems in the same order: p = 1/24 = 0.041666666666666664.
    const four = spearmanTest([1, 2, 3, 4], [1, 2, 3, 4]);
    expect(four.pValue).toBeCloseTo(0.041666666666666664, 14);
    expect(four.verdict).toBe('the runs rank the systems alike');
    // ρ = 0.8207826816681233, p = 0.06666666666666667 (a tie in y).
    const five = spearmanTest([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]);
    expect(five.value).toBeCloseTo(0.8207826816681233, 12);
    expect(five.pValue).toBeCloseTo(0.06666666666666667, 14);
    expect(five.verdict).toBe('no evidence the runs rank the systems alike');
    // Eight systems, neighbours swapped: ρ = 0.9047619047619048, p = 0.002281746031746032.
    const eight = spearmanTest([1, 2, 3, 4, 5, 6, 7, 8], [2, 1, 4, 3, 6, 5, 8, 7]);
    expect(eight.pValue).toBeCloseTo(0.002281746031746032, 14);
  });

  it('enumerates all 10! orderings at ten systems, and uses Student’s t above', () => {
    // Ten systems, neighbours swapped: 196 of 3,628,800 orderings reach ρ = 0.9515 (Python itertools.permutations, by hand).
    const ten = spearmanTest([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1, 3, 2, 5, 4, 7, 6, 9, 8, 10]);
    expect(ten.method).toBe('exact permutation');
    expect(ten.pValue).toBeCloseTo(196 / 3628800, 14);
    // Twelve systems: scipy.stats.spearmanr(x, y, alternative='greater') gives ρ = 0.35664335664335667, p = 0.12756887587947863.
    const twelve = spearmanTest([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [5, 1, 9, 3, 12, 2, 8, 7, 10, 4, 6, 11]);
    expect(twelve.method).toBe('t approximation');
    expect(twelve.value).toBeCloseTo(0.35664335664335667, 12);
    expect(twelve.pValue).toBeCloseTo(0.12756887587947863, 10);
    expect(twelve.verdict).toBe('no evidence the runs rank the systems alike');
  });

  it('says why ρ is undefined', () => {
    expect(spearmanTest([1], [1])).toMatchObject({ n: 1, value: null, pValue: null, verdict: 'ρ undefined: needs at least two systems ranked by both; got 1' });
  });
});
