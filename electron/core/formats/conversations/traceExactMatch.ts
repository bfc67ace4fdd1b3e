import type { TraceCall } from './model';
import { valuesEqual } from './valueEquality';

/**
 * Exact trace match: the actual trace makes the same calls as the expected one, in the same
 * order, with the same tool names (compared exactly) and equal arguments as a whole (no
 * parameter missing, different or extra; values normalised as in {@link valuesEqual}). Two
 * empty traces match. A call whose arguments could not be parsed never matches.
 *
 * @example traceExactMatch([{name:'A',arguments:{n:1}}], [{name:'A',arguments:{n:'1'}}]) // → true
 */
export function traceExactMatch(expected: readonly TraceCall[], actual: readonly TraceCall[]): boolean {
  if (expected.length !== actual.length) return false;
  for (let i = 0; i < expected.length; i++) {
    const exp = expected[i];
    const act = actual[i];
    if (exp.name !== act.name || act.arguments === null) return false;
    if (!valuesEqual(exp.arguments ?? {}, act.arguments)) return false;
  }
  return true;
}
