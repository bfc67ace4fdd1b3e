import { RatingsInputError } from './ratingsInputError';

/**
 * One category of a question, in scale order. `value` is the numeric score that weighted
 * statistics use (weighted κ, AC2, interval α); nominal statistics ignore it.
 */
export interface Level {
  readonly name: string;
  readonly value: number;
}

/** A level as given by a schema or `--levels`: a name, optionally with its numeric value. */
export type LevelSpec = string | { name: string; value?: number };

/**
 * Normalises level specs into {@link Level}s. Numeric values default to the name when every
 * name is a number ("1,2,3,4,5" → 1…5) and to the 1-based position otherwise ("Bad,Ok,Good"
 * → 1, 2, 3), so equally spaced scales need no extra typing.
 *
 * @throws RatingsInputError on no levels, an empty or repeated name, or a mix of given and
 *   missing values.
 * @example toLevels(['Bad', 'Ok', 'Good']) // [{name:'Bad',value:1}, {name:'Ok',value:2}, {name:'Good',value:3}]
 */
export function toLevels(specs: readonly LevelSpec[]): Level[] {
  if (specs.length === 0) throw new RatingsInputError('levels: at least one level is required');
  const entries = specs.map((spec) => (typeof spec === 'string' ? { name: spec } : spec));
  const seen = new Set<string>();
  for (const { name } of entries) {
    if (name.trim() === '') throw new RatingsInputError('levels: a level name is empty');
    if (seen.has(name)) throw new RatingsInputError(`levels: "${name}" is listed twice`);
    seen.add(name);
  }
  const given = entries.filter((e) => e.value !== undefined).length;
  if (given > 0 && given < entries.length) {
    throw new RatingsInputError('levels: give a numeric value for every level or for none');
  }
  if (given === entries.length) {
    return entries.map(({ name, value }) => {
      if (!Number.isFinite(value)) throw new RatingsInputError(`levels: "${name}" has a value that is not a finite number`);
      return { name, value: value as number };
    });
  }
  const allNumeric = entries.every(({ name }) => isNumeric(name));
  return entries.map(({ name }, i) => ({ name, value: allNumeric ? Number(name) : i + 1 }));
}

/**
 * Parses a `--levels` argument: comma-separated names in scale order, each optionally
 * `name=value` ("Bad=1,Ok=2,Good=4").
 *
 * @throws RatingsInputError when the list is empty, a value is not a number, or names repeat.
 * @example parseLevelsSpec('low=0,high=10') // [{name:'low',value:0}, {name:'high',value:10}]
 */
export function parseLevelsSpec(spec: string): Level[] {
  const parts = spec.split(',').map((part) => part.trim());
  if (parts.length === 1 && parts[0] === '') throw new RatingsInputError('--levels: the list is empty');
  return toLevels(
    parts.map((part) => {
      const eq = part.lastIndexOf('=');
      if (eq < 0) return part;
      const name = part.slice(0, eq).trim();
      const raw = part.slice(eq + 1).trim();
      if (!isNumeric(raw)) throw new RatingsInputError(`--levels: "${part}" should be name=number`);
      return { name, value: Number(raw) };
    }),
  );
}

/**
 * The fallback universe when no schema or `--levels` was given: the observed values, sorted
 * numerically when all are numbers, else in code-point order. Callers must flag the result
 * (see `RatingTable.levelsInferred`): a category nobody used is then missing, which changes
 * every chance-corrected statistic.
 */
export function levelsFromObserved(values: Iterable<string>): Level[] {
  const distinct = [...new Set(values)];
  if (distinct.length === 0) return [];
  if (distinct.every(isNumeric)) {
    distinct.sort((a, b) => Number(a) - Number(b));
  } else {
    distinct.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  return toLevels(distinct);
}

function isNumeric(text: string): boolean {
  return text.trim() !== '' && Number.isFinite(Number(text));
}
