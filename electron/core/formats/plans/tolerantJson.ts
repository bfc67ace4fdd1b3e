import { exactNumberValue } from '../exactNumbers';
import { lineColumnAt, MAX_JSON_DEPTH } from '../json';
import { findCallEnd, findQuotedEnd } from './quotedText';

/** A position-tagged problem in JSON-like text; `line`/`column` are 1-based, `offset` 0-based. */
export interface JsonTextIssue {
  message: string;
  offset: number;
  line: number;
  column: number;
}

/** Own entries of an object produced by the reader, in source order, repeated keys included. */
export type EntriesOf = (value: object) => [string, unknown][];

/** The outcome of {@link parseTolerantJson}. */
export type TolerantJsonResult =
  | {
      ok: true;
      value: unknown;
      /** Where the text first stopped being strict JSON; `null` when `JSON.parse` would accept it. */
      strictError: JsonTextIssue | null;
      /**
       * Source-order entries of any object in `value`. Plain objects lose both the order of
       * integer-like keys (`{2: …, 1: …}` enumerates 1 first) and repeated keys; plan steps
       * need both, so the reader keeps them here.
       */
      entriesOf: EntriesOf;
    }
  | {
      ok: false;
      /** The first departure from strict JSON (the same as `error` when nothing came before it). */
      strictError: JsonTextIssue;
      /** Where and why even the tolerant reading failed. */
      error: JsonTextIssue;
    };

class ReadFailure {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

const STRICT_NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LOOSE_NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const IDENTIFIER = /[A-Za-z_$][\w$]*/y;
const WORD_VALUES: Record<string, unknown> = { True: true, False: false, None: null, undefined: null };
const JSON_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Reads JSON and the JSON-like text planners write, in one pass that also notes where the text
 * first departs from strict JSON. Accepted beyond JSON (each noted as a departure):
 * unquoted keys (`{ 1: … }`, `{ step: … }`), single-quoted strings, unquoted calls as values
 * (`"step": T2S([], "…")`, kept as their source text), trailing commas, `True`/`False`/`None`,
 * bare words (kept as strings), numbers such as `+1`, `.5`, `01`, raw control characters and
 * unknown escapes inside strings, and non-JSON whitespace. Never accepted: missing commas or
 * colons, unclosed strings or brackets, text after the value, nesting deeper than
 * {@link MAX_JSON_DEPTH} (read recursively, so the limit also protects the stack).
 *
 * Objects are plain objects whose keys are own data properties, so a `__proto__` key is just a
 * key: it neither changes the object's prototype nor pollutes `Object.prototype`.
 *
 * Positions are UTF-16 offsets; columns count UTF-16 code units from 1.
 *
 * @example parseTolerantJson('{ 1: {"step": T2S([], "x")}, }')
 *   // → ok, value { "1": { step: 'T2S([], "x")' } }, strictError at line 1, column 3
 */
export function parseTolerantJson(text: string): TolerantJsonResult {
  const reader = new TolerantReader(text);
  try {
    const value = reader.readDocument();
    const entries = reader.entries;
    return {
      ok: true,
      value,
      strictError: reader.departure ? issue(text, reader.departure) : null,
      entriesOf: (obj) => entries.get(obj) ?? Object.entries(obj),
    };
  } catch (failure) {
    if (!(failure instanceof ReadFailure)) throw failure;
    const error = issue(text, failure);
    const departure = reader.departure && reader.departure.offset <= failure.offset ? issue(text, reader.departure) : error;
    return { ok: false, strictError: departure, error };
  }
}

function issue(text: string, at: { offset: number; message: string }): JsonTextIssue {
  const { line, column } = lineColumnAt(text, at.offset);
  return { message: at.message, offset: at.offset, line, column };
}

class TolerantReader {
  pos = 0;
  depth = 0;
  departure: ReadFailure | null = null;
  readonly entries = new WeakMap<object, [string, unknown][]>();

  constructor(readonly text: string) {}

  readDocument(): unknown {
    this.skipSpace();
    if (this.pos >= this.text.length) this.fail(this.pos, this.text.length === 0 ? 'the text is empty' : 'the text is blank');
    const value = this.readValue();
    this.skipSpace();
    if (this.pos < this.text.length) this.fail(this.pos, `unexpected ${this.describeHere()} after the end of the value`);
    return value;
  }

  private depart(offset: number, message: string): void {
    if (!this.departure) this.departure = new ReadFailure(offset, message);
  }

  private fail(offset: number, message: string): never {
    throw new ReadFailure(offset, message);
  }

  private describeHere(): string {
    const ch = this.text[this.pos];
    if (ch === undefined) return 'end of text';
    return /\s/.test(ch) || ch < ' ' ? `character U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : `"${ch}"`;
  }

  private skipSpace(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const ch = text[this.pos];
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') this.pos++;
      else if (/\s|\uFEFF/.test(ch)) {
        this.depart(this.pos, `${this.describeHere()} is not JSON whitespace`);
        this.pos++;
      } else break;
    }
  }

  private readValue(): unknown {
    const ch = this.text[this.pos];
    if (ch === '{') return this.readObject();
    if (ch === '[') return this.readArray();
    if (ch === '"') return this.readString();
    if (ch === "'") {
      this.depart(this.pos, 'single-quoted string');
      return this.readString();
    }
    if (ch !== undefined && /[-+.\d]/.test(ch)) return this.readNumber().value;
    if (ch !== undefined && /[A-Za-z_$]/.test(ch)) return this.readWord();
    if (ch === undefined) this.fail(this.pos, 'unexpected end of text, expected a value (truncated?)');
    return this.fail(this.pos, `unexpected ${this.describeHere()}, expected a value`);
  }

  private enter(): void {
    if (++this.depth > MAX_JSON_DEPTH) this.fail(this.pos, `nested deeper than ${MAX_JSON_DEPTH} levels`);
  }

  private readObject(): Record<string, unknown> {
    this.enter();
    const obj: Record<string, unknown> = {};
    const list: [string, unknown][] = [];
    this.entries.set(obj, list);
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      this.depth--;
      return obj;
    }
    for (;;) {
      const key = this.readKey();
      this.skipSpace();
      if (this.text[this.pos] !== ':') {
        this.fail(this.pos, `expected ":" after the property name ${JSON.stringify(key)}, found ${this.describeHere()}`);
      }
      this.pos++;
      this.skipSpace();
      const value = this.readValue();
      // defineProperty, not assignment: `obj['__proto__'] = v` would replace the prototype.
      Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
      list.push([key, value]);
      if (this.afterMember('}')) break;
    }
    this.depth--;
    return obj;
  }

  private readArray(): unknown[] {
    this.enter();
    const list: unknown[] = [];
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      this.depth--;
      return list;
    }
    for (;;) {
      list.push(this.readValue());
      if (this.afterMember(']')) break;
    }
    this.depth--;
    return list;
  }

  /** After a member: consumes `,` (tolerating a trailing one) or the closer; true at the closer. */
  private afterMember(closer: '}' | ']'): boolean {
    this.skipSpace();
    const ch = this.text[this.pos];
    if (ch === closer) {
      this.pos++;
      return true;
    }
    if (ch === ',') {
      const comma = this.pos++;
      this.skipSpace();
      if (this.text[this.pos] === closer) {
        this.depart(comma, `trailing comma before "${closer}"`);
        this.pos++;
        return true;
      }
      return false;
    }
    const what = ch === undefined ? 'end of text (truncated?)' : this.describeHere();
    return this.fail(this.pos, `expected "," or "${closer}", found ${what}`);
  }

  private readKey(): string {
    const start = this.pos;
    const ch = this.text[start];
    if (ch === '"') return this.readString();
    if (ch === "'") {
      this.depart(start, 'single-quoted property name');
      return this.readString();
    }
    if (ch !== undefined && /[-+.\d]/.test(ch)) {
      this.depart(start, `property name ${this.matchAt(LOOSE_NUMBER) ?? ch} is not in double quotes`);
      return this.readNumber().raw;
    }
    if (ch !== undefined && /[A-Za-z_$]/.test(ch)) {
      const word = this.matchAt(IDENTIFIER)!;
      this.pos += word.length;
      this.depart(start, `property name ${word} is not in double quotes`);
      return word;
    }
    if (ch === undefined) this.fail(start, 'unexpected end of text, expected a property name or "}" (truncated?)');
    return this.fail(start, `unexpected ${this.describeHere()}, expected a property name`);
  }

  private matchAt(pattern: RegExp): string | null {
    pattern.lastIndex = this.pos;
    const match = pattern.exec(this.text);
    return match ? match[0] : null;
  }

  private readString(): string {
    const { text } = this;
    const open = this.pos;
    const quote = text[open];
    // Double-quoted strings follow JSON exactly; single-quoted ones are already a departure and
    // may hold unescaped apostrophes, so they end by the closing rule of quotedText.
    const end = quote === '"' ? this.jsonStringEnd(open) : findQuotedEnd(text, open);
    if (end < 0) this.fail(open, 'string is never closed (truncated?)');
    let out = '';
    let chunk = open + 1;
    for (let i = open + 1; i < end - 1; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x20) this.depart(i, `raw control character U+${code.toString(16).toUpperCase().padStart(4, '0')} in a string`);
      if (code !== 0x5c) continue;
      out += text.slice(chunk, i);
      const next = text[i + 1];
      const hex = text.slice(i + 2, i + 6);
      if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(hex)) {
        out += String.fromCharCode(parseInt(hex, 16));
        i += 5;
      } else if (Object.hasOwn(JSON_ESCAPES, next)) {
        out += JSON_ESCAPES[next];
        i += 1;
      } else {
        if (!(next === "'" && quote === "'")) this.depart(i, `invalid escape \\${next} in a string`);
        out += next;
        i += 1;
      }
      chunk = i + 1;
    }
    out += text.slice(chunk, end - 1);
    this.pos = end;
    return out;
  }

  /** Index just past the closing `"` of a JSON string opened at `open`, or -1. */
  private jsonStringEnd(open: number): number {
    const { text } = this;
    for (let i = open + 1; i < text.length; i++) {
      const ch = text[i];
      if (ch === '\\') i++;
      else if (ch === '"') return i + 1;
    }
    return -1;
  }

  private readNumber(): { value: number | string; raw: string } {
    const start = this.pos;
    const raw = this.matchAt(LOOSE_NUMBER);
    if (raw === null) this.fail(start, `unexpected ${this.describeHere()}, expected a value`);
    if (this.matchAt(STRICT_NUMBER) !== raw) this.depart(start, `number ${raw} is not written as JSON`);
    this.pos += raw.length;
    return { value: exactNumberValue(raw), raw };
  }

  private readWord(): unknown {
    const start = this.pos;
    const word = this.matchAt(IDENTIFIER)!;
    this.pos += word.length;
    if (word === 'true' || word === 'false' || word === 'null') return word === 'true' ? true : word === 'false' ? false : null;
    let after = this.pos;
    while (after < this.text.length && /[ \t]/.test(this.text[after])) after++;
    if (this.text[after] === '(') {
      const end = findCallEnd(this.text, after);
      if (end < 0) this.fail(after, `the call ${word}( is never closed (truncated?)`);
      this.depart(start, `unquoted call ${word}(…) where a value was expected`);
      this.pos = end;
      return this.text.slice(start, end);
    }
    this.depart(start, `unquoted word ${word} where a value was expected`);
    return Object.hasOwn(WORD_VALUES, word) ? WORD_VALUES[word] : word;
  }
}
