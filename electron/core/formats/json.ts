import { parse as parseLenient, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parseJsonExactly, type InexactLiteral } from './exactNumbers';
import { FormatError } from './types';

/** Deepest nesting accepted in any imported JSON value; deeper input is rejected, not crashed on. */
export const MAX_JSON_DEPTH = 200;

/**
 * `JSON.parse` with errors that name the line and column (1-based) instead of a character
 * offset, and a depth limit so hostile nesting is a clear error rather than a stack overflow
 * later. `lineOffset` shifts reported lines when the text is one line of a larger file.
 * Numbers a double cannot hold are kept as written, as strings, and listed in `inexact` when
 * given (see exactNumbers.ts).
 *
 * @throws {FormatError} on malformed JSON or nesting deeper than {@link MAX_JSON_DEPTH}.
 * @example parseJsonText('{"a": 1}') // → { a: 1 }
 */
export function parseJsonText(text: string, lineOffset = 0, inexact?: InexactLiteral[]): unknown {
  let value: unknown;
  try {
    value = parseJsonExactly(text, inexact);
  } catch (error) {
    if (error instanceof RangeError) throw deepNestingError(text, lineOffset);
    // V8 does not always say where the problem is; a second, strict scan with jsonc-parser does.
    const errors: ParseError[] = [];
    parseLenient(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const { line, column } = lineColumnAt(text, first ? first.offset : text.length);
    const what = first ? describeJsonError(printParseErrorCode(first.error)) : (error as Error).message;
    throw new FormatError(`invalid JSON: ${what}`, line + lineOffset, column);
  }
  if (mayNestTooDeep(text) && jsonDepth(value) > MAX_JSON_DEPTH) throw deepNestingError(text, lineOffset);
  return value;
}

/**
 * {@link parseJsonText} for a file read whole as one JSON value (a `.json` file). A file whose
 * first value parses and whose next line starts another object or array is JSON Lines under a
 * `.json` name (BFCL releases its records so, say): its error says so, and how to read it.
 *
 * @throws {FormatError} as parseJsonText does.
 */
export function parseJsonFile(text: string, inexact?: InexactLiteral[]): unknown {
  try {
    return parseJsonText(text, 0, inexact);
  } catch (error) {
    if (error instanceof FormatError && error.message === `invalid JSON: ${JSON_ERROR_TEXT.EndOfFileExpected}` && startsJsonLine(text, error.line, error.column)) {
      throw new FormatError(`${error.message}: ${JSON_LINES_HINT}`, error.line, error.column);
    }
    throw error;
  }
}

/** What the error of a JSON Lines file read as one JSON value adds (see parseJsonFile). */
export const JSON_LINES_HINT =
  'the file looks like JSON Lines (one record per line) under a .json name; renamed to .jsonl (or .ndjson) it is read that way';

/**
 * Whether the text at 1-based `line` and `column` opens an object or array, nothing but
 * whitespace before it on its line, after a first value written on one line (as JSON Lines
 * are: pretty-printed values one after another are not, and renaming them would not help).
 */
function startsJsonLine(text: string, line: number | null, column: number | null): boolean {
  if (line === null || column === null || line < 2) return false;
  let start = 0;
  for (let l = 1; l < line; l++) {
    start = text.indexOf('\n', start) + 1;
    if (start === 0) return false;
  }
  const at = start + column - 1;
  return (text[at] === '{' || text[at] === '[') && text.slice(start, at).trim() === '' && !text.slice(0, start).trim().includes('\n');
}

/**
 * Whether the text has more opening brackets than the depth limit — only then can its nesting
 * exceed it. Counting with the native `indexOf` is much cheaper than walking every parsed value,
 * and almost every real record is far under the limit (imports check millions of them).
 */
function mayNestTooDeep(text: string): boolean {
  // A text no longer than the limit has no more brackets than that: most tool arguments and
  // outputs, several per conversation, need no count at all.
  if (text.length <= MAX_JSON_DEPTH) return false;
  let brackets = 0;
  for (const open of ['{', '[']) {
    for (let i = text.indexOf(open); i !== -1; i = text.indexOf(open, i + 1)) {
      if (++brackets > MAX_JSON_DEPTH) return true;
    }
  }
  return false;
}

function deepNestingError(text: string, lineOffset: number): FormatError {
  const position = depthExceededAt(text);
  const { line, column } = lineColumnAt(text, position);
  return new FormatError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, line + lineOffset, column);
}

/** Finds the character offset where bracket nesting first exceeds the limit (ignoring strings). */
function depthExceededAt(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (++depth > MAX_JSON_DEPTH) return i;
    } else if (ch === '}' || ch === ']') depth--;
  }
  return 0;
}

/** Depth of a parsed value, iteratively (a recursive walk would overflow on hostile input). */
export function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) max = depth;
    if (max > MAX_JSON_DEPTH) return max;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return max;
}

const JSON_ERROR_TEXT: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes (trailing comma?)',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}' (truncated?)",
  CloseBracketExpected: "expected ']' (truncated?)",
  EndOfFileExpected: 'unexpected content after the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string (truncated?)',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

function describeJsonError(code: string): string {
  return JSON_ERROR_TEXT[code] ?? code;
}

/** 1-based line and column of a character offset. */
export function lineColumnAt(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(position, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * The index just past the bracket that closes the JSON object or array opening at `start`
 * (brackets inside strings, and escaped quotes, skipped), or -1 when it never closes: where a
 * JSON value written inside other text ends (an LLM's answer, an `Action Input:` line).
 */
export function jsonValueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}
