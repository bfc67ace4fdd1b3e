/**
 * The p-quantile of sorted values by linear interpolation between order statistics
 * (Hyndman & Fan 1996, definition 7; the default of R's `quantile` and NumPy's `percentile`):
 *
 *   h = (N − 1) p,   Q(p) = x₍⌊h⌋₎ + (h − ⌊h⌋)(x₍⌊h⌋+1₎ − x₍⌊h⌋₎)
 *
 * Degenerate input: an empty array gives NaN (callers report null with a reason).
 * @example quantileSorted(Float64Array.of(1, 2, 3, 4), 0.5) // 2.5
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
