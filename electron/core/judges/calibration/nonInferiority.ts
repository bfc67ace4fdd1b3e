import { percentileBootstrap } from '../../stats/bootstrap';
import { type Interval } from '../../stats/stat';
import type { WeightMatrix } from '../../stats/weights';

/** What {@link nonInferiority} needs: each unit's three answers as category indices. */
export interface NonInferiorityInput {
  /** Per unit: [judge, annotator A, annotator B], each an index into the question's categories. */
  units: readonly (readonly [number, number, number])[];
  k: number;
  /** k × k agreement weights, row-major (identity: Cohen's κ; quadratic: weighted κ). */
  weights: WeightMatrix;
  margin: number;
  resamples: number;
  seed: number;
}

/** Judge–human against human–human agreement on the same units, with a paired bootstrap. */
export interface NonInferiority {
  n: number;
  margin: number;
  /** Mean of κ(judge, A) and κ(judge, B). */
  judgeHuman: number | null;
  /** κ(A, B). */
  humanHuman: number | null;
  /** judgeHuman − humanHuman. */
  difference: number | null;
  /** Percentile bootstrap 95% interval of the difference, resampling units (each with its three answers). */
  ci95: Interval | null;
  /** Share of resamples where the difference is below −margin: the bootstrap p-value of H0 "the judge is worse by more than the margin". */
  pValue: number | null;
  resamples: number;
  seed: number;
  reason?: string;
}

/** Weighted κ of two raters from a k × k table of counts (row: first rater): (po − pe) / (1 − pe); NaN when pe = 1. */
function kappaOf(table: Float64Array, k: number, weights: WeightMatrix, total: number): number {
  if (total === 0) return Number.NaN;
  const rows = new Float64Array(k);
  const cols = new Float64Array(k);
  let po = 0;
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) {
      const c = table[a * k + b];
      rows[a] += c;
      cols[b] += c;
      po += weights[a * k + b] * c;
    }
  }
  let pe = 0;
  for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) pe += weights[a * k + b] * rows[a] * cols[b];
  po /= total;
  pe /= total * total;
  return 1 - pe > 1e-12 ? (po - pe) / (1 - pe) : Number.NaN;
}

/**
 * Non-inferiority of a judge to the annotators when there are two of them (DESIGN.md §6):
 * D = mean(κ(judge, A), κ(judge, B)) − κ(A, B) on the units all three answered, with its 95%
 * percentile bootstrap interval from resampling units — paired, so each resample keeps a
 * unit's three answers together and the two figures share their sampling noise. The judge is
 * non-inferior when the interval's lower bound is above −margin; inferior when its upper
 * bound is below −margin. κ is chance-corrected, so a judge that gives one answer to every unit
 * has κ = 0 against each annotator, however often that answer happens to be right.
 */
export function nonInferiority(input: NonInferiorityInput): NonInferiority {
  const { k, weights, margin, resamples, seed } = input;
  const n = input.units.length;
  // Units only matter through their pattern (judge, A, B): resampling pattern frequencies is resampling units.
  const patternIndex = new Map<number, number>();
  const patterns: [number, number, number][] = [];
  const counts: number[] = [];
  for (const [j, a, b] of input.units) {
    const key = (j * k + a) * k + b;
    let p = patternIndex.get(key);
    if (p === undefined) {
      p = patterns.length;
      patternIndex.set(key, p);
      patterns.push([j, a, b]);
      counts.push(0);
    }
    counts[p]++;
  }
  const ja = new Float64Array(k * k);
  const jb = new Float64Array(k * k);
  const ab = new Float64Array(k * k);
  const figures = (frequency: ArrayLike<number>) => {
    ja.fill(0);
    jb.fill(0);
    ab.fill(0);
    let total = 0;
    patterns.forEach(([j, a, b], p) => {
      const f = frequency[p];
      ja[j * k + a] += f;
      jb[j * k + b] += f;
      ab[a * k + b] += f;
      total += f;
    });
    const judgeHuman = (kappaOf(ja, k, weights, total) + kappaOf(jb, k, weights, total)) / 2;
    const humanHuman = kappaOf(ab, k, weights, total);
    return { judgeHuman, humanHuman, difference: judgeHuman - humanHuman };
  };
  const point = figures(counts);
  const finite = (x: number) => (Number.isFinite(x) ? x : null);
  const base = { n, margin, judgeHuman: finite(point.judgeHuman), humanHuman: finite(point.humanHuman), difference: finite(point.difference), resamples, seed };
  if (base.difference === null) {
    const reason = base.humanHuman === null ? 'κ between the annotators is undefined (they gave one answer to every unit)' : 'κ between the judge and the annotators is undefined';
    return { ...base, ci95: null, pValue: null, reason };
  }
  const [interval] = percentileBootstrap({ frequency: Float64Array.from(counts), resamples, seed, thresholds: [-margin] }, ['difference'], (f, out) => {
    out[0] = figures(f).difference;
  });
  return { ...base, ci95: interval.ci95, pValue: interval.ci95 ? (interval.belowThreshold ?? null) : null, ...(interval.reason ? { reason: interval.reason } : {}) };
}
