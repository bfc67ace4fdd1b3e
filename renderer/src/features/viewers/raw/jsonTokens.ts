/** A run of text in a line of pretty-printed JSON, with its role for colouring. */
export interface JsonToken {
  text: string;
  type: 'key' | 'string' | 'number' | 'literal' | 'punctuation' | 'space';
}

const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b|([{}[\],:])/g;

/**
 * Splits one line of `JSON.stringify(value, null, 2)` output into tokens. The result is
 * rendered as text nodes, never as HTML, so imported content cannot inject markup.
 * Concatenating the tokens' text gives the line back unchanged.
 */
export function tokenizeJsonLine(line: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  let last = 0;
  for (const match of line.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) tokens.push({ text: line.slice(last, index), type: 'space' });
    if (match[1] !== undefined) {
      tokens.push({ text: match[1], type: match[2] !== undefined ? 'key' : 'string' });
      if (match[2] !== undefined) tokens.push({ text: match[2], type: 'punctuation' });
    } else if (match[3] !== undefined) tokens.push({ text: match[3], type: 'number' });
    else if (match[4] !== undefined) tokens.push({ text: match[4], type: 'literal' });
    else tokens.push({ text: match[0], type: 'punctuation' });
    last = index + match[0].length;
  }
  if (last < line.length) tokens.push({ text: line.slice(last), type: 'space' });
  return tokens;
}
