/** A pair of raters as the analysis lists it. */
export type RaterPair = readonly [string, string];

/** Every pair of `raters` in the order the analysis lists its pairs: a–b, a–c, …, b–c, … */
export function everyPair(raters: readonly string[]): RaterPair[] {
  return raters.flatMap((a, i) => raters.slice(i + 1).map((b): RaterPair => [a, b]));
}

/** The pair with `first` first when it is one of the two; else as the analysis lists it. */
export function orientedPair([x, y]: RaterPair, first: string | null): [string, string] {
  return first === y ? [y, x] : [x, y];
}

/** Every rater in the pairs, in the analysis' order (its pairs run a–b, a–c, …, b–c, …). */
export function pairedRaters(pairs: readonly RaterPair[]): string[] {
  return [...new Set(pairs.flat())];
}

/** The raters `rater` has a pair with, in the analysis' order. */
export function partnersOf(pairs: readonly RaterPair[], rater: string): string[] {
  return pairs.flatMap(([x, y]) => (x === rater ? [y] : y === rater ? [x] : []));
}

/**
 * The pair to show after `rater` is chosen in the first list while `[shown, against]` is shown:
 * the same partner when there is a pair with them; the two swapped when `rater` is the one shown
 * against (rows and columns trade places); else `rater`'s first pair. Null when `rater` has none.
 */
export function pairForRater(pairs: readonly RaterPair[], rater: string, [shown, against]: RaterPair): number | null {
  const partner = rater === against ? shown : against;
  const found = pairOf(pairs, rater, partner);
  if (found !== null) return found;
  const first = pairs.findIndex(([x, y]) => x === rater || y === rater);
  return first >= 0 ? first : null;
}

/** The index of the pair of `a` and `b`, whichever way round the analysis lists it; null when they have none. */
export function pairOf(pairs: readonly RaterPair[], a: string, b: string): number | null {
  const index = pairs.findIndex(([x, y]) => (x === a && y === b) || (x === b && y === a));
  return index >= 0 ? index : null;
}
