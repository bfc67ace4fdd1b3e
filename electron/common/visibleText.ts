/**
 * Names are data (issue 15): a file, dataset, item or annotator name comes from whoever wrote
 * the file, and may hold characters that change how the text around it reads — a carriage
 * return or an ANSI escape that rewrites a terminal line, a right-to-left override (U+202E)
 * that shows `evil‮txt.exe` as `evilexe.txt`, a NUL that ends a C string. Every such
 * character is shown as a visible escape, `\u202E`, instead of acting. The CLI escapes all it
 * prints through {@link visibleOutput}; the screens show names through {@link visibleText}
 * (renderer's VisibleName marks the escapes).
 *
 * `\uXXXX` is also a JSON string escape, and these characters can only stand inside strings in
 * JSON, so escaping `--json` output leaves it valid JSON of the same value.
 *
 * electron/common/: dependency-free, used by the renderer and the Node side alike.
 */

/**
 * Characters that act rather than show: C0 controls, DEL and C1 controls; the bidirectional
 * marks, embeddings, overrides and isolates (U+061C, U+200E–U+200F, U+202A–U+202E,
 * U+2066–U+2069); the line and paragraph separators U+2028–U+2029; and lone surrogates (half a
 * character, which no output can encode).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ACTING = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** The same, less line feed and tab, which a multi-line message or table legitimately holds. */
// eslint-disable-next-line no-control-regex -- as above
const ACTING_IN_OUTPUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const escape = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A name with every acting character (line breaks and tabs included) shown as `\uXXXX`.
 *
 * @example visibleText('report\u202Etxt.exe') // → 'report\\u202Etxt.exe'
 */
export function visibleText(name: string): string {
  return name.replace(ACTING, escape);
}

/** Whether a name holds characters {@link visibleText} would escape. */
export function hasActingCharacters(name: string): boolean {
  return name.search(ACTING) >= 0;
}

/**
 * Text for a terminal: like {@link visibleText}, but line feeds and tabs stay (messages and
 * tables have many lines). Every message and table the CLI prints goes through here.
 */
export function visibleOutput(text: string): string {
  return text.replace(ACTING_IN_OUTPUT, escape);
}

/** One piece of a name for display: plain text, or an escape the screen marks as one. */
export type NamePiece = { text: string; escape: false } | { text: string; escape: true; codePoint: string };

/**
 * A name cut into plain text and escapes, for screens that show the escapes distinctly (a
 * marked `U+202E` rather than a reversed name).
 */
export function namePieces(name: string): NamePiece[] {
  const pieces: NamePiece[] = [];
  let from = 0;
  for (const match of name.matchAll(ACTING)) {
    const at = match.index ?? 0;
    if (at > from) pieces.push({ text: name.slice(from, at), escape: false });
    const code = match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    pieces.push({ text: `\\u${code}`, escape: true, codePoint: `U+${code}` });
    from = at + match[0].length;
  }
  if (from < name.length) pieces.push({ text: name.slice(from), escape: false });
  return pieces;
}
