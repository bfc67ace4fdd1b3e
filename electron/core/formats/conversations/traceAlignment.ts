import type { ParameterComparison, TraceAlignmentRow, TraceCall } from './model';
import { valuesEqual } from './valueEquality';

/**
 * Above this many cells (expected × actual calls) the alignment falls back from the
 * quadratic longest-common-subsequence table to a greedy in-order match, so a pathological
 * trace cannot stall an import. Real traces are tens of calls (a 300-call trace is 90,000).
 */
export const MAX_ALIGNMENT_CELLS = 4_000_000;

/**
 * Aligns an expected and an actual tool trace for the side-by-side view.
 *
 * 1. The longest common subsequence of tool names pairs calls that appear in the same
 *    relative order (`match`). Ties prefer reporting the expected call first, so a
 *    substituted call reads as "missing A, extra B" in that order.
 * 2. Of the calls left over, an expected and an actual call with the same name are paired in
 *    order as `misordered` (the LCS guarantees such a pair would cross a match).
 * 3. Whatever is still unpaired is `missing` (expected) or `extra` (actual).
 *
 * Rows follow the expected trace, with extra calls placed where they occurred; a misordered
 * row stands at its expected position and names its actual position. Paired rows compare
 * parameters with {@link valuesEqual}.
 *
 * @example alignTraces([{name:'A',arguments:{}},{name:'B',arguments:{}}], [{name:'B',arguments:{}},{name:'A',arguments:{}}])
 *   // → A match (0↔1), B misordered (1↔0)
 */
export function alignTraces(expected: readonly TraceCall[], actual: readonly TraceCall[]): TraceAlignmentRow[] {
  const pairs =
    expected.length * actual.length <= MAX_ALIGNMENT_CELLS ? lcsPairs(expected, actual) : greedyPairs(expected, actual);

  // Walk both traces along the in-order pairs, emitting missing/extra rows in between.
  const rows: TraceAlignmentRow[] = [];
  let i = 0;
  let j = 0;
  for (const [pi, pj] of [...pairs, [expected.length, actual.length] as const]) {
    while (i < pi) rows.push(unpaired('missing', expected[i], i++, null));
    while (j < pj) rows.push(unpaired('extra', actual[j], null, j++));
    if (pi < expected.length) rows.push(paired('match', expected[pi], actual[pj], pi, pj));
    i = pi + 1;
    j = pj + 1;
  }
  return pairMisordered(rows, expected, actual);
}

/** Index pairs of a longest common subsequence of names, in order. */
function lcsPairs(expected: readonly TraceCall[], actual: readonly TraceCall[]): [number, number][] {
  const m = expected.length;
  const n = actual.length;
  const width = n + 1;
  // suffix[i][j] = LCS length of expected[i..] and actual[j..]
  const suffix = new Uint32Array((m + 1) * width);
  for (let i = m - 1; i >= 0; i--) {
    for (let j = n - 1; j >= 0; j--) {
      suffix[i * width + j] =
        expected[i].name === actual[j].name
          ? suffix[(i + 1) * width + j + 1] + 1
          : Math.max(suffix[(i + 1) * width + j], suffix[i * width + j + 1]);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < m && j < n) {
    if (expected[i].name === actual[j].name && suffix[i * width + j] === suffix[(i + 1) * width + j + 1] + 1) {
      pairs.push([i++, j++]);
    } else if (suffix[(i + 1) * width + j] >= suffix[i * width + j + 1]) i++;
    else j++;
  }
  return pairs;
}

/** In-order pairing without backtracking: each expected call takes the next actual call of its name. */
function greedyPairs(expected: readonly TraceCall[], actual: readonly TraceCall[]): [number, number][] {
  const positions = new Map<string, number[]>();
  actual.forEach((call, j) => {
    const list = positions.get(call.name);
    if (list) list.push(j);
    else positions.set(call.name, [j]);
  });
  const cursor = new Map<string, number>();
  const pairs: [number, number][] = [];
  let last = -1;
  expected.forEach((call, i) => {
    const list = positions.get(call.name);
    if (!list) return;
    let k = cursor.get(call.name) ?? 0;
    while (k < list.length && list[k] <= last) k++;
    cursor.set(call.name, k);
    if (k < list.length) {
      last = list[k];
      pairs.push([i, last]);
      cursor.set(call.name, k + 1);
    }
  });
  return pairs;
}

/** Turns same-name missing/extra pairs into misordered rows at the expected position. */
function pairMisordered(rows: TraceAlignmentRow[], expected: readonly TraceCall[], actual: readonly TraceCall[]): TraceAlignmentRow[] {
  const extraByName = new Map<string, TraceAlignmentRow[]>();
  for (const row of rows) {
    if (row.status !== 'extra') continue;
    const list = extraByName.get(row.name);
    if (list) list.push(row);
    else extraByName.set(row.name, [row]);
  }
  if (extraByName.size === 0) return rows;
  const taken = new Set<TraceAlignmentRow>();
  const nextExtra = new Map<string, number>();
  const result = rows.map((row) => {
    if (row.status !== 'missing') return row;
    const candidates = extraByName.get(row.name);
    const k = nextExtra.get(row.name) ?? 0;
    const extra = candidates?.[k];
    if (!extra) return row;
    nextExtra.set(row.name, k + 1);
    taken.add(extra);
    return paired('misordered', expected[row.expectedIndex!], actual[extra.actualIndex!], row.expectedIndex!, extra.actualIndex!);
  });
  return result.filter((row) => !taken.has(row));
}

function unpaired(status: 'missing' | 'extra', call: TraceCall, expectedIndex: number | null, actualIndex: number | null): TraceAlignmentRow {
  return { status, name: call.name, expectedIndex, actualIndex, turn: call.turn ?? null, argumentsEqual: null, parameters: [] };
}

function paired(status: 'match' | 'misordered', exp: TraceCall, act: TraceCall, expectedIndex: number, actualIndex: number): TraceAlignmentRow {
  const parameters = compareParameters(exp.arguments ?? {}, act.arguments);
  const argumentsEqual = act.arguments !== null && parameters.every((p) => p.status === 'equal');
  return { status, name: exp.name, expectedIndex, actualIndex, turn: act.turn ?? null, argumentsEqual, parameters };
}

/**
 * Compares an expected call's parameters with an actual call's: each expected parameter is
 * `equal`, `different` or `missing` (also when the actual arguments could not be parsed),
 * then each actual parameter the expectation does not name is `extra`.
 */
export function compareParameters(expected: Record<string, unknown>, actual: Record<string, unknown> | null): ParameterComparison[] {
  const result: ParameterComparison[] = [];
  for (const name of Object.keys(expected)) {
    const exp = expected[name];
    if (actual === null || !Object.prototype.hasOwnProperty.call(actual, name)) {
      result.push({ name, status: 'missing', expected: exp });
      continue;
    }
    const act = actual[name];
    result.push({ name, status: valuesEqual(exp, act) ? 'equal' : 'different', expected: exp, actual: act });
  }
  if (actual !== null) {
    for (const name of Object.keys(actual)) {
      if (!Object.prototype.hasOwnProperty.call(expected, name)) result.push({ name, status: 'extra', actual: actual[name] });
    }
  }
  return result;
}
