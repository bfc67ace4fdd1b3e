/**
 * Integers beyond 2^53 as the source wrote them (issue 18 part 4). The importer keeps such a
 * literal (`12345678901234567891`) as the string of its digits, since no double holds it
 * (electron/core/formats/exactNumbers.ts), and lists the digits of every such literal of the
 * record in the payload's `numbersAsWritten`. Showing the payload, a viewer writes those strings
 * bare again — `orderId: 12345678901234567891`, as in the file, not `"12345678901234567891"`.
 * A string of the record that holds exactly the same digits (rare: an id written both ways) is
 * shown bare too.
 *
 * electron/common/: dependency-free, used by the renderer and the Node side alike.
 */

/** The payload key listing the digits of the record's integers beyond 2^53. */
export const NUMBERS_AS_WRITTEN = 'numbersAsWritten';

const NONE: ReadonlySet<string> = new Set();

/** The digits an item's payload lists as written bare in its source; empty when none. */
export function numbersAsWrittenOf(payload: unknown): ReadonlySet<string> {
  if (payload === null || typeof payload !== 'object') return NONE;
  const list = (payload as Record<string, unknown>)[NUMBERS_AS_WRITTEN];
  return Array.isArray(list) && list.length > 0 ? new Set(list.filter((x): x is string => typeof x === 'string')) : NONE;
}

/** Whether a value is one of those strings, to be shown as a bare number. */
export function isNumberAsWritten(value: unknown, asWritten: ReadonlySet<string>): value is string {
  return typeof value === 'string' && asWritten.has(value);
}

/**
 * `JSON.stringify(value, null, indent)`, with every string value in `asWritten` written bare, as
 * a number (object keys stay quoted: JSON keys are strings).
 *
 * @example jsonAsWritten({ id: '12345678901234567891' }, new Set(['12345678901234567891'])) // → '{"id":12345678901234567891}'
 */
export function jsonAsWritten(value: unknown, asWritten: ReadonlySet<string>, indent?: number): string {
  return bareInJson(JSON.stringify(value, null, indent) ?? 'undefined', asWritten);
}

/** JSON text with every string value in `asWritten` written bare (keys stay quoted); nothing else changes. */
export function bareInJson(text: string, asWritten: ReadonlySet<string>): string {
  if (asWritten.size === 0) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '"') continue;
    const end = endOfString(text, i + 1);
    const body = text.slice(i + 1, end - 1);
    if (asWritten.has(body) && !isKey(text, end)) {
      out += text.slice(from, i) + body;
      from = end;
    }
    i = end - 1;
  }
  return out + text.slice(from);
}

/** Index just past the JSON string whose body starts at `from`. */
function endOfString(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/** Whether the string ending at `end` is an object key (a `:` follows it). */
function isKey(text: string, end: number): boolean {
  let i = end;
  while (text[i] === ' ' || text[i] === '\n') i++;
  return text[i] === ':';
}

/**
 * A stored payload (JSON text) as the record its source wrote, for exports: the integers beyond
 * 2^53 bare again and the `numbersAsWritten` list left out (it is Accord's note, not the data).
 */
export function payloadAsWritten(payloadText: string): string {
  const payload = JSON.parse(payloadText) as unknown;
  const asWritten = numbersAsWrittenOf(payload);
  if (asWritten.size === 0) return payloadText;
  const { [NUMBERS_AS_WRITTEN]: _note, ...rest } = payload as Record<string, unknown>;
  return jsonAsWritten(rest, asWritten);
}

/**
 * A record an item kept as JSON text (its raw text), for exports: on one line ({@link oneLineJson})
 * with the integers beyond 2^53 its payload lists written bare.
 */
export function rawRecordAsWritten(rawText: string, payloadText: string): string {
  const line = rawText.includes('\n') ? oneLineJson(rawText) : rawText;
  return bareInJson(line, numbersAsWrittenOf(JSON.parse(payloadText) as unknown));
}

/**
 * JSON text on one line, as written: the whitespace between tokens removed, nothing parsed — so
 * a literal no double holds (`12345678901234567891`) keeps its digits, which a round trip
 * through `JSON.parse` would round.
 */
export function oneLineJson(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = endOfString(text, i + 1);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') out += c;
  }
  return out;
}
