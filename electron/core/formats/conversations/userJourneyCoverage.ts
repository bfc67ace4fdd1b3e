/**
 * User Journey Coverage Score of one SOP graph: the mean Tool Call Accuracy over that graph's
 * conversations (DESIGN.md §3; the caller groups conversations by `metadata.graph`).
 * Returns NaN for an empty list — no conversation, no score — rather than 0 or 1.
 *
 * @throws {RangeError} when an accuracy is not a number in [0, 1] (a caller bug, not data).
 * @example userJourneyCoverage([1, 0.5, 0]) // → 0.5
 */
export function userJourneyCoverage(accuracies: readonly number[]): number {
  if (accuracies.length === 0) return NaN;
  let sum = 0;
  for (const accuracy of accuracies) {
    if (!(accuracy >= 0 && accuracy <= 1)) throw new RangeError(`Tool Call Accuracy must be in [0, 1], got ${accuracy}`);
    sum += accuracy;
  }
  return sum / accuracies.length;
}
