import { counted, decimal, pValue } from '../../../common/numberFormat';
import { fUpper } from '../../stats/fDistribution';

/**
 * Ranks with ties given the average of the positions they share (1-based), as Spearman's ρ
 * with ties requires.
 *
 * @example averageRanks([10, 20, 20, 30]) // [1, 2.5, 2.5, 4]
 */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1].v === order[start].v) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k].i] = rank;
    start = end + 1;
  }
  return ranks;
}

/**
 * Spearman's rank correlation ρ: Pearson's correlation of the average ranks (Spearman 1904;
 * the tie-corrected form, which equals 1 − 6Σd²/(n(n²−1)) when there are no ties). Null with
 * the reason for fewer than two pairs or when one side's ranks are all equal.
 *
 * @example spearmanRho([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]) // 0.8207826816681233 (scipy.stats.spearmanr)
 */
export function spearmanRho(x: readonly number[], y: readonly number[]): { value: number; reason?: undefined } | { value: null; reason: string } {
  if (x.length !== y.length) throw new RangeError(`spearmanRho: ${x.length} values against ${y.length}`);
  if (x.length < 2) return { value: null, reason: `needs at least two systems ranked by both; got ${x.length}` };
  const rx = averageRanks(x);
  const ry = averageRanks(y);
  const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  const mx = mean(rx);
  const my = mean(ry);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) ** 2;
    syy += (ry[i] - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return { value: null, reason: 'one ranking puts every system level, so the correlation is undefined' };
  return { value: sxy / Math.sqrt(sxx * syy) };
}

/** Systems up to which {@link spearmanTest} enumerates every ordering (10! = 3,628,800). */
export const EXACT_SPEARMAN_MAX = 10;

/** Spearman's ρ with its one-sided test of "the two rankings agree" (ρ > 0). */
export interface SpearmanTest {
  /** Systems ranked by both. */
  n: number;
  value: number | null;
  /** One-sided p of ρ ≥ the observed ρ under independent rankings; null when ρ is undefined. */
  pValue: number | null;
  /** How p was found: every ordering enumerated (n ≤ {@link EXACT_SPEARMAN_MAX}) or Student's t with n − 2 df. */
  method: 'exact permutation' | 't approximation';
  /** The smallest p any ranking of n systems could give: above 0.05, no n-system ranking can tell. */
  smallestP: number | null;
  /** "too few systems to tell", "the runs rank the systems alike", "no evidence the runs rank the systems alike", or why ρ is undefined. */
  verdict: string;
  /** All of it in one line: "ρ = 1.00 over 3 systems, exact permutation p = 0.167 (one-sided, ρ > 0): too few systems to tell". */
  message: string;
  reason?: string;
}

/** Every permutation of `values` (Heap's algorithm), passed to `visit` in place. */
function forEachPermutation(values: number[], visit: (p: readonly number[]) => void): void {
  const c = new Array<number>(values.length).fill(0);
  visit(values);
  for (let i = 1; i < values.length; ) {
    if (c[i] < i) {
      const j = i % 2 === 0 ? 0 : c[i];
      [values[j], values[i]] = [values[i], values[j]];
      visit(values);
      c[i]++;
      i = 1;
    } else {
      c[i] = 0;
      i++;
    }
  }
}

/**
 * Spearman's ρ between two rankings with a one-sided test of agreement (H₁: ρ > 0). Up to
 * {@link EXACT_SPEARMAN_MAX} systems, p is exact: the share of all n! orderings of the second
 * ranking whose ρ reaches the observed one (Σ rank products compared in doubled, integral
 * ranks, so ties compare exactly). Above, Student's t = ρ √((n − 2)/(1 − ρ²)) on n − 2 df
 * (scipy.stats.spearmanr's p). With three systems the smallest possible p is 1/6: no ranking of
 * three can show agreement at 0.05, and the verdict says so.
 *
 * @example spearmanTest([3, 2, 1], [3, 2, 1]) // ρ = 1, exact p = 1/6 (scipy.stats.permutation_test, permutation_type='pairings', alternative='greater')
 */
export function spearmanTest(x: readonly number[], y: readonly number[], alpha = 0.05): SpearmanTest {
  const rho = spearmanRho(x, y);
  const n = x.length;
  const exact = n <= EXACT_SPEARMAN_MAX;
  const method = exact ? 'exact permutation' : 't approximation';
  const smallestP = n < 2 ? null : exact ? 1 / factorial(n) : null;
  if (rho.value === null) return { n, value: null, pValue: null, method, smallestP, verdict: `ρ undefined: ${rho.reason}`, message: `ρ undefined over ${counted(n, 'system')}: ${rho.reason}`, reason: rho.reason };
  let p: number;
  if (exact) {
    const rx = averageRanks(x).map((r) => 2 * r);
    const ry = averageRanks(y).map((r) => 2 * r);
    const dot = (q: readonly number[]) => q.reduce((s, v, i) => s + v * rx[i], 0);
    const observed = dot(ry);
    let atLeast = 0;
    let total = 0;
    forEachPermutation([...ry], (q) => {
      total++;
      if (dot(q) >= observed) atLeast++;
    });
    p = atLeast / total;
  } else {
    const t = rho.value >= 1 ? Infinity : rho.value * Math.sqrt((n - 2) / (1 - rho.value * rho.value));
    const twoSided = fUpper(t * t, 1, n - 2);
    p = t >= 0 ? twoSided / 2 : 1 - twoSided / 2;
  }
  const verdict = smallestP !== null && smallestP >= alpha ? 'too few systems to tell' : p < alpha ? 'the runs rank the systems alike' : 'no evidence the runs rank the systems alike';
  const message = `ρ = ${decimal(rho.value, 2)} over ${counted(n, 'system')}, ${method} p = ${pValue(p)} (one-sided, ρ > 0): ${verdict}`;
  return { n, value: rho.value, pValue: p, method, smallestP, verdict, message };
}

function factorial(n: number): number {
  let f = 1;
  for (let k = 2; k <= n; k++) f *= k;
  return f;
}
