/**
 * Scanning helpers for the call-shaped text of plan steps (`RAG((1), 'Why did they cancel?')`),
 * shared by the tolerant JSON reader (which captures unquoted calls) and the step-call parser.
 *
 * Generated plans quote carelessly: `'the customer's tone'` holds an unescaped apostrophe,
 * `"say "hi" now"` unescaped double quotes. So a quote only *closes* a string when what follows
 * it (after spaces) could follow a value: `,` `)` `]` `}` `:` or the end of the text. Only when
 * no such quote exists is the first matching quote taken. And a quote only *opens* a string at
 * the start of a value (after `(` `[` `{` `,` `:` `=`), so the apostrophe in an unquoted word
 * (`customer's`) is just a letter.
 */

const CLOSERS = new Set([',', ')', ']', '}', ':']);
const OPENERS = new Set(['(', '[', '{', ',', ':', '=']);

/** Whether a character is a string quote (`'` or `"`). */
export function isQuote(ch: string | undefined): boolean {
  return ch === '"' || ch === "'";
}

/** Whether position `i` starts a value: only spaces since `(` `[` `{` `,` `:` `=` or the text's start. */
export function startsValue(text: string, i: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const ch = text[j];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') continue;
    return OPENERS.has(ch);
  }
  return true;
}

/**
 * The index just past the quote that closes the string opened at `open`, by the rule above;
 * -1 when no quote closes it. Backslash escapes the next character.
 *
 * @example findQuotedEnd(`('it's', 2)`, 1) // → 7 (the apostrophe in "it's" does not close)
 */
export function findQuotedEnd(text: string, open: number): number {
  const quote = text[open];
  let firstClose = -1;
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch !== quote) continue;
    if (firstClose < 0) firstClose = i + 1;
    if (closesValue(text, i + 1)) return i + 1;
  }
  return firstClose;
}

function closesValue(text: string, from: number): boolean {
  for (let j = from; j < text.length; j++) {
    const ch = text[j];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') continue;
    return CLOSERS.has(ch);
  }
  return true;
}

/**
 * The index just past the `)` matching the `(` at `open`, skipping quoted strings (by the
 * rule above) and nested brackets; -1 when the parenthesis is never closed. When the quoting
 * is too broken to follow, falls back to counting parentheses alone.
 *
 * @example findCallEnd(`T2S([], 'a (b)'), x`, 3) // → 16
 */
export function findCallEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) return ch === ')' ? i + 1 : countParens(text, open);
    } else if (isQuote(ch) && startsValue(text, i)) {
      const end = findQuotedEnd(text, i);
      if (end < 0) return countParens(text, open);
      i = end - 1;
    }
  }
  return countParens(text, open);
}

function countParens(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** One comma-separated part of an argument list, trimmed, with its offset in the list. */
export interface ArgumentText {
  text: string;
  start: number;
}

/**
 * Splits an argument list (the text between a call's parentheses) at its top-level commas,
 * skipping commas inside brackets and quoted strings.
 *
 * @example splitArguments(`(1), 'a, b'`) // → [{ text: '(1)', start: 0 }, { text: "'a, b'", start: 5 }]
 */
export function splitArguments(list: string): ArgumentText[] {
  if (list.trim() === '') return [];
  const parts: ArgumentText[] = [];
  let depth = 0;
  let partStart = 0;
  const push = (end: number) => {
    const raw = list.slice(partStart, end);
    const lead = raw.length - raw.trimStart().length;
    parts.push({ text: raw.trim(), start: partStart + lead });
  };
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      push(i);
      partStart = i + 1;
    } else if (isQuote(ch) && startsValue(list, i)) {
      const end = findQuotedEnd(list, i);
      if (end < 0) break; // an unclosed quote swallows the rest of the list
      i = end - 1;
    }
  }
  push(list.length);
  return parts;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '/': '/', '\\': '\\', "'": "'", '"': '"' };

/**
 * The content of a quoted literal (`'it\'s'` → `it's`): the outer quotes removed, JSON-style
 * escapes resolved, any other escaped character kept as itself. A literal whose closing quote
 * is missing yields everything after the opening quote.
 */
export function unquote(literal: string): string {
  const quote = literal[0];
  const closed = literal.length >= 2 && literal[literal.length - 1] === quote;
  const body = literal.slice(1, closed ? -1 : undefined);
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== '\\' || i === body.length - 1) {
      out += ch;
      continue;
    }
    const next = body[++i];
    if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(body.slice(i + 1, i + 5))) {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 5), 16));
      i += 4;
    } else out += ESCAPES[next] ?? next;
  }
  return out;
}
