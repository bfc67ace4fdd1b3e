import { count } from './numberFormat';

/**
 * Raters beyond which screens and reports summarise instead of giving each rater a row or a
 * column (answer counts, one progress bar for all, the pairs' quartiles) or a name in a line of
 * text: a crowd release (JUDGE-BENCH's carry 100+ raters) would otherwise make a table as wide,
 * a row as tall, or a header as long as the crowd. One threshold for the app, the CLI and the
 * reports (core/stats' MANY_RATERS).
 */
export const CROWD_RATERS = 10;

/** Names a shortened list keeps: enough to recognise the crowd, few enough for one line. */
const NAMES_KEPT = 3;

/**
 * Raters for a line of text, in the order given: every name while they are no crowd (as many as
 * the tables give a column each, see CROWD_RATERS), else the first three and how many more
 * ("rater 1, rater 2, rater 3 and 117 more"). The one rule for the app, the CLI and the reports.
 *
 * `namedIn`: where a reader finds every name, added to a shortened list ("… and 117 more — all
 * 120 named in the JSON export"). A report's reader needs it (the page is all they have); a
 * screen, with every rater one click away, leaves it out. No raters: "" (the caller says "none").
 */
export function raterList(raters: readonly string[], options: { namedIn?: string } = {}): string {
  if (raters.length <= CROWD_RATERS) return raters.join(', ');
  const shortened = `${raters.slice(0, NAMES_KEPT).join(', ')} and ${count(raters.length - NAMES_KEPT)} more`;
  return options.namedIn === undefined ? shortened : `${shortened} — all ${count(raters.length)} named in ${options.namedIn}`;
}
