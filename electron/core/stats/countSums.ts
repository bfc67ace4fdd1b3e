import { type CategoryCounts } from './categoryCounts';
import { addRowCoincidences } from './coincidenceMatrix';
import { rowAgreement } from './percentAgreement';

/**
 * The weighted sums over a category-count table's rows that P̄, PABAK, Fleiss' κ and
 * Krippendorff's α are functions of (see each statistic's module for how).
 */
export interface CountSums {
  /** Σ wᵢ over rows with at least one rating. */
  units: number;
  /** Σ wᵢ over rows with two or more ratings. */
  pairable: number;
  /** Σ wᵢ × the row's share of agreeing pairs (P̄'s numerator; `rowAgreement`). */
  agreement: number;
  /** Per category: Σ wᵢ r_ic / rᵢ over rated rows. */
  share: Float64Array;
  /** Krippendorff's coincidence matrix, q × q (`coincidenceFromCounts`). */
  coincidence: Float64Array;
}

/**
 * The {@link CountSums} of `counts` under any reweighting of its rows — a bootstrap's resamples.
 * What does not depend on how often a row is drawn (its agreement, its shares, its coincidences)
 * is worked out once by the statistics' own row functions, so each resample is one weighted sum,
 * one pass over the rows for every statistic instead of one pass each. The returned sums are
 * reused (overwritten) by the next call.
 */
export function countSumsResampler(counts: CategoryCounts): (weights: ArrayLike<number>) => CountSums {
  const { q, rows } = counts;
  const qq = q * q;
  const rated = new Uint8Array(rows);
  const agreement = new Float64Array(rows).fill(Number.NaN);
  // Each row's shares r_ic / rᵢ and coincidences, sparse: a row touches only the cells of the categories it received.
  const shareStart = new Int32Array(rows + 1);
  const shareCategories: number[] = [];
  const shares: number[] = [];
  const start = new Int32Array(rows + 1);
  const cells: number[] = [];
  const amounts: number[] = [];
  const scratch = new Float64Array(qq);
  const used: number[] = [];
  for (let i = 0; i < rows; i++) {
    start[i] = cells.length;
    shareStart[i] = shares.length;
    let r = 0;
    used.length = 0;
    for (let c = 0; c < q; c++) {
      const x = counts.counts[i * q + c];
      r += x;
      if (x > 0) used.push(c);
    }
    if (r === 0) continue;
    rated[i] = 1;
    for (const c of used) {
      shareCategories.push(c);
      shares.push(counts.counts[i * q + c] / r);
    }
    agreement[i] = rowAgreement(counts, i) ?? Number.NaN;
    addRowCoincidences(counts, i, 1, scratch);
    for (const c of used) {
      for (const k of used) {
        const cell = c * q + k;
        if (scratch[cell] !== 0) {
          cells.push(cell);
          amounts.push(scratch[cell]);
          scratch[cell] = 0;
        }
      }
    }
  }
  start[rows] = cells.length;
  shareStart[rows] = shares.length;
  const shareCategory = Int32Array.from(shareCategories);
  const share = Float64Array.from(shares);
  const cell = Int32Array.from(cells);
  const amount = Float64Array.from(amounts);
  const sums: CountSums = { units: 0, pairable: 0, agreement: 0, share: new Float64Array(q), coincidence: new Float64Array(qq) };
  return (weights) => {
    sums.units = 0;
    sums.pairable = 0;
    sums.agreement = 0;
    sums.share.fill(0);
    sums.coincidence.fill(0);
    for (let i = 0; i < rows; i++) {
      const w = weights[i];
      if (w === 0 || rated[i] === 0) continue;
      sums.units += w;
      for (let j = shareStart[i]; j < shareStart[i + 1]; j++) sums.share[shareCategory[j]] += w * share[j];
      const a = agreement[i];
      if (Number.isNaN(a)) continue;
      sums.pairable += w;
      sums.agreement += w * a;
      for (let j = start[i]; j < start[i + 1]; j++) sums.coincidence[cell[j]] += w * amount[j];
    }
    return sums;
  };
}
