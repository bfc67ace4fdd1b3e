import { CROWD_RATERS, raterList } from '../../../../electron/common/raterList';
import { formatCount } from '../../common/format';

/** "raters ana, ben", or "15 raters: rater 1, rater 2, rater 3 and 12 more" (raters in the analysis' order; raterList's rule). */
export function ratersText(raters: readonly string[]): string {
  if (raters.length === 0) return 'raters none yet';
  if (raters.length <= CROWD_RATERS) return `raters ${raterList(raters)}`;
  return `${formatCount(raters.length)} raters: ${raterList(raters)}`;
}
