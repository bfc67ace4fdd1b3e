import { FormatError, type MetadataValue } from '../types';
import type { Plan } from './model';
import { shapeMessage } from '../shapeErrors';
import { planFromText, planFromValue } from './readPlan';

/**
 * Readers for the fields of a plan record that fail with a {@link FormatError} naming the
 * field and what was expected, in the wording of every JSON reader (`plan_lineage[1]: expected
 * an object of steps or plan text, found 7`; shapeErrors.ts). They only ever read own properties, so a record key such as `constructor` or
 * `__proto__` is data, never something inherited.
 */
export class RecordFields {
  constructor(
    readonly record: Record<string, unknown>,
    readonly line: number,
  ) {}

  /** The value of an own field, `undefined` when absent. */
  get(key: string): unknown {
    return Object.hasOwn(this.record, key) ? this.record[key] : undefined;
  }

  /** Throws the FormatError for a field of the wrong type. */
  fail(field: string, expected: string, value: unknown): never {
    throw new FormatError(shapeMessage(field, expected, value), this.line, null, field);
  }

  /** An id: a non-blank string (trimmed) or a finite number; `null` when absent, null or blank. */
  id(key: string): string | null {
    const value = this.get(key);
    if (value === undefined || value === null) return null;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value !== 'string') this.fail(key, 'a string or a number', value);
    return value.trim() === '' ? null : value.trim();
  }

  /** Text; `null` when absent or null (a CSV cell is always text, so blank cells count as absent there). */
  text(key: string, blankIsAbsent = false): string | null {
    const value = this.get(key);
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') this.fail(key, 'a string', value);
    return blankIsAbsent && value.trim() === '' ? null : value;
  }

  /** A yes/no flag: a boolean, 0 / 1, or the text true/false/yes/no/1/0 (any case); `null` when absent or blank. */
  flag(key: string): boolean | null {
    const value = this.get(key);
    if (value === undefined || value === null) return null;
    if (typeof value === 'boolean') return value;
    if (value === 0 || value === 1) return value === 1;
    if (typeof value === 'string') {
      const word = value.trim().toLowerCase();
      if (word === '') return null;
      if (['true', 'yes', 'y', '1'].includes(word)) return true;
      if (['false', 'no', 'n', '0'].includes(word)) return false;
    }
    return this.fail(key, 'true or false', value);
  }

  /**
   * A plan field: an object of steps, or plan text read tolerantly; `null` when absent or
   * null. An array or an object of the wrong shape is kept as an invalid plan (a finding, not a
   * rejected file: generated plans are often malformed and reviewers need to see them).
   */
  plan(key: string, field = key): Plan | null {
    const value = this.get(key);
    return value === undefined || value === null ? null : this.planValue(value, field);
  }

  /** A plan version list: an array whose entries are plans as {@link RecordFields.plan} reads them. */
  lineage(key: string): Plan[] {
    const value = this.get(key);
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) this.fail(key, 'a list of plan versions', value);
    return value.map((entry, i) => this.planValue(entry, `${key}[${i}]`));
  }

  private planValue(value: unknown, field: string): Plan {
    if (typeof value === 'string') return planFromText(value, field);
    if (value !== null && typeof value === 'object') return planFromValue(value, field);
    return this.fail(field, 'an object of steps or plan text', value);
  }

  /** Own fields other than `known`, for `extra`; `__proto__` stays an ordinary key. */
  rest(known: readonly string[]): Record<string, unknown> {
    return Object.fromEntries(Object.entries(this.record).filter(([key]) => !known.includes(key)));
  }
}

/** The scalar entries of `extra` (strings, numbers, booleans, null), as metadata. */
export function scalarFields(extra: Record<string, unknown>): Record<string, MetadataValue> {
  return Object.fromEntries(
    Object.entries(extra).filter(
      (entry): entry is [string, MetadataValue] =>
        entry[1] === null || ['string', 'number', 'boolean'].includes(typeof entry[1]),
    ),
  );
}
