import type { TraceAlignmentRow, TraceCall } from './model';
import { alignTraces } from './traceAlignment';

/** Parameter match of a trace, with the counts it comes from. */
export interface ParameterMatch {
  /** matched / expected, 1 when the expected trace has no parameters at all. */
  value: number;
  matched: number;
  expected: number;
}

/**
 * Parameter match: the share of the expected trace's parameters that the agent supplied with
 * an equal value (normalised as in `valuesEqual`) on the actual call paired with that
 * expected call by {@link alignTraces} — in order or misordered, since order is what exact
 * match and Tool Call Accuracy judge. Parameters of missing calls count as unmatched; extra
 * parameters and extra calls do not count (precision judges those). With no expected
 * parameters the value is 1: nothing the agent had to supply went wrong.
 *
 * @example expected [Lookup{email}, Refund{orderId}], actual [Lookup{email (equal)}]: 1 of 2 → 0.5
 */
export function parameterMatch(expected: readonly TraceCall[], actual: readonly TraceCall[]): ParameterMatch {
  return parameterMatchFromAlignment(expected, alignTraces(expected, actual));
}

/** {@link parameterMatch} from an alignment already computed for the same traces. */
export function parameterMatchFromAlignment(expected: readonly TraceCall[], alignment: readonly TraceAlignmentRow[]): ParameterMatch {
  let total = 0;
  for (const call of expected) total += Object.keys(call.arguments ?? {}).length;
  let matched = 0;
  for (const row of alignment) {
    if (row.status !== 'match' && row.status !== 'misordered') continue;
    for (const parameter of row.parameters) if (parameter.status === 'equal') matched++;
  }
  return { value: total === 0 ? 1 : matched / total, matched, expected: total };
}
