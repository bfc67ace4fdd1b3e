import { normalInterval95, twoSidedP } from './normal';
import { type Interval } from './stat';

/**
 * A κ-type coefficient with its large-sample inference:
 * - `se`: the non-null standard error, for the 95% interval `ci95 = value ± 1.96 se`;
 * - `se0`: the standard error under H0 (κ = 0), for `z = value / se0` and its two-sided `p`.
 * Every field that is null has its cause in `reason`.
 */
export interface KappaEstimate {
  readonly value: number | null;
  readonly se: number | null;
  readonly se0: number | null;
  readonly ci95: Interval | null;
  readonly z: number | null;
  readonly p: number | null;
  readonly reason?: string;
}

/** An undefined coefficient: every field null, with the reason. */
export function undefinedKappa(reason: string): KappaEstimate {
  return { value: null, se: null, se0: null, ci95: null, z: null, p: null, reason };
}

/**
 * Assembles a {@link KappaEstimate} from a value and the two sampling variances. Variances a
 * hair below zero (rounding, e.g. under perfect agreement) are read as 0; a non-finite value
 * or variance becomes null with a reason instead of NaN.
 */
export function kappaWithErrors(value: number, variance: number, variance0: number): KappaEstimate {
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
  return {
    value,
    se,
    se0,
    ci95: se === null ? null : normalInterval95(value, se),
    z,
    p,
    ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
  };
}
