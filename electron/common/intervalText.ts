import { interval, percentInterval } from './numberFormat';

/** A 95% interval's bounds (core/stats' `Interval`). */
type Bounds = readonly [number, number];

/** What the tables print where an interval cannot be estimated honestly (the reason goes beside it or in a tooltip). */
export const NOT_ESTIMABLE = 'not estimable';

/**
 * A 95% interval as "[0.412, 0.781]", or "not estimable" when there is none for a stated
 * reason ("not estimable: 8 units; …"), or an em dash when there is none at all.
 */
export function intervalOr(ci: Bounds | null | undefined, note?: string, proportion = false): string {
  if (ci) return proportion ? percentInterval(ci) : interval(ci);
  return note && /^not estimable/.test(note) ? NOT_ESTIMABLE : '—';
}

/** Names of the interval methods, as tables and methods sections print them. */
export const INTERVAL_METHOD_TEXT: Record<string, string> = {
  'wald-fisher-z': 'Wald on Fisher z',
  'f-distribution': 'F distribution',
  'bootstrap-percentile': 'percentile bootstrap',
};
