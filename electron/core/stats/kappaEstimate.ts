import { type SeConvention } from './conventions';
import { fisherZInterval, type IntervalMethod } from './intervals';
import { twoSidedP } from './normal';
import { type Interval } from './stat';

/**
 * A κ-type coefficient with its large-sample inference:
 * - `se`: the non-null standard error, for the 95% interval `ci95` (Wald on Fisher's z, so it
 *   stays within [−1, 1]; see `fisherZInterval`);
 * - `se0`: the standard error under H0 (κ = 0), for `z = value / se0` and its two-sided `p`.
 * `conventions` names how each was computed. Every field that is null has its cause in
 * `reason`; a null `ci95` beside a defined value has its cause in `ciReason` ("not estimable: …").
 */
export interface KappaEstimate {
  readonly value: number | null;
  readonly se: number | null;
  readonly se0: number | null;
  readonly ci95: Interval | null;
  readonly z: number | null;
  readonly p: number | null;
  readonly conventions: { readonly se: SeConvention; readonly se0: SeConvention; readonly ci95: IntervalMethod };
  readonly reason?: string;
  readonly ciReason?: string;
}

/** The conventions of Cohen's and weighted κ: Fleiss, Cohen & Everitt (1969). */
export const FCE_CONVENTIONS: KappaEstimate['conventions'] = { se: 'fce1969', se0: 'fce1969-h0', ci95: 'wald-fisher-z' };

/** An undefined coefficient: every field null, with the reason. */
export function undefinedKappa(reason: string): KappaEstimate {
  return { value: null, se: null, se0: null, ci95: null, z: null, p: null, conventions: FCE_CONVENTIONS, reason };
}

/**
 * Assembles a {@link KappaEstimate} from a value, the two sampling variances and the number of
 * units. Variances a hair below zero (rounding, e.g. under perfect agreement) are read as 0; a
 * non-finite value or variance becomes null with a reason instead of NaN. The interval is
 * {@link fisherZInterval}'s, null with `ciReason` when not estimable.
 */
export function kappaWithErrors(value: number, variance: number, variance0: number, units: number): KappaEstimate {
  if (!Number.isFinite(value)) return undefinedKappa('the coefficient is not a finite number');
  const reasons: string[] = [];
  const se = Number.isFinite(variance) ? Math.sqrt(Math.max(0, variance)) : null;
  if (se === null) reasons.push('the standard error is not defined');
  const se0 = Number.isFinite(variance0) ? Math.sqrt(Math.max(0, variance0)) : null;
  if (se0 === null) reasons.push('the standard error under H0 is not defined');
  let z: number | null = null;
  let p: number | null = null;
  if (se0 !== null && se0 > 0) {
    z = value / se0;
    p = twoSidedP(z);
  } else if (se0 === 0) {
    reasons.push('the standard error under H0 is 0, so there is no z test');
  }
  const interval = fisherZInterval(value, se, units);
  return {
    value,
    se,
    se0,
    ci95: interval.ci95,
    z,
    p,
    conventions: FCE_CONVENTIONS,
    ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
    ...(interval.reason ? { ciReason: interval.reason } : {}),
  };
}
