import type { PlanTier } from './model';

/** The seven plan tiers, lowest first: the levels of the 7-point plan quality scale. */
export const PLAN_TIERS: readonly PlanTier[] = [
  'Extremely Bad',
  'Very Bad',
  'Bad',
  'Acceptable',
  'Good',
  'Very Good',
  'Extremely Good',
];

/** Lower bounds (exclusive, F1 in percent) of the tiers above Extremely Bad, highest first (DESIGN.md §3). */
const TIER_FLOORS: readonly [number, PlanTier][] = [
  [95, 'Extremely Good'],
  [85, 'Very Good'],
  [75, 'Good'],
  [60, 'Acceptable'],
  [45, 'Bad'],
  [30, 'Very Bad'],
];

/**
 * The tier a step F1 maps to (DESIGN.md §3): with F1 in percent, >95 Extremely Good,
 * >85 Very Good, >75 Good, >60 Acceptable, >45 Bad, >30 Very Bad, else Extremely Bad. Bounds
 * are exclusive: F1 = 0.95 exactly is Very Good. The percentage is rounded to 9 decimals first
 * so that binary floating point cannot move a boundary value (0.3 × 100 is 30.000000000000004).
 *
 * @param f1 a fraction in [0, 1].
 * @throws {RangeError} when `f1` is not a number in [0, 1].
 * @example tierForF1(6 / 7) // → 'Very Good' (85.7 %)
 */
export function tierForF1(f1: number): PlanTier {
  if (!(f1 >= 0 && f1 <= 1)) throw new RangeError(`F1 must be a fraction in [0, 1], got ${f1}`);
  const percent = Math.round(f1 * 100 * 1e9) / 1e9;
  for (const [floor, tier] of TIER_FLOORS) if (percent > floor) return tier;
  return 'Extremely Bad';
}
