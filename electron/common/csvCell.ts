/**
 * The one CSV cell writer: every CSV Accord writes (labels and gold exports, the agreement CSV
 * report, files it writes for itself) quotes and guards its cells here.
 *
 * Formula injection (OWASP, "CSV Injection"): a spreadsheet runs a cell that starts with `=`,
 * `+`, `-` or `@` as a formula (`=HYPERLINK(…)`, `=cmd|' /C calc'!A0`), and a leading tab or
 * carriage return can hide such a start. Label values and rationales are typed by annotators and
 * names come from imported files, so such a cell gets a leading `'`, which spreadsheets show as
 * text and do not run. A plain number is left alone, negative ones included (`-0.25`, a κ): a
 * spreadsheet reads it as a number, not a formula, and the agreement report's figures must stay
 * numbers a spreadsheet can sum. Only a cell that is wholly a decimal number is spared; `-1+2`
 * is guarded.
 *
 * Reading a CSV Accord wrote takes the guard off again ({@link unguardedCell}), so an export
 * imports back exactly. A cell that already starts with `'` before such a character is guarded
 * too (`'=x` is written `''=x`), so the guard is always one `'` and taking it off is exact.
 *
 * electron/common/: dependency-free, used by the renderer and the Node side alike.
 */

/** A cell a spreadsheet would run: one of = + - @ tab CR first, after any `'` already there. */
const RUNS_AS_FORMULA = /^'*[=+\-@\t\r]/;
/** A plain decimal number, negative or not: a spreadsheet reads it as a number. */
const PLAIN_NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A guarded cell as {@link guardedCell} writes it. */
const GUARDED = /^'+[=+\-@\t\r]/;

/** The text of a cell, with the formula guard where a spreadsheet would run it. */
export function guardedCell(text: string): string {
  return RUNS_AS_FORMULA.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A cell as read back from a CSV Accord wrote: the formula guard taken off. */
export function unguardedCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

/**
 * One cell for a CSV file: guarded against formula injection, then quoted when it holds a
 * comma, a quote or a line break (RFC 4180). Numbers are written as they are; null is empty.
 *
 * @example csvCell('=HYPERLINK("http://x")') // → `"'=HYPERLINK(""http://x"")"`
 * @example csvCell(-0.25) // → '-0.25'
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = guardedCell(typeof value === 'number' ? String(value) : value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV row of cells, without its line ending. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(',');
}
