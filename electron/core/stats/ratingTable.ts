import { type Level, type LevelSpec, levelsFromObserved, toLevels } from './levels';
import { RatingsInputError } from './ratingsInputError';

/** Marks a missing rating in {@link RatingTable.cells}. */
export const MISSING = -1;

/** One rating in long format, as read from a CSV or the workspace. `value: null` = not rated. */
export interface RatingRow {
  readonly unit: string;
  readonly rater: string;
  readonly value: string | null;
  /** 1-based source line, for error messages. */
  readonly line?: number;
}

/**
 * The input model of every statistic: units × raters, each cell the index of a level in
 * `levels` or {@link MISSING}. Stored row-major in one typed array so a 100,000-unit table is
 * one allocation and the statistics can scan it without touching strings.
 */
export interface RatingTable {
  /** Unit ids, in first-seen order. */
  readonly units: readonly string[];
  /** Rater ids, in first-seen order. */
  readonly raters: readonly string[];
  /** The category universe in scale order (from a schema or `--levels`). */
  readonly levels: readonly Level[];
  /** `cells[u * raters.length + r]` = level index or MISSING. */
  readonly cells: Int32Array;
  /** True when `levels` were inferred from the observed values (no schema, no `--levels`). */
  readonly levelsInferred: boolean;
}

/** Options of {@link buildRatingTable}. */
export interface BuildRatingTableOptions {
  /** The category universe. Omit only when none is known; the table is then flagged. */
  readonly levels?: readonly LevelSpec[];
}

/**
 * Builds a {@link RatingTable} from long-format rows `{unit, rater, value}`.
 *
 * Values are matched to level names exactly (after trimming). A rater appearing on a unit
 * with `value: null` counts as "not rated" for that unit.
 *
 * @throws RatingsInputError naming the line (when known) for an empty unit or rater id, a
 *   value outside the levels, or a rater rating the same unit twice.
 * @example
 *   buildRatingTable([{unit:'u1',rater:'ana',value:'yes'},{unit:'u1',rater:'ben',value:'no'}],
 *                    {levels:['no','yes']}).cells // Int32Array [1, 0]
 */
export function buildRatingTable(rows: readonly RatingRow[], options: BuildRatingTableOptions = {}): RatingTable {
  const unitIndex = new Map<string, number>();
  const raterIndex = new Map<string, number>();
  // One lookup per row and key, kept for the second pass; an id is checked for emptiness only
  // the first time it is seen (an empty id fails there as it would on any later row).
  const unitOf = new Int32Array(rows.length);
  const raterOf = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    let u = unitIndex.get(row.unit);
    if (u === undefined) {
      if (row.unit.trim() === '') throw new RatingsInputError('the unit is empty', row.line);
      u = unitIndex.size;
      unitIndex.set(row.unit, u);
    }
    let r = raterIndex.get(row.rater);
    if (r === undefined) {
      if (row.rater.trim() === '') throw new RatingsInputError('the rater is empty', row.line);
      r = raterIndex.size;
      raterIndex.set(row.rater, r);
    }
    unitOf[i] = u;
    raterOf[i] = r;
  }

  const levelsInferred = options.levels === undefined;
  const levels = levelsInferred
    ? levelsFromObserved(rows.flatMap((row) => (row.value === null ? [] : [row.value.trim()])))
    : toLevels(options.levels as readonly LevelSpec[]);
  const levelIndex = new Map(levels.map((level, i) => [level.name, i]));

  const raterCount = raterIndex.size;
  const cells = new Int32Array(unitIndex.size * raterCount).fill(MISSING);
  const seen = new Uint8Array(cells.length);
  // Raw values repeat (a handful of levels over many rows): remember the last one's index.
  let lastRaw: string | null = null;
  let lastIndex = MISSING;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const cell = unitOf[i] * raterCount + raterOf[i];
    if (seen[cell] === 1) {
      // Rare path: look the first occurrence up only when reporting the error.
      const first = rows.find((other) => other.unit === row.unit && other.rater === row.rater)?.line;
      const where = first === undefined ? '' : ` (first on line ${first})`;
      throw new RatingsInputError(`rater "${row.rater}" rated unit "${row.unit}" twice${where}`, row.line);
    }
    seen[cell] = 1;
    const raw = row.value;
    if (raw === null) continue;
    if (raw === lastRaw) {
      cells[cell] = lastIndex;
      continue;
    }
    const value = raw.trim();
    if (value === '') continue;
    const index = levelIndex.get(value);
    if (index === undefined) {
      const names = levels.map((level) => level.name).join(', ');
      throw new RatingsInputError(`value "${value}" is not one of the levels (${names})`, row.line);
    }
    cells[cell] = index;
    lastRaw = raw;
    lastIndex = index;
  }
  return { units: [...unitIndex.keys()], raters: [...raterIndex.keys()], levels, cells, levelsInferred };
}

/**
 * Builds a {@link RatingTable} directly from a units × raters matrix of level indices
 * (`null` = missing); convenient for tests and for callers that already hold wide data.
 *
 * @throws RatingsInputError when a row has the wrong length or an index is outside the levels.
 */
export function ratingTableFromMatrix(
  matrix: readonly (readonly (number | null)[])[],
  levels: readonly LevelSpec[],
  raters?: readonly string[],
): RatingTable {
  const resolved = toLevels(levels);
  const raterCount = raters?.length ?? matrix[0]?.length ?? 0;
  const cells = new Int32Array(matrix.length * raterCount).fill(MISSING);
  matrix.forEach((row, u) => {
    if (row.length !== raterCount) {
      throw new RatingsInputError(`row ${u + 1} has ${row.length} ratings, expected ${raterCount}`);
    }
    row.forEach((value, r) => {
      if (value === null) return;
      if (!Number.isInteger(value) || value < 0 || value >= resolved.length) {
        throw new RatingsInputError(`row ${u + 1}: level index ${value} is outside 0…${resolved.length - 1}`);
      }
      cells[u * raterCount + r] = value;
    });
  });
  return {
    units: matrix.map((_, u) => String(u + 1)),
    raters: raters ? [...raters] : Array.from({ length: raterCount }, (_, r) => `rater${r + 1}`),
    levels: resolved,
    cells,
    levelsInferred: false,
  };
}
