import type { TraceCall } from './model';
import { valuesEqual } from './valueEquality';

/**
 * Tool Call Accuracy (DESIGN.md §3): 0 unless the actual sequence of tool names equals the
 * expected one exactly (same length, same names, same order); otherwise the number of
 * expected parameters supplied with an equal value by the call at the same position, divided
 * by the number of expected parameters. Values are normalised as in {@link valuesEqual};
 * extra parameters are not penalised. A correct sequence with no expected parameters at all
 * (including two empty traces) scores 1: there was nothing left to get wrong.
 *
 * @example expected [A{x:1,y:2}], actual [A{x:1,y:3}] → 1/2 = 0.5; actual [B{…}] → 0
 */
export function toolCallAccuracy(expected: readonly TraceCall[], actual: readonly TraceCall[]): number {
  if (expected.length !== actual.length) return 0;
  for (let i = 0; i < expected.length; i++) if (expected[i].name !== actual[i].name) return 0;
  let total = 0;
  let correct = 0;
  for (let i = 0; i < expected.length; i++) {
    const want = expected[i].arguments ?? {};
    const got = actual[i].arguments;
    for (const name of Object.keys(want)) {
      total++;
      if (got !== null && Object.prototype.hasOwnProperty.call(got, name) && valuesEqual(want[name], got[name])) correct++;
    }
  }
  return total === 0 ? 1 : correct / total;
}
