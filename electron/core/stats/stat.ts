/**
 * The shape every statistic takes in Accord's output (DESIGN.md §5): a finite number, or `null`
 * with the reason it is undefined. Nothing here ever lets NaN or ±Infinity reach JSON, and
 * nothing silently turns an undefined statistic into 0 or 1.
 */

/** A statistic's value, or `null` with a reason such as "no units rated by both raters". */
export type Stat = { value: number; reason?: undefined } | { value: null; reason: string };

/** A two-sided interval `[low, high]`. */
export type Interval = [number, number];

/** A defined statistic. */
export function defined(value: number): Stat {
  return { value };
}

/** An undefined statistic and why. */
export function undefinedStat(reason: string): Stat {
  return { value: null, reason };
}

/**
 * Wraps a computed number: finite numbers pass, anything else becomes `null` with `reason`.
 * Used as the last line of every formula so that a division by zero that slipped past the
 * explicit degenerate-case checks still cannot leak NaN.
 */
export function finiteOr(value: number, reason: string): Stat {
  return Number.isFinite(value) ? { value } : { value: null, reason };
}
