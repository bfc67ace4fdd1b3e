/**
 * `part / whole` for the trace metrics, defined where the denominator is zero: 1 when both
 * traces being compared are empty of what is counted (nothing expected, nothing done: perfect
 * agreement), else 0 (one side has calls the other cannot account for). Keeps stored metrics
 * numeric instead of NaN, with a rule a reader can check by hand.
 */
export function traceRatio(part: number, whole: number, bothEmpty: boolean): number {
  if (whole === 0) return bothEmpty ? 1 : 0;
  return part / whole;
}
