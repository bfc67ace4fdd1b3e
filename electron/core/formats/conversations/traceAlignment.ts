import type { ParameterComparison, TraceAlignmentRow, TraceCall } from './model';
import { valuesEqual } from './valueEquality';

/**
 * Above this many cells (expected × actual calls) the alignment falls back from the
 * quadratic longest-common-subsequence table to a greedy in-order match, so a pathological
 * trace cannot stall an import. Real traces are tens of calls (a 300-call trace is 90,000).
 */
export const MAX_ALIGNMENT_CELLS = 4_000_000;

/** Options of {@link alignTraces}. */
export interface AlignOptions {
  /** Pair calls regardless of their order (every pair is a `match`; none is `misordered`). */
  orderFree?: boolean;
}

/**
 * Aligns an expected and an actual tool trace for the side-by-side view and the scores.
 *
 * 0. A failed actual call (`failed`) that the agent made again later (a later call of the same
 *    tool) is a `retry` of that call: it is neither paired nor an extra call.
 * 1. An expected call is paired with an actual call of the same tool whose arguments equal it
 *    (as JSON values, see {@link valuesEqual}) when there is one: the longest common
 *    subsequence of such pairs, in order (`match`).
 * 2. Between those pairs, the longest common subsequence of tool names pairs the rest in order
 *    (`match`, with arguments that differ). Ties prefer reporting the expected call first, so
 *    a substituted call reads as "missing A, extra B" in that order.
 * 3. Of the calls left over, an expected and an actual call with the same name are paired in
 *    order as `misordered` (equal arguments first), since such a pair would cross a match.
 * 4. Whatever is still unpaired is `missing` (expected) or `extra` (actual).
 *
 * With `orderFree`, steps 1–3 pair in any order (equal arguments first) and every pair is a
 * `match`. Rows follow the expected trace, with extra and retried calls placed where they
 * occurred; a misordered row stands at its expected position and names its actual position.
 *
 * @example alignTraces([{name:'A',arguments:{}},{name:'B',arguments:{}}], [{name:'B',arguments:{}},{name:'A',arguments:{}}])
 *   // → A match (0↔1), B misordered (1↔0)
 */
export function alignTraces(expected: readonly TraceCall[], actual: readonly TraceCall[], options: AlignOptions = {}): TraceAlignmentRow[] {
  // The import aligns every conversation it reads (100,000 of them): no spreads, slices, sets
  // or maps below where the usual trace (every call paired in order) needs none.
  const retriedBy = retriedAttempts(actual);
  const candidates: number[] = [];
  for (let j = 0; j < actual.length; j++) if (!retriedBy.has(j)) candidates.push(j);
  const equalCache = new PairCache(expected.length, actual.length);
  const argumentsMatch = (i: number, j: number): boolean => {
    let equal = equalCache.get(i, j);
    if (equal === undefined) {
      const act = actual[j]!.arguments;
      equal = act !== null && valuesEqual(expected[i]!.arguments ?? {}, act);
      equalCache.set(i, j, equal);
    }
    return equal;
  };
  const sameName = (i: number, j: number) => expected[i]!.name === actual[j]!.name;
  const sameCall = (i: number, j: number) => sameName(i, j) && argumentsMatch(i, j);
  const allExpected = expected.map((_, i) => i);
  const nameOf = (j: number) => actual[j]!.name;
  const expectedName = (i: number) => expected[i]!.name;

  let chain: [number, number][];
  let crossing: ReadonlyMap<number, number>;
  if (options.orderFree) {
    const anyOrder = pairAnyOrder(allExpected, candidates, [sameCall, sameName], expectedName, nameOf);
    // Rows still follow the expected trace: the in-order part of the pairs is walked, the rest stand at their expected position.
    chain = increasingChain(anyOrder);
    const inChain = new Set(chain.map(([i]) => i));
    crossing = new Map(anyOrder.filter(([i]) => !inChain.has(i)));
  } else {
    const strong = inOrderPairs(allExpected, candidates, sameCall, expectedName, nameOf);
    chain = [];
    let ei = 0;
    let next = 0; // position in candidates
    for (let s = 0; s <= strong.length; s++) {
      // After the last strong pair, the gap runs to the end of both traces.
      const [pi, pj] = s < strong.length ? strong[s]! : [expected.length, actual.length];
      const gapStart = next;
      while (next < candidates.length && candidates[next]! < pj) next++;
      if (ei < pi && gapStart < next) {
        for (const pair of inOrderPairs(allExpected.slice(ei, pi), candidates.slice(gapStart, next), sameName, expectedName, nameOf)) chain.push(pair);
      }
      if (pi < expected.length) chain.push([pi, pj]);
      ei = pi + 1;
      next++; // pj itself
    }
    // Calls left unpaired on both sides may pair across the chain (chain pairs take distinct
    // expected calls and distinct candidates, so the lengths say whether any are left).
    crossing = NO_PAIRS;
    if (chain.length < expected.length && chain.length < candidates.length) {
      const pairedExpected = new Set(chain.map(([i]) => i));
      const pairedActual = new Set(chain.map(([, j]) => j));
      crossing = new Map(
        pairAnyOrder(
          allExpected.filter((i) => !pairedExpected.has(i)),
          candidates.filter((j) => !pairedActual.has(j)),
          [sameCall, sameName],
          expectedName,
          nameOf,
        ),
      );
    }
  }
  return buildRows(expected, actual, chain, crossing, options.orderFree ? 'match' : 'misordered', retriedBy);
}

/**
 * Failed calls made again later: actual position → position of the next call of the same tool.
 * An agent whose call failed and who called the same tool again was retrying it.
 */
function retriedAttempts(actual: readonly TraceCall[]): ReadonlyMap<number, number> {
  if (!actual.some((call) => call.failed)) return NO_PAIRS;
  const retried = new Map<number, number>();
  const nextOfName = new Map<string, number>();
  for (let j = actual.length - 1; j >= 0; j--) {
    const call = actual[j]!;
    const next = nextOfName.get(call.name);
    if (call.failed && next !== undefined) retried.set(j, next);
    nextOfName.set(call.name, j);
  }
  return retried;
}

/** No pairs (no crossing pairs, no retried calls: the usual trace). */
const NO_PAIRS: ReadonlyMap<number, number> = new Map();

/**
 * A boolean per (expected, actual) pair, unknown until set: one byte per pair up to the size the
 * alignment tables go to, a map of the pairs asked about beyond (a pathological trace).
 */
class PairCache {
  private readonly bytes: Uint8Array | null;
  private readonly map: Map<number, boolean> | null;

  constructor(
    expected: number,
    private readonly actual: number,
  ) {
    const small = expected * actual <= MAX_ALIGNMENT_CELLS;
    this.bytes = small ? new Uint8Array(expected * actual) : null;
    this.map = small ? null : new Map();
  }

  get(i: number, j: number): boolean | undefined {
    const key = i * this.actual + j;
    if (this.map) return this.map.get(key);
    const known = this.bytes![key];
    return known === 0 ? undefined : known === 1;
  }

  set(i: number, j: number, value: boolean): void {
    const key = i * this.actual + j;
    if (this.map) this.map.set(key, value);
    else this.bytes![key] = value ? 1 : 2;
  }
}

type Same = (i: number, j: number) => boolean;
type NameOf = (index: number) => string;

/** In-order pairs (a longest common subsequence under `same`) of two index lists; greedy when too large. */
function inOrderPairs(exp: readonly number[], act: readonly number[], same: Same, expectedName: NameOf, actualName: NameOf): [number, number][] {
  if (exp.length === 0 || act.length === 0) return [];
  if (exp.length * act.length > MAX_ALIGNMENT_CELLS) return greedyPairs(exp, act, same, expectedName, actualName);
  // Calls that pair position by position from the start are paired without the table: when the
  // first two pair, some longest common subsequence pairs them, and the walk below takes that
  // pair first. The usual trace (the expected calls made as expected) needs no table at all.
  const pairs: [number, number][] = [];
  let start = 0;
  while (start < exp.length && start < act.length && same(exp[start]!, act[start]!)) {
    pairs.push([exp[start]!, act[start]!]);
    start++;
  }
  const m = exp.length;
  const n = act.length;
  if (start === m || start === n) return pairs;
  const width = n + 1;
  // suffix[a][b] = LCS length of exp[a..] and act[b..] (rows and columns before `start` unused)
  const suffix = new Uint32Array((m + 1) * width);
  for (let a = m - 1; a >= start; a--) {
    for (let b = n - 1; b >= start; b--) {
      suffix[a * width + b] = same(exp[a]!, act[b]!)
        ? suffix[(a + 1) * width + b + 1]! + 1
        : Math.max(suffix[(a + 1) * width + b]!, suffix[a * width + b + 1]!);
    }
  }
  let a = start;
  let b = start;
  while (a < m && b < n) {
    if (same(exp[a]!, act[b]!) && suffix[a * width + b] === suffix[(a + 1) * width + b + 1]! + 1) {
      pairs.push([exp[a++]!, act[b++]!]);
    } else if (suffix[(a + 1) * width + b]! >= suffix[a * width + b + 1]!) a++;
    else b++;
  }
  return pairs;
}

/**
 * In-order pairing without backtracking: each expected call takes the next actual call of its
 * tool it may pair with (only calls of the same tool are looked at, so a long trace stays fast).
 */
function greedyPairs(exp: readonly number[], act: readonly number[], same: Same, expectedName: NameOf, actualName: NameOf): [number, number][] {
  const byName = bucketsByName(act, actualName);
  const cursor = new Map<string, number>();
  const pairs: [number, number][] = [];
  let last = -1;
  for (const i of exp) {
    const name = expectedName(i);
    const list = byName.get(name);
    if (!list) continue;
    let k = cursor.get(name) ?? 0;
    while (k < list.length && list[k]! <= last) k++;
    cursor.set(name, k);
    let hit = k;
    while (hit < list.length && !same(i, list[hit]!)) hit++;
    if (hit < list.length) {
      last = list[hit]!;
      pairs.push([i, last]);
      cursor.set(name, hit + 1);
    }
  }
  return pairs;
}

/** Actual positions grouped by tool name, in order. */
function bucketsByName(act: readonly number[], actualName: NameOf): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  for (const j of act) {
    const list = byName.get(actualName(j));
    if (list) list.push(j);
    else byName.set(actualName(j), [j]);
  }
  return byName;
}

/**
 * Pairs regardless of order: for each rule in turn (equal calls, then same names), each
 * expected call still unpaired takes the first unpaired actual call the rule allows.
 */
function pairAnyOrder(exp: readonly number[], act: readonly number[], rules: Same[], expectedName: NameOf, actualName: NameOf): [number, number][] {
  const pairs: [number, number][] = [];
  const takenExpected = new Set<number>();
  const takenActual = new Set<number>();
  const byName = bucketsByName(act, actualName);
  for (const rule of rules) {
    for (const i of exp) {
      if (takenExpected.has(i)) continue;
      const j = byName.get(expectedName(i))?.find((k) => !takenActual.has(k) && rule(i, k));
      if (j === undefined) continue;
      takenExpected.add(i);
      takenActual.add(j);
      pairs.push([i, j]);
    }
  }
  return pairs.sort((x, y) => x[0] - y[0]);
}

/** The pairs (sorted by expected position) whose actual positions keep increasing, taken greedily. */
function increasingChain(pairs: readonly [number, number][]): [number, number][] {
  const chain: [number, number][] = [];
  for (const pair of pairs) if (chain.length === 0 || pair[1] > chain[chain.length - 1]![1]) chain.push(pair);
  return chain;
}

/** Walks both traces along the in-order chain, emitting the other rows in between. */
function buildRows(
  expected: readonly TraceCall[],
  actual: readonly TraceCall[],
  chain: readonly [number, number][],
  crossing: ReadonlyMap<number, number>,
  crossingStatus: 'match' | 'misordered',
  retriedBy: ReadonlyMap<number, number>,
): TraceAlignmentRow[] {
  const crossingActual = crossing.size === 0 ? NO_CALLS : new Set(crossing.values());
  const rows: TraceAlignmentRow[] = [];
  let i = 0;
  let j = 0;
  for (let c = 0; c <= chain.length; c++) {
    // After the last pair of the chain, both traces are walked to their ends.
    const [pi, pj] = c < chain.length ? chain[c]! : [expected.length, actual.length];
    for (; i < pi; i++) {
      const other = crossing.get(i);
      rows.push(other === undefined ? unpaired('missing', expected[i]!, i, null) : paired(crossingStatus, expected[i]!, actual[other]!, i, other));
    }
    for (; j < pj; j++) {
      if (crossingActual.has(j)) continue;
      const retry = retriedBy.get(j);
      if (retry === undefined) rows.push(unpaired('extra', actual[j]!, null, j));
      else rows.push({ ...unpaired('retry', actual[j]!, null, j), retriedBy: retry });
    }
    if (pi < expected.length) rows.push(paired('match', expected[pi]!, actual[pj]!, pi, pj));
    i = pi + 1;
    j = pj + 1;
  }
  return rows;
}

const NO_CALLS: ReadonlySet<number> = new Set();

function unpaired(status: 'missing' | 'extra' | 'retry', call: TraceCall, expectedIndex: number | null, actualIndex: number | null): TraceAlignmentRow {
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
