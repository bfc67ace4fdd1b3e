import { integersEqual } from '../exactNumbers';
import { MAX_JSON_DEPTH } from '../json';

/** A plain decimal number; a leading zero (`04101`, a zip code or an id) makes it text. */
const NUMERIC = /^[+-]?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Whether an actual parameter value counts as equal to the expected one. Agents write the
 * same value in many harmless ways, so values are normalised before comparing:
 *
 * - strings: Unicode NFC, trimmed, inner whitespace runs collapsed to one space, lower-cased
 *   (`' SO-1042 '` equals `'so-1042'`);
 * - numbers: integers compare exactly, digit by digit, however long (ids: `12345678901234567891`
 *   never equals `…892`; the importer keeps integers beyond 2^53 as their digits, see
 *   exactNumbers.ts); other numbers are equal within a relative 1e-9 (`0.1 + 0.2` equals `0.3`);
 *   a string holding a plain decimal number equals that number (`"88213"` equals `88213`, but
 *   `"04101"` — a zip code or an id — stays text and does not equal `4101`);
 * - booleans: a string `"true"` / `"false"` (any case) equals the boolean;
 * - `null` equals only `null`; an absent parameter never equals anything;
 * - arrays: same length, elements equal in order; objects: same keys, values equal.
 *
 * Values nested deeper than the import limit compare unequal rather than recursing further.
 *
 * @example valuesEqual({ orderId: 'SO-1042' }, { orderId: ' so-1042' }) // → true
 */
export function valuesEqual(expected: unknown, actual: unknown): boolean {
  return equalAt(expected, actual, 0);
}

/** The string form {@link valuesEqual} compares. */
export function normaliseString(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

function equalAt(a: unknown, b: unknown, depth: number): boolean {
  if (depth > MAX_JSON_DEPTH) return false;
  if (typeof a === 'string' && typeof b === 'string') return a === b || integersEqual(a, b) === true || normaliseString(a) === normaliseString(b);
  if (typeof a === 'number' || typeof b === 'number') return numbersEqual(a, b);
  if (typeof a === 'boolean' || typeof b === 'boolean') return booleansEqual(a, b);
  if (a === null || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equalAt(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (typeof a === 'object' && typeof b === 'object' && a !== undefined && b !== undefined) {
    const aKeys = Object.keys(a);
    if (aKeys.length !== Object.keys(b).length) return false;
    for (const key of aKeys) {
      if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
      if (!equalAt((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1)) return false;
    }
    return true;
  }
  return false;
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  return null;
}

function numbersEqual(a: unknown, b: unknown): boolean {
  // Ids are integers: a relative tolerance would make 14-digit ids that differ in the last digit
  // equal. Only where one side is not an integer does the tolerance apply.
  const exact = integersEqual(a, b);
  if (exact !== null) return exact;
  const x = asNumber(a);
  const y = asNumber(b);
  if (x === null || y === null) return false;
  return x === y || Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
}

function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : null;
}

function booleansEqual(a: unknown, b: unknown): boolean {
  const x = asBoolean(a);
  const y = asBoolean(b);
  return x !== null && x === y;
}
