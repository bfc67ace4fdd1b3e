import { exactNumberValue } from '../exactNumbers';
import { defineField } from './shape';

/** Deepest list/dict nesting accepted in a call's arguments. */
export const MAX_CALL_NESTING = 100;

/** Result of {@link parseCallSyntax}: the call, or why and where (1-based column) it failed. */
export type CallSyntaxResult =
  | { ok: true; name: string; arguments: Record<string, unknown> }
  | { ok: false; name: string | null; error: string; column: number };

/**
 * Parses an API call written in Python keyword-call syntax, as the `api` role of the
 * user/assistant/api/api_output conversation format writes it:
 * `get_booking(booking_ref='HB-55812', nights=3, late=True, note=None)`.
 *
 * Grammar: `name ( [key = value {, key = value} [,]] )`. The name is any text before `(`
 * without quotes, brackets, `=` or `,` (so `Customer Lookup(...)` works). Values: strings in
 * single or double quotes with backslash escapes (`\n \t \r \b \f \0 \\ \' \" \xHH \uHHHH`;
 * other escapes keep the backslash, as Python does); numbers (`-3`, `2.5`, `1e3`); `True` /
 * `true`, `False` / `false`, `None` / `null`; lists `[…]` and tuples `(…)` (both become
 * arrays); dicts `{key: value}` with string or number keys. Positional arguments and repeated
 * keywords are errors, since a trace compares arguments by name. Never throws.
 *
 * @example parseCallSyntax("f(a='x', n=3)") // → { ok: true, name: 'f', arguments: { a: 'x', n: 3 } }
 */
export function parseCallSyntax(text: string): CallSyntaxResult {
  const parser = new CallParser(text);
  try {
    return parser.parseCall();
  } catch (error) {
    if (error instanceof CallSyntaxError) return { ok: false, name: parser.name, error: error.message, column: error.position + 1 };
    throw error;
  }
}

class CallSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const NAME_STOP = /[()[\]{}'"=,\n]/;
const NUMBER = /[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const KEYWORDS: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ['True', true],
  ['true', true],
  ['False', false],
  ['false', false],
  ['None', null],
  ['null', null],
]);
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0', '\\': '\\', "'": "'", '"': '"',
};

class CallParser {
  private pos = 0;
  name: string | null = null;

  constructor(private readonly text: string) {}

  parseCall(): CallSyntaxResult {
    const open = this.text.indexOf('(');
    const head = open < 0 ? this.text : this.text.slice(0, open);
    const stop = head.search(NAME_STOP);
    if (stop >= 0) throw new CallSyntaxError(`unexpected '${head[stop]}' in the function name`, stop);
    const name = head.trim();
    if (name === '') throw new CallSyntaxError('expected a function name before (', this.firstNonSpace());
    this.name = name;
    if (open < 0) throw new CallSyntaxError("expected '(' after the function name", this.text.length);
    this.pos = open + 1;
    const args: Record<string, unknown> = {};
    const seen = new Set<string>();
    this.skipSpace();
    while (this.peek() !== ')') {
      const keyStart = this.pos;
      const key = this.readWord();
      if (key === null) throw this.unexpected('a keyword argument (name=value)');
      this.skipSpace();
      if (this.peek() !== '=') {
        throw new CallSyntaxError(`positional argument '${key}': expected name=value`, keyStart);
      }
      this.pos++;
      if (seen.has(key)) throw new CallSyntaxError(`argument '${key}' is given twice`, keyStart);
      seen.add(key);
      defineField(args, key, this.parseValue(1));
      if (!this.separator(')')) break;
    }
    this.expect(')');
    this.skipSpace();
    if (this.pos < this.text.length) throw this.unexpected('the end of the call');
    return { ok: true, name, arguments: args };
  }

  private parseValue(depth: number): unknown {
    if (depth > MAX_CALL_NESTING) throw new CallSyntaxError(`nested deeper than ${MAX_CALL_NESTING} levels`, this.pos);
    this.skipSpace();
    const ch = this.peek();
    if (ch === "'" || ch === '"') return this.readString();
    if (ch === '[') return this.parseSequence(']', depth);
    if (ch === '(') return this.parseSequence(')', depth);
    if (ch === '{') return this.parseDict(depth);
    NUMBER.lastIndex = this.pos;
    const number = NUMBER.exec(this.text);
    if (number) {
      this.pos += number[0].length;
      return exactNumberValue(number[0]);
    }
    const start = this.pos;
    const word = this.readWord();
    if (word !== null) {
      if (KEYWORDS.has(word)) return KEYWORDS.get(word);
      throw new CallSyntaxError(`unknown name '${word}': expected a quoted string, a number, True, False or None`, start);
    }
    throw this.unexpected('a value');
  }

  private parseSequence(close: string, depth: number): unknown[] {
    this.pos++;
    const items: unknown[] = [];
    this.skipSpace();
    while (this.peek() !== close) {
      items.push(this.parseValue(depth + 1));
      if (!this.separator(close)) break;
    }
    this.expect(close);
    return items;
  }

  private parseDict(depth: number): Record<string, unknown> {
    this.pos++;
    const dict: Record<string, unknown> = {};
    this.skipSpace();
    while (this.peek() !== '}') {
      const keyStart = this.pos;
      const key = this.parseValue(depth + 1);
      if (typeof key !== 'string' && typeof key !== 'number') {
        throw new CallSyntaxError('a dict key must be a string or a number', keyStart);
      }
      this.skipSpace();
      this.expect(':');
      defineField(dict, String(key), this.parseValue(depth + 1));
      if (!this.separator('}')) break;
    }
    this.expect('}');
    return dict;
  }

  /** After an element: consumes a comma (true: another element may follow) or stops before `close`. */
  private separator(close: string): boolean {
    this.skipSpace();
    if (this.peek() === ',') {
      this.pos++;
      this.skipSpace();
      return true;
    }
    if (this.peek() !== close) throw this.unexpected(`',' or '${close}'`);
    return false;
  }

  private readString(): string {
    const quote = this.text[this.pos];
    const start = this.pos;
    this.pos++;
    let out = '';
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos];
      if (ch === quote) {
        this.pos++;
        return out;
      }
      if (ch === '\\') {
        out += this.readEscape();
        continue;
      }
      out += ch;
      this.pos++;
    }
    throw new CallSyntaxError('unterminated string', start);
  }

  private readEscape(): string {
    const escapeStart = this.pos;
    const code = this.text[this.pos + 1];
    if (code === undefined) throw new CallSyntaxError('unterminated string', escapeStart);
    const simple = SIMPLE_ESCAPES[code];
    if (simple !== undefined) {
      this.pos += 2;
      return simple;
    }
    const hexLength = code === 'x' ? 2 : code === 'u' ? 4 : 0;
    if (hexLength > 0) {
      const hex = this.text.slice(this.pos + 2, this.pos + 2 + hexLength);
      if (hex.length !== hexLength || !/^[0-9a-fA-F]+$/.test(hex)) {
        throw new CallSyntaxError(`invalid \\${code} escape`, escapeStart);
      }
      this.pos += 2 + hexLength;
      return String.fromCharCode(parseInt(hex, 16));
    }
    this.pos += 2;
    return '\\' + code;
  }

  private readWord(): string | null {
    WORD.lastIndex = this.pos;
    const match = WORD.exec(this.text);
    if (!match) return null;
    this.pos += match[0].length;
    return match[0];
  }

  private expect(ch: string): void {
    if (this.peek() !== ch) throw this.unexpected(`'${ch}'`);
    this.pos++;
  }

  private unexpected(expected: string): CallSyntaxError {
    const found = this.pos < this.text.length ? `'${this.text[this.pos]}'` : 'the end of the text';
    return new CallSyntaxError(`expected ${expected}, found ${found}`, this.pos);
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private firstNonSpace(): number {
    const index = this.text.search(/\S/);
    return index < 0 ? 0 : index;
  }
}
