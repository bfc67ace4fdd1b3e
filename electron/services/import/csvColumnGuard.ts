import { FormatError } from '../../core/formats/types';

/**
 * Counts the fields of each CSV record as the text streams in, before csv-parse sees it, and
 * stops at the first record with more than `maxColumns`: csv-parse is linear but costs some
 * microseconds a field, so a header of a million columns would take it most of a minute to
 * parse before its width could be checked. Counting is much cheaper: inside quotes it jumps from
 * quote to quote, outside them from one `"`, `,` or line break to the next.
 */
export class CsvColumnGuard {
  private inQuotes = false;
  private fields = 1;
  /** Line breaks in the chunks before the current one. */
  private linesBefore = 0;
  /** The 1-based line where the current record starts, once known (see recordStart). */
  private recordLine = 1;
  /** Where the current record starts in the current chunk; -1 when it started in an earlier one. */
  private recordStart = -1;

  constructor(private readonly maxColumns: number) {}

  /** @throws FormatError naming the line where the too-wide record starts. */
  feed(chunk: string): void {
    const special = /[",\n]/g;
    this.recordStart = -1;
    let i = 0;
    while (i < chunk.length) {
      if (this.inQuotes) {
        const close = chunk.indexOf('"', i);
        if (close < 0) break;
        this.inQuotes = false;
        i = close + 1;
        continue;
      }
      special.lastIndex = i;
      const match = special.exec(chunk);
      if (!match) break;
      i = match.index + 1;
      if (match[0] === '"') this.inQuotes = true;
      else if (match[0] === '\n') {
        this.fields = 1;
        this.recordStart = i;
      } else if (++this.fields > this.maxColumns) throw this.tooWide(chunk);
    }
    // Lines are counted once a chunk (native indexOf), not at every record.
    this.settleRecordLine(chunk);
    this.linesBefore += linesIn(chunk, chunk.length);
  }

  private settleRecordLine(chunk: string): void {
    if (this.recordStart >= 0) this.recordLine = this.linesBefore + linesIn(chunk, this.recordStart) + 1;
    this.recordStart = -1;
  }

  private tooWide(chunk: string): FormatError {
    this.settleRecordLine(chunk);
    const what = this.recordLine === 1 ? 'the header has' : `the row at line ${this.recordLine} has`;
    return new FormatError(`${what} more than ${this.maxColumns} columns, the limit (--max-columns)`, this.recordLine, 1);
  }
}

/** Line breaks in `text` before `end`. */
function linesIn(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
