import type { ModeFigures, ScoringMode, TraceAlignmentRow, TraceCall, TraceScoring } from './model';
import { traceRatio } from './ratio';
import { toolCallAccuracy } from './toolCallAccuracy';
import { alignTraces } from './traceAlignment';

/** The modes of a dataset's scoring, `all-calls` first and always present. */
export function declaredModes(scoring: TraceScoring | undefined): ScoringMode[] {
  const modes: ScoringMode[] = ['all-calls'];
  for (const mode of scoring?.modes ?? []) if (!modes.includes(mode)) modes.push(mode);
  return modes;
}

/**
 * The trace figures of one scoring mode, computed on the alignment of {@link alignTraces}:
 *
 * - failed attempts the agent retried are left out of the actual calls (they are neither
 *   extra nor paired);
 * - `state-changing`: calls of read-only tools (see {@link readOnlyTools}) are left out of both traces first (the gold
 *   lists only calls that change state, so lookups are neither rewarded nor punished);
 * - `order-free`: calls pair in any order.
 *
 * Then, with P = expected calls paired with an actual call of the same tool:
 * precision = P / actual calls counted, recall = P / expected calls counted, F1 their harmonic
 * mean (ratios with an empty side follow `traceRatio`); parameter match = expected parameters
 * with an equal value on the paired call / expected parameters (1 with none); exact match =
 * every expected call paired in order (any order for `order-free`) with equal arguments and no
 * other counted call; Tool Call Accuracy = as defined in `toolCallAccuracy` on the counted
 * calls (for `order-free`: 0 unless the counted tools equal the expected ones as a multiset, else
 * the parameter match of the pairs).
 *
 * `alignment`: `alignTraces(expected, actual)` when the caller has it already (traceMetrics
 * does): `all-calls` aligns the very same traces the same way, so it is not computed twice.
 *
 * @example expected [book{id:1}], actual [get_user (read-only), book{id:2} (failed), book{id:1}],
 *   state-changing: the lookup and the failed attempt are left out → P = R = F1 = 1, exact match.
 */
export function modeFigures(
  expected: readonly TraceCall[],
  actual: readonly TraceCall[],
  mode: ScoringMode,
  readOnlyTools: ReadOnlyTools,
  alignment?: readonly TraceAlignmentRow[],
): ModeFigures {
  let exp = expected;
  let act = actual;
  let readOnlyCalls = 0;
  if (mode === 'state-changing') {
    exp = expected.filter((call) => !readOnlyTools.has(call.name));
    act = actual.filter((call) => !readOnlyTools.has(call.name));
    readOnlyCalls = expected.length - exp.length + actual.length - act.length;
  }
  const rows = mode === 'all-calls' && alignment ? alignment : alignTraces(exp, act, { orderFree: mode === 'order-free' });
  const retries = countRetries(rows);
  // Most traces have no retried attempt: their actual calls are all counted, as they are.
  const retried = retries === 0 ? null : new Set(rows.filter((row) => row.status === 'retry').map((row) => row.actualIndex));
  const counted = retried === null ? act : act.filter((_, j) => !retried.has(j));
  const paired = rows.filter(isPaired);
  const bothEmpty = exp.length === 0 && counted.length === 0;
  const precision = traceRatio(paired.length, counted.length, bothEmpty);
  const recall = traceRatio(paired.length, exp.length, bothEmpty);
  const parameters = parameterCounts(exp, paired);
  const allPaired = paired.length === exp.length && counted.length === exp.length;
  const exact = allPaired && paired.every((row) => row.status === 'match' && row.argumentsEqual === true);
  return {
    mode,
    toolPrecision: precision,
    toolRecall: recall,
    toolF1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    traceExactMatch: exact,
    toolCallAccuracy: mode === 'order-free' ? (allPaired ? parameters.value : 0) : toolCallAccuracy(exp, counted),
    parameterMatch: parameters.value,
    expectedCalls: exp.length,
    actualCalls: counted.length,
    pairedCalls: paired.length,
    retries,
    readOnlyCalls,
  };
}

/** Figures for each declared mode of a conversation's scoring (`alignment`: see modeFigures). */
export function figuresByMode(
  expected: readonly TraceCall[],
  actual: readonly TraceCall[],
  scoring: TraceScoring | undefined,
  alignment?: readonly TraceAlignmentRow[],
): ModeFigures[] {
  const readOnly = scoring ? readOnlyTools(scoring.readOnlyTools) : NO_TOOLS;
  return declaredModes(scoring).map((mode) => modeFigures(expected, actual, mode, readOnly, alignment));
}

/** Which tools are read-only (a `Set` of names is one). */
export interface ReadOnlyTools {
  has(name: string): boolean;
}

/**
 * The read-only tools a scoring's `readOnlyTools` names: each entry a tool name, or, ending in
 * `*`, every tool whose name starts with the text before it (`get_*`: `get_user_details`, …).
 *
 * @example readOnlyTools(['get_*', 'think']).has('get_bills_for_customer') // true
 */
export function readOnlyTools(entries: readonly string[]): ReadOnlyTools {
  const names = new Set<string>();
  const prefixes: string[] = [];
  for (const entry of entries) {
    if (entry.endsWith('*')) prefixes.push(entry.slice(0, -1));
    else names.add(entry);
  }
  if (prefixes.length === 0) return names;
  return { has: (name) => names.has(name) || prefixes.some((prefix) => name.startsWith(prefix)) };
}

const NO_TOOLS: ReadOnlyTools = new Set();

function countRetries(rows: readonly TraceAlignmentRow[]): number {
  let retries = 0;
  for (const row of rows) if (row.status === 'retry') retries++;
  return retries;
}

function isPaired(row: TraceAlignmentRow): boolean {
  return (row.status === 'match' || row.status === 'misordered') && row.expectedIndex !== null && row.actualIndex !== null;
}

function parameterCounts(expected: readonly TraceCall[], paired: readonly TraceAlignmentRow[]): { value: number } {
  let total = 0;
  for (const call of expected) total += Object.keys(call.arguments ?? {}).length;
  let matched = 0;
  for (const row of paired) for (const parameter of row.parameters) if (parameter.status === 'equal') matched++;
  return { value: total === 0 ? 1 : matched / total };
}
