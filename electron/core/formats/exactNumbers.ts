/**
 * Exact numbers: the one place that decides what happens to JSON number literals a double
 * cannot hold, and how numbers are compared exactly.
 *
 * `JSON.parse` turns `12345678901234567891` into 12345678901234567000 (two ids that differ in
 * the last digit become equal) and `1e999` into Infinity (which `JSON.stringify` then writes
 * as `null`). {@link parseJsonExactly} keeps every such literal as written, as a string:
 *
 * - an integer beyond ±(2^53 − 1) becomes the string of its digits (`"12345678901234567891"`),
 *   stored and compared exactly;
 * - a number outside the range of a double (`1e999`, or `1e-999`, which would become 0) becomes
 *   the string as written (`"1e999"`), and is reported (`OutOfRangeNumber`) so the importer can
 *   add a finding.
 *
 * Node 20's `JSON.parse` reviver has no `context.source` (Node ≥ 21 does), and a parser written
 * in JavaScript (lossless-json, json-bigint) is several times slower than the native one on the
 * millions of records an import reads. So: a cheap regular-expression test first (no literal
 * of 16 digits or with a 3-digit exponent: the native parse is exact, the usual case); only
 * when it hits, a scan for the literals themselves, which are swapped for marker strings
 * before the native parse and swapped back by a reviver.
 */

/** Digit runs and exponents that may mean a literal no double holds; anything else is exact. */
const MAY_BE_INEXACT = /\d{16}|[eE][+-]?\d{3}/;
/** One JSON number literal (the grammar's, so `-` only as a sign). */
const NUMBER_LITERAL = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** A plain integer as text: an optional sign and digits, no leading zero (`04101` is an id, text). */
const INTEGER_TEXT = /^[+-]?(?:0|[1-9]\d*)$/;

/** A number literal a double could not hold, kept as written. */
export interface InexactLiteral {
  /** The literal as written, e.g. `1e999` or `12345678901234567891`. */
  raw: string;
  /** The property name it was the value of, or its array index; null for a bare value. */
  key: string | null;
  /** `big-integer`: exact as text; `out-of-range`: no double comes near it (reported as a finding). */
  kind: 'big-integer' | 'out-of-range';
  /** Character offset of the literal in the parsed text. */
  offset: number;
}

/**
 * Parses JSON like `JSON.parse`, but every number literal a double cannot hold exactly (see the
 * file comment) comes out as a string holding the literal as written, and is listed in
 * `inexact` when given. Throws what `JSON.parse` throws for invalid text (positions refer to
 * the text as given).
 *
 * @example parseJsonExactly('{"id": 12345678901234567891, "x": 1e999}')
 *   // → { id: '12345678901234567891', x: '1e999' }
 */
export function parseJsonExactly(text: string, inexact?: InexactLiteral[]): unknown {
  if (!MAY_BE_INEXACT.test(text)) return JSON.parse(text);
  const found = inexactLiterals(text);
  if (found.length === 0) return JSON.parse(text);
  let rewritten = '';
  let from = 0;
  found.forEach(({ start, end }, i) => {
    rewritten += text.slice(from, start) + JSON.stringify(MARKER + i);
    from = end;
  });
  rewritten += text.slice(from);
  let parsed: unknown;
  try {
    parsed = JSON.parse(rewritten, function revive(this: unknown, key: string, value: unknown) {
      if (typeof value !== 'string' || !value.startsWith(MARKER)) return value;
      const literal = found[Number(value.slice(MARKER.length))];
      const entry: InexactLiteral = { raw: literal.raw, key: key === '' && !Array.isArray(this) ? null : key, kind: literal.kind, offset: literal.start };
      inexact?.push(entry);
      if (ambient !== null && ambient !== inexact) ambient.push(entry);
      return literal.raw;
    });
  } catch {
    // The text is not valid JSON: the native parse of the text itself says where.
    return JSON.parse(text);
  }
  return parsed;
}

/** Where {@link collectingInexact} lists the literals met meanwhile; null outside it. */
let ambient: InexactLiteral[] | null = null;

/**
 * Runs `read` and lists in `into` every literal a double cannot hold that any parse inside it
 * meets — also those in JSON text nested in a string (a tool call's `arguments`, a tool's output),
 * which readers parse on their own — so the importer knows every integer the record wrote bare
 * (electron/common/numbersAsWritten.ts). Parsing is synchronous, so one list at a time suffices.
 */
export function collectingInexact<T>(into: InexactLiteral[], read: () => T): T {
  const outer = ambient;
  ambient = into;
  try {
    return read();
  } finally {
    ambient = outer;
  }
}

/**
 * Marks a literal inside the rewritten text. A NUL cannot stand unescaped in JSON text, and the
 * random part keeps a string the source wrote from ever being taken for a marker.
 */
const MARKER = `\u0000exact-${Math.random().toString(36).slice(2)}:`;

interface FoundLiteral {
  start: number;
  end: number;
  raw: string;
  kind: InexactLiteral['kind'];
}

/** The number literals outside strings that a double cannot hold, in text order. */
function inexactLiterals(text: string): FoundLiteral[] {
  const found: FoundLiteral[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i = endOfString(text, i + 1);
      continue;
    }
    if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      NUMBER_LITERAL.lastIndex = i;
      const match = NUMBER_LITERAL.exec(text);
      if (!match) {
        i++;
        continue;
      }
      const raw = match[0];
      const kind = inexactKind(raw);
      if (kind) found.push({ start: i, end: i + raw.length, raw, kind });
      i += raw.length;
      continue;
    }
    i++;
  }
  return found;
}

/** Index just past the string whose body starts at `from` (past the end for an unclosed one). */
function endOfString(text: string, from: number): number {
  let i = from;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let backslashes = 0;
    for (let k = quote - 1; k >= from && text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** Why a literal cannot be a double exactly, or null when it can (as far as JSON promises). */
export function inexactKind(raw: string): InexactLiteral['kind'] | null {
  const value = Number(raw);
  if (!Number.isFinite(value)) return 'out-of-range';
  const isInteger = !/[.eE]/.test(raw);
  if (isInteger) return Number.isSafeInteger(value) ? null : 'big-integer';
  // Underflow: a literal with a non-zero digit before its exponent that comes out as 0.
  if (value === 0 && /[1-9]/.test(raw.replace(/[eE].*$/, ''))) return 'out-of-range';
  return null;
}

/**
 * A number literal read by one of the hand-written readers (call syntax `f(id=…)`, the tolerant
 * plan reader) as {@link parseJsonExactly} would leave it: a number when a double holds it
 * exactly, else the literal as written (so `12345678901234567891` keeps its digits).
 *
 * @example exactNumberValue('42') // → 42
 * @example exactNumberValue('12345678901234567891') // → '12345678901234567891'
 */
export function exactNumberValue(raw: string): number | string {
  const kind = inexactKind(raw);
  if (kind === null) return Number(raw);
  ambient?.push({ raw, key: null, kind, offset: 0 });
  return raw;
}

/**
 * An integer as exact text, or null: a safe-integer number, or a string holding a plain
 * integer (as {@link parseJsonExactly} leaves big ones). `+7` and `7` give the same text.
 */
export function exactIntegerText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!INTEGER_TEXT.test(text)) return null;
  const unsigned = text.replace(/^[+-]/, '');
  return text.startsWith('-') && unsigned !== '0' ? `-${unsigned}` : unsigned;
}

/**
 * Whether two values are the same integer, compared digit by digit (no rounding), or null when
 * either is not an integer in the sense of {@link exactIntegerText}.
 *
 * @example integersEqual('12345678901234567891', '12345678901234567892') // → false
 */
export function integersEqual(a: unknown, b: unknown): boolean | null {
  const x = exactIntegerText(a);
  const y = exactIntegerText(b);
  return x === null || y === null ? null : x === y;
}

/** The message of the finding an out-of-range literal gets. */
export function outOfRangeMessage(literal: InexactLiteral): string {
  const where = literal.key === null ? '' : ` in "${literal.key}"`;
  return `number ${literal.raw}${where} is outside the range of a double; kept as written, as text`;
}
