/** A marked position in a source text, from a parse error's 1-based line and column. */
export interface TextMark {
  line: number;
  column: number;
  severity: 'error' | 'warning';
  /** What is wrong there, shown beside the mark. */
  message: string;
}

/** One line of a source text cut around the marks that fall on it. */
export type LinePiece = { kind: 'text'; text: string } | { kind: 'mark'; text: string; mark: TextMark; atEnd: boolean };

/**
 * Splits source text into lines and cuts each around its marks: the character a mark points
 * at becomes a `mark` piece; a mark past the end of its line (e.g. "unexpected end of text")
 * becomes an empty `mark` piece at the end, `atEnd` true. A mark on a line the text does not
 * have is put at the end of the last line, so it is never lost. Columns count UTF-16 code
 * units from 1, as the plan reader reports them.
 */
export function markLines(text: string, marks: readonly TextMark[]): LinePiece[][] {
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  const byLine = new Map<number, TextMark[]>();
  for (const mark of marks) {
    const line = Math.min(Math.max(mark.line, 1), lines.length);
    const onLine = mark.line > lines.length ? { ...mark, column: Number.MAX_SAFE_INTEGER } : mark;
    byLine.set(line, [...(byLine.get(line) ?? []), onLine]);
  }
  return lines.map((line, i) => cutLine(line, (byLine.get(i + 1) ?? []).sort((a, b) => a.column - b.column)));
}

function cutLine(line: string, marks: TextMark[]): LinePiece[] {
  const pieces: LinePiece[] = [];
  let at = 0;
  for (const mark of marks) {
    const start = Math.max(mark.column - 1, 0);
    if (start < at) continue; // two marks on one character: the first wins
    if (start >= line.length) {
      if (at < line.length) pieces.push({ kind: 'text', text: line.slice(at) });
      at = line.length;
      pieces.push({ kind: 'mark', text: '', mark, atEnd: true });
      continue;
    }
    if (start > at) pieces.push({ kind: 'text', text: line.slice(at, start) });
    pieces.push({ kind: 'mark', text: line.slice(start, start + 1), mark, atEnd: false });
    at = start + 1;
  }
  if (at < line.length) pieces.push({ kind: 'text', text: line.slice(at) });
  return pieces;
}
