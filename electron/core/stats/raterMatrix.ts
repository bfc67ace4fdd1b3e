import { cohenKappa } from './cohenKappa';
import { contingencyTable } from './contingencyTable';
import { percentAgreement } from './percentAgreement';
import { type RatingTable } from './ratingTable';
import { type Stat } from './stat';
import { weightedKappa } from './weightedKappa';
import { type WeightMatrix } from './weights';

/** Agreement of one ordered pair of raters. */
export interface RaterPairCell {
  /** Units both raters rated. */
  readonly units: number;
  readonly percentAgreement: Stat;
  /** Cohen's κ, or weighted κ when the matrix was built with weights. */
  readonly kappa: Stat;
}

/** The annotator × annotator matrix: who agrees with whom, over the units they share. */
export interface RaterMatrix {
  readonly raters: string[];
  /** Which coefficient `kappa` holds. */
  readonly statistic: 'cohenKappa' | 'weightedKappa';
  /** `cells[a][b]`, symmetric; the diagonal is null (a rater is not compared with themself). */
  readonly cells: (RaterPairCell | null)[][];
}

/**
 * Pairwise percent agreement and κ for every pair of raters (Cohen's κ, or weighted κ with
 * the given agreement weights), each over the units that pair both rated — the table to spot
 * one annotator who reads the guidelines differently.
 *
 * Degenerate input: a pair with no shared unit gets null values with the reason.
 * @example raterMatrix(table).cells[0][1].kappa // { value: … } for raters 0 and 1
 */
export function raterMatrix(table: RatingTable, weights?: WeightMatrix): RaterMatrix {
  const r = table.raters.length;
  const cells: (RaterPairCell | null)[][] = Array.from({ length: r }, () => new Array<RaterPairCell | null>(r).fill(null));
  for (let a = 0; a < r; a++) {
    for (let b = a + 1; b < r; b++) {
      const pair = contingencyTable(table, a, b);
      let units = 0;
      for (const count of pair.counts) units += count;
      const estimate = weights ? weightedKappa(pair, weights) : cohenKappa(pair);
      const kappa: Stat = estimate.value === null
        ? { value: null, reason: estimate.reason ?? 'undefined' }
        : { value: estimate.value };
      const cell = { units, percentAgreement: percentAgreement(pair), kappa };
      cells[a][b] = cell;
      cells[b][a] = cell;
    }
  }
  return { raters: [...table.raters], statistic: weights ? 'weightedKappa' : 'cohenKappa', cells };
}
