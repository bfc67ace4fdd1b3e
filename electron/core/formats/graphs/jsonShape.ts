import { shapeMessage } from '../shapeErrors';
import { FormatError, type Finding } from '../types';
import type { ExtraFields } from './model';

/**
 * Field readers for decoded JSON that fail with the field's path and what was expected, in the
 * wording of every JSON reader (`nodes[3].responsePathways[0].nextNodeId: expected a string,
 * found 42`; shapeErrors.ts), and copy unknown
 * fields without letting a `__proto__` key near an object's prototype.
 */
export class JsonShape {
  /**
   * @param line 1-based source line of the record, carried into every {@link FormatError}.
   * @param findings where notes about skipped reserved keys are collected.
   */
  constructor(
    readonly line: number | null,
    readonly findings: Finding[],
  ) {}

  /** Throws the FormatError for a field whose value has the wrong type. */
  fail(path: string, expected: string, value: unknown): never {
    throw new FormatError(shapeMessage(path || 'graph', expected, value), this.line, null, path || null);
  }

  /** The value as an object (not an array, not null). */
  object(value: unknown, path: string): Record<string, unknown> {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) this.fail(path, 'an object', value);
    return value as Record<string, unknown>;
  }

  /** A field that must be present and a string. */
  requiredString(obj: Record<string, unknown>, key: string, path: string): string {
    const value = ownField(obj, key);
    if (typeof value !== 'string') this.fail(fieldPath(path, key), 'a string', value);
    return value;
  }

  /** A field that may be absent or null, else must be a string. */
  optionalString(obj: Record<string, unknown>, key: string, path: string): string | null {
    const value = ownField(obj, key);
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') this.fail(fieldPath(path, key), 'a string', value);
    return value;
  }

  /** A field that may be absent or null (→ null), else must be an array. */
  optionalArray(obj: Record<string, unknown>, key: string, path: string): unknown[] | null {
    const value = ownField(obj, key);
    if (value === undefined || value === null) return null;
    if (!Array.isArray(value)) this.fail(fieldPath(path, key), 'an array', value);
    return value;
  }

  /** An optional array of strings (absent or null → empty). */
  stringList(obj: Record<string, unknown>, key: string, path: string): string[] {
    const list = this.optionalArray(obj, key, path) ?? [];
    const at = fieldPath(path, key);
    return list.map((entry, i) => {
      if (typeof entry !== 'string') this.fail(`${at}[${i}]`, 'a string', entry);
      return entry;
    });
  }

  /**
   * The fields of `obj` not in `known`, on a prototype-less object so that no key — not even
   * `constructor` — is inherited or can reach `Object.prototype`. A `__proto__` key is skipped
   * with a warning finding: stored JSON with that key invites prototype pollution downstream.
   */
  extra(obj: Record<string, unknown>, known: ReadonlySet<string>, path: string): ExtraFields {
    const extra = Object.create(null) as ExtraFields;
    for (const key of Object.keys(obj)) {
      if (known.has(key)) continue;
      if (key === '__proto__') {
        this.findings.push({
          validator: 'graph-reserved-key',
          severity: 'warning',
          location: null,
          message: `${fieldPath(path, key)}: field ignored; "__proto__" is a reserved name and is not stored`,
        });
        continue;
      }
      extra[key] = obj[key];
    }
    return extra;
  }
}

/** `path.key`, or `key` at the top level. */
export function fieldPath(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** An own property only: a missing `constructor` must read as absent, not as `Object`. */
function ownField(obj: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}
