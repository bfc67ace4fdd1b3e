/** What a tool's response-field description declares about the field. */
export interface ResponseDeclaration {
  /** Type named in the first parentheses (`string`, `int`, `bool`, `list[str]`), or null. */
  type: string | null;
  /** Quoted values after a cue such as "one of", in order, without duplicates; null if none. */
  allowedValues: string[] | null;
}

const TYPE_IN_PARENS = /\(\s*([A-Za-z_][\w[\]<>, |]{0,40}?)\s*\)/;
// A cue must introduce the values: quoted words alone ("e.g. 'SO-1042'") are examples, not a domain.
const VALUES_CUE = /\b(?:one of|either|possible values?|allowed values?|valid values?|values?|can be|enum)\b\s*:?\s*\[?/gi;
const OPEN_QUOTES: Record<string, string> = { "'": "'", '"': '"', '‘': '’', '“': '”' };

/**
 * Reads the type and categorical values a response field's free-text description declares.
 *
 * @example parseResponseDescription("customerStatus (string): one of 'found', 'not_found'.")
 *   // → { type: 'string', allowedValues: ['found', 'not_found'] }
 * @example parseResponseDescription('daysSinceDelivery (int): days since delivery.')
 *   // → { type: 'int', allowedValues: null }
 */
export function parseResponseDescription(text: string | null): ResponseDeclaration {
  if (!text) return { type: null, allowedValues: null };
  const type = TYPE_IN_PARENS.exec(text)?.[1]?.trim() ?? null;
  return { type, allowedValues: allowedValuesIn(text) };
}

function allowedValuesIn(text: string): string[] | null {
  for (const cue of text.matchAll(VALUES_CUE)) {
    const values = quotedRun(text, cue.index + cue[0].length);
    if (values.length > 0) return [...new Set(values)];
  }
  return null;
}

/** Quoted strings from `start` on, separated by commas, `|`, `/`, "or", "and"; stops at anything else. */
function quotedRun(text: string, start: number): string[] {
  const values: string[] = [];
  let i = start;
  for (;;) {
    i = skipSeparators(text, i);
    const close = OPEN_QUOTES[text[i] ?? ''];
    if (!close) return values;
    const end = text.indexOf(close, i + 1);
    if (end < 0) return values;
    values.push(text.slice(i + 1, end));
    i = end + 1;
  }
}

function skipSeparators(text: string, from: number): number {
  let i = from;
  for (;;) {
    const ch = text[i];
    if (ch === ' ' || ch === ',' || ch === '|' || ch === '/' || ch === '\t' || ch === '\n') i++;
    else if (isWordAt(text, i, 'or')) i += 2;
    else if (isWordAt(text, i, 'and')) i += 3;
    else return i;
  }
}

/** Whether `word` (lower case) stands alone at `i`, case-insensitively. */
function isWordAt(text: string, i: number, word: string): boolean {
  if (text.slice(i, i + word.length).toLowerCase() !== word) return false;
  return !/\w/.test(text[i + word.length] ?? ' ');
}
