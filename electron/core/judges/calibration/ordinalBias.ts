/** How an ordinal judge leans against its reference. */
export interface OrdinalBias {
  /** Paired observations (judge answer, reference answer). */
  pairs: number;
  /** Mean of judge value − reference value, in the levels' numeric values; > 0: the judge rates higher. Null without pairs. */
  meanSignedDifference: number | null;
  /** Share of pairs whose levels are at most one level apart (by position on the scale). */
  withinOneLevel: number | null;
  /** Share of pairs on exactly the same level. */
  exact: number | null;
}

/**
 * Signed bias and closeness of ordinal answers. `pairs` hold level indices (positions on the
 * scale, 0-based); `values` are the levels' numeric values, used for the signed difference.
 *
 * @example ordinalBias([[5, 4], [3, 3], [6, 3]], [1, 2, 3, 4, 5, 6, 7]) // mean (1 + 0 + 3) / 3 = 1.333…, within one 2/3, exact 1/3
 */
export function ordinalBias(pairs: readonly (readonly [judge: number, reference: number])[], values: readonly number[]): OrdinalBias {
  if (pairs.length === 0) return { pairs: 0, meanSignedDifference: null, withinOneLevel: null, exact: null };
  let difference = 0;
  let withinOne = 0;
  let exact = 0;
  for (const [j, r] of pairs) {
    difference += values[j] - values[r];
    if (Math.abs(j - r) <= 1) withinOne++;
    if (j === r) exact++;
  }
  return { pairs: pairs.length, meanSignedDifference: difference / pairs.length, withinOneLevel: withinOne / pairs.length, exact: exact / pairs.length };
}
