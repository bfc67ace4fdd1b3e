import { shapeMessage } from '../shapeErrors';
import { FormatError } from '../types';

/**
 * Shape checks for decoded source records. Each throws a {@link FormatError} whose message
 * starts with the field's path, in the wording of every JSON reader (shapeErrors.ts), e.g.
 * `messages[4].tool_calls[0].function.name: expected a string, found null`. Reads go through own properties only, so a record without a
 * `constructor` field never yields `Object`, and a `__proto__` field is just a field.
 */

/** A decoded JSON object (own, enumerable properties only are read). */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value of an own property, `undefined` when the object does not have it itself. */
export function own(object: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

/** Whether the object has the property itself. */
export function hasOwn(object: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** The error for a field that holds the wrong kind of value. */
export function shapeError(field: string, expected: string, value: unknown, line: number | null): FormatError {
  return new FormatError(shapeMessage(field, expected, value), line, null, field);
}

/** Requires a JSON object. */
export function requireObject(value: unknown, field: string, line: number | null): JsonObject {
  if (!isObject(value)) throw shapeError(field, 'an object', value, line);
  return value;
}

/** Requires a JSON array. */
export function requireArray(value: unknown, field: string, line: number | null): unknown[] {
  if (!Array.isArray(value)) throw shapeError(field, 'an array', value, line);
  return value;
}

/** Requires a string. */
export function requireString(value: unknown, field: string, line: number | null): string {
  if (typeof value !== 'string') throw shapeError(field, 'a string', value, line);
  return value;
}

/** A string, or `null` when the field is absent or null. */
export function optionalString(value: unknown, field: string, line: number | null): string | null {
  if (value === undefined || value === null) return null;
  return requireString(value, field, line);
}

/** An id-like value: a string, or a number written as a string; `null` when absent or null. */
export function optionalId(value: unknown, field: string, line: number | null): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value;
  throw shapeError(field, 'a string or a number', value, line);
}

/** A finite number, or `null` when absent or null. */
export function optionalNumber(value: unknown, field: string, line: number | null): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw shapeError(field, 'a number', value, line);
  return value;
}

/** A timestamp: epoch number or string; `null` when absent or null. */
export function optionalTimestamp(value: unknown, field: string, line: number | null): number | string | null {
  if (value === undefined || value === null) return null;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string') return value;
  throw shapeError(field, 'a number or a string', value, line);
}

/**
 * The fields of `record` that are not in `known`, as a fresh object, or `undefined` when
 * there are none. Built with `Object.fromEntries`, which defines properties, so a `__proto__`
 * key stays an ordinary field instead of replacing the copy's prototype.
 */
export function unknownFields(record: JsonObject, known: ReadonlySet<string>): JsonObject | undefined {
  let entries: [string, unknown][] | undefined;
  // for…in rather than Object.keys: no array per call (most records and messages have no
  // unknown field), in the same order; own keys only.
  for (const key in record) {
    if (known.has(key) || !Object.prototype.hasOwnProperty.call(record, key)) continue;
    (entries ??= []).push([key, record[key]]);
  }
  return entries ? Object.fromEntries(entries) : undefined;
}

/** Sets a property by definition (safe for `__proto__` and other inherited names). */
export function defineField(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
