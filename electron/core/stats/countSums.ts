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

/** {@link CountSums} for a block of resamples, flat: resample b's sums at b, b·q and b·q². */
export interface ResampleCountSums {
  readonly q: number;
  /** Whole numbers (units drawn), as small integers, which V8's interpreter handles without allocating. */
  readonly units: Int32Array;
  readonly pairable: Int32Array;
  readonly agreement: Float64Array;
  readonly share: Float64Array;
  readonly coincidence: Float64Array;
}

/**
 * The {@link CountSums} of `counts` under many resamplings of its rows at once — a bootstrap's
 * resamples. What does not depend on how often a row is drawn (its agreement, its shares, its
 * coincidences) is worked out once by the statistics' own row functions, so each resample is
 * one weighted sum, one pass over the rows for every statistic instead of one pass each.
 *
 * The returned function takes `count` resamples' row counts (whole numbers, row-major,
 * count × rows) and returns their sums, which it overwrites on the next call. Each sum adds the
 * rows in order, so it is the same number whichever block a resample comes in.
 */
export function countSumsOfResamples(counts: CategoryCounts): (weights: Int32Array, count: number) => ResampleCountSums {
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
  const pairableRow = Uint8Array.from(agreement, (a) => (Number.isNaN(a) ? 0 : 1));
  const shareCategory = Int32Array.from(shareCategories);
  const share = Float64Array.from(shares);
  const cell = Int32Array.from(cells);
  const amount = Float64Array.from(amounts);
  let sums = blockSums(q, 0);
  return (weights, count) => {
    if (sums.units.length < count) sums = blockSums(q, count);
    const { units: unitSum, pairable: pairableSum, agreement: agreementSum, share: shareSum, coincidence: coincidenceSum } = sums;
    shareSum.fill(0, 0, count * q);
    coincidenceSum.fill(0, 0, count * qq);
    for (let b = 0; b < count; b++) {
      const row = b * rows;
      const shareAt = b * q;
      const cellAt = b * qq;
      let units = 0;
      let pairable = 0;
      let agreed = 0;
      for (let i = 0; i < rows; i++) {
        const w = weights[row + i];
        if (w === 0 || rated[i] === 0) continue;
        units += w;
        for (let j = shareStart[i], end = shareStart[i + 1]; j < end; j++) shareSum[shareAt + shareCategory[j]] += w * share[j];
        if (pairableRow[i] === 0) continue;
        pairable += w;
        agreed += w * agreement[i];
        for (let j = start[i], end = start[i + 1]; j < end; j++) coincidenceSum[cellAt + cell[j]] += w * amount[j];
      }
      unitSum[b] = units;
      pairableSum[b] = pairable;
      agreementSum[b] = agreed;
    }
    return sums;
  };
}

function blockSums(q: number, count: number): ResampleCountSums {
  return {
    q,
    units: new Int32Array(count),
    pairable: new Int32Array(count),
    agreement: new Float64Array(count),
    share: new Float64Array(count * q),
    coincidence: new Float64Array(count * q * q),
  };
}
