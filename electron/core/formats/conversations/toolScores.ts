import type { TraceCall } from './model';
import { traceRatio } from './ratio';

/** Tool-name precision, recall and F1 of a trace, with the matched count they come from. */
export interface ToolScores {
  precision: number;
  recall: number;
  f1: number;
  /** Size of the multiset intersection of tool names. */
  matched: number;
}

/**
 * Tool precision / recall / F1 over the multisets of tool names, ignoring order and
 * arguments: matched = Σ over names of min(expected count, actual count); precision =
 * matched / actual calls; recall = matched / expected calls; F1 = 2PR / (P + R) (0 when
 * P + R = 0). With no actual (or no expected) calls the ratio is 1 if both traces are empty,
 * else 0 (see {@link traceRatio}).
 *
 * @example expected [A, B], actual [A, A, C]: matched 1, precision 1/3, recall 1/2, F1 0.4
 */
export function toolScores(expected: readonly TraceCall[], actual: readonly TraceCall[]): ToolScores {
  const remaining = new Map<string, number>();
  for (const call of expected) remaining.set(call.name, (remaining.get(call.name) ?? 0) + 1);
  let matched = 0;
  for (const call of actual) {
    const left = remaining.get(call.name) ?? 0;
    if (left > 0) {
      matched++;
      remaining.set(call.name, left - 1);
    }
  }
  const bothEmpty = expected.length === 0 && actual.length === 0;
  const precision = traceRatio(matched, actual.length, bothEmpty);
  const recall = traceRatio(matched, expected.length, bothEmpty);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, matched };
}
