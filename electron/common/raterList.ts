import { count } from './numberFormat';

/** Names listed before a list of raters is shortened: a crowd release has 100+ raters. */
export const RATERS_LISTED = 6;

/**
 * Raters beyond which screens and reports summarise instead of giving each rater a row or a
 * column (answer counts, one progress bar for all, the pairs' quartiles): a crowd release
 * (JUDGE-BENCH's carry 100+ raters) would otherwise make a table as wide, or a row as tall, as
 * the crowd. One threshold for the app, the CLI and the reports (core/stats' MANY_RATERS).
 */
export const CROWD_RATERS = 10;

/**
 * Raters for a line of text: all of them when few ("ana, ben, cy"), else the first three and how
 * many more ("rater 1, rater 2, rater 3 and 117 more"), in the order given. The app and the CLI
 * both shorten a crowd so.
 */
export function raterList(raters: readonly string[]): string {
  return raters.length <= RATERS_LISTED ? raters.join(', ') : `${raters.slice(0, 3).join(', ')} and ${count(raters.length - 3)} more`;
}
