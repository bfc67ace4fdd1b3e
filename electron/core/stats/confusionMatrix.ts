import { type ContingencyTable, tableToRows } from './contingencyTable';

/** Two raters' confusion matrix with its labels, ready for a heatmap or a paper. */
export interface ConfusionMatrix {
  /** Rater whose levels are the rows. */
  readonly rowRater: string;
  /** Rater whose levels are the columns. */
  readonly columnRater: string;
  /** Level names, the same for rows and columns (the whole universe, used or not). */
  readonly levels: string[];
  /** `counts[i][j]` = units the row rater put in level i and the column rater in level j. */
  readonly counts: number[][];
}

/**
 * Labels a contingency table as a confusion matrix over the full category universe, so unused
 * levels show as empty rows and columns instead of disappearing.
 *
 * @example confusionMatrix(tableFromRows([[3, 1], [0, 2]]), 'ana', 'ben', ['no', 'yes']).counts // [[3, 1], [0, 2]]
 */
export function confusionMatrix(table: ContingencyTable, rowRater: string, columnRater: string, levels: readonly string[]): ConfusionMatrix {
  if (levels.length !== table.k) throw new RangeError(`confusionMatrix: ${levels.length} level names for a ${table.k}×${table.k} table`);
  return { rowRater, columnRater, levels: [...levels], counts: tableToRows(table) };
}
