import { type CategoryCounts } from './categoryCounts';
import { type ContingencyTable } from './contingencyTable';
import { MISSING, type RatingTable } from './ratingTable';

/**
 * A rating table compressed to its distinct rows: units that received exactly the same ratings
 * from the same raters share a pattern. Every statistic depends on the units only through
 * these patterns and their frequencies, so 100,000 units on a 7-point scale with two raters
 * become at most 8 × 8 patterns — and a bootstrap resample is just a new frequency vector.
 */
export interface RatingPatterns {
  readonly raterCount: number;
  readonly levelCount: number;
  /** Number of distinct patterns. */
  readonly count: number;
  /** `ratings[p * raterCount + r]` = level index or MISSING. */
  readonly ratings: Int32Array;
  /** Units per pattern. */
  readonly frequency: Float64Array;
  /** Units with at least one rating (the sum of `frequency`). */
  readonly ratedUnits: number;
  /** Category counts per pattern (rows = patterns, weights = `frequency`). */
  readonly counts: CategoryCounts;
}

/**
 * Groups the units of a table by their rating pattern. Units nobody rated are left out: they
 * carry no information for any statistic.
 */
export function ratingPatterns(table: RatingTable): RatingPatterns {
  const r = table.raters.length;
  const k = table.levels.length;
  const cells = table.cells;
  const base = k + 1;
  // A numeric key (mixed radix over "level + 1") is much faster than a string key and exact
  // while base^r stays below 2^53; wider tables fall back to strings.
  const numericKeys = r * Math.log2(base) < 52;
  const index = new Map<number | string, number>();
  const firstUnit: number[] = [];
  const unitsPerPattern: number[] = [];
  let ratedUnits = 0;
  for (let u = 0; u < table.units.length; u++) {
    let rated = false;
    let key: number | string;
    if (numericKeys) {
      let value = 0;
      for (let j = 0; j < r; j++) {
        const level = cells[u * r + j];
        if (level !== MISSING) rated = true;
        value = value * base + (level + 1);
      }
      key = value;
    } else {
      const row = cells.subarray(u * r, u * r + r);
      rated = row.some((level) => level !== MISSING);
      key = row.join(',');
    }
    if (!rated) continue;
    let p = index.get(key);
    if (p === undefined) {
      p = firstUnit.length;
      index.set(key, p);
      firstUnit.push(u);
      unitsPerPattern.push(0);
    }
    unitsPerPattern[p] += 1;
    ratedUnits++;
  }

  const count = firstUnit.length;
  const ratings = new Int32Array(count * r);
  const counts = new Float64Array(count * k);
  firstUnit.forEach((u, p) => {
    for (let j = 0; j < r; j++) {
      const level = cells[u * r + j];
      ratings[p * r + j] = level;
      if (level !== MISSING) counts[p * k + level] += 1;
    }
  });
  const frequency = Float64Array.from(unitsPerPattern);
  return {
    raterCount: r,
    levelCount: k,
    count,
    ratings,
    frequency,
    ratedUnits,
    counts: { q: k, rows: count, counts, weights: frequency },
  };
}

/**
 * The contingency table of raters `a` and `b` when each pattern occurs `frequency[p]` times
 * (the observed frequencies, or a bootstrap resample's).
 */
export function pairTableFromPatterns(
  patterns: RatingPatterns,
  frequency: Float64Array,
  a: number,
  b: number,
): ContingencyTable {
  const k = patterns.levelCount;
  const r = patterns.raterCount;
  const table = new Float64Array(k * k);
  for (let p = 0; p < patterns.count; p++) {
    const x = patterns.ratings[p * r + a];
    const y = patterns.ratings[p * r + b];
    if (x !== MISSING && y !== MISSING) table[x * k + y] += frequency[p];
  }
  return { k, counts: table };
}
