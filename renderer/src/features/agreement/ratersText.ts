import { formatCount } from '../../common/format';

/** Names listed before the page's summary line counts them instead: a crowd release has 100+ raters. */
const RATERS_LISTED = 6;

/** "raters ana, ben", or "15 raters: rater 1, rater 2, rater 3 … rater 15" (raters in the analysis' order). */
export function ratersText(raters: readonly string[]): string {
  if (raters.length === 0) return 'raters none yet';
  if (raters.length <= RATERS_LISTED) return `raters ${raters.join(', ')}`;
  return `${formatCount(raters.length)} raters: ${raters.slice(0, 3).join(', ')} … ${raters.at(-1)}`;
}
