import { tooFewUnits } from './intervals';
import type { BandVerdict } from '../../common/bandText';
import { landisKochBand } from './landisKoch';
import { type Interval } from './stat';

/**
 * What may be said of a κ against the Landis & Koch (1977) bands, given its evidence (the shape
 * lives in electron/common/bandText.ts, beside how it is written, so the renderer and the CLI
 * share it):
 * - `band`: the whole 95% interval (and the estimate) lies in one band;
 * - `range`: the interval spans bands, from `low` to `high` ("substantial – almost perfect");
 * - `insufficient`: there is no interval to judge by, so no band is claimed: too few units
 *   (`fewUnits`), or enough but no interval the method gives (a category's κ, a κ of 1 whose
 *   standard error is 0); `reason` says why, `n` is the units it rests on.
 */
export type BandJudgement = BandVerdict;

/** The interval a band is judged by: the percentile bootstrap's where there is one (it needs no normal approximation), else the normal one. */
export function bandInterval(bootstrap: Interval | null | undefined, normal: Interval | null | undefined): Interval | null {
  return bootstrap ?? normal ?? null;
}

/**
 * The Landis–Koch judgement of a κ estimate from its 95% interval and its n — the one rule for
 * every band Accord prints. The bands of the interval's ends (widened to take in the estimate,
 * should a percentile interval not contain it) give the answer: one band, or the range the
 * interval spans. Below MIN_INTERVAL_UNITS units, or with no interval, it is `insufficient`:
 * a point estimate alone is no verdict (Landis & Koch's bands are a convention, not a test).
 *
 * Degenerate input: an undefined estimate (null or non-finite) → null on 10 units or more; on
 * fewer, `insufficient` as for a defined one.
 * @example landisKochJudgement(0.899, [0.784, 0.954], 30) // { kind: 'range', low: 'substantial', high: 'almost perfect' }
 * @example landisKochJudgement(0.947, null, 5) // { kind: 'insufficient', reason: 'not estimable: 5 units; …', n: 5, fewUnits: true }
 */
export function landisKochJudgement(value: number | null, ci95: Interval | null | undefined, n: number, ciReason?: string): BandJudgement | null {
  // Too few units is said whether or not the estimate is defined: a question nobody has rated
  // twice yet is "not enough evidence (n = 0)", not a dash.
  const few = tooFewUnits(n);
  if (few !== null) return { kind: 'insufficient', reason: few, n, fewUnits: true };
  if (value === null || !Number.isFinite(value)) return null;
  if (!ci95) return { kind: 'insufficient', reason: ciReason ?? 'no 95% interval to judge the band by', n, fewUnits: false };
  const low = landisKochBand(Math.min(ci95[0], value));
  const high = landisKochBand(Math.max(ci95[1], value));
  if (low === null || high === null) return { kind: 'insufficient', reason: 'the interval is not finite', n, fewUnits: false };
  return low === high ? { kind: 'band', band: low } : { kind: 'range', low, high };
}
