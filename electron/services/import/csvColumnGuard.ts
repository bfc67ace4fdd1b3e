import { FormatError } from '../../core/formats/types';
import { countNewlines } from './textStream';

/**
 * Follows the CSV text as it streams in, before csv-parse sees it: counts each record's fields,
 * stopping at the first record with more than `maxColumns`, and keeps the lines where records
 * start, so that an error csv-parse finds deep inside a record (a row over the size limit, a
 * quote that never closes) can name the line where that record starts. csv-parse is linear but
 * costs some microseconds a field, so a header of a million columns would take it most of a
 * minute to parse before its width could be checked; counting here is much cheaper: inside
 * quotes it jumps from quote to quote, outside them from one `"`, `,` or line break to the next.
 */
export class CsvColumnGuard {
  private inQuotes = false;
  private fields = 1;
  /** The 1-based line the scan has reached. */
  private line = 1;
  /** Where the records begun in the current chunk start (lines, ascending), after the last one of earlier chunks. */
  private starts: number[] = [1];

  constructor(private readonly maxColumns: number) {}

  /** @throws FormatError naming the line where the too-wide record starts. */
  feed(chunk: string): void {
    const special = /[",\n]/g;
    this.starts = [this.starts[this.starts.length - 1]];
    let i = 0;
    while (i < chunk.length) {
      if (this.inQuotes) {
        const close = chunk.indexOf('"', i);
        const end = close < 0 ? chunk.length : close;
        this.line += countNewlines(chunk, i, end);
        if (close < 0) return;
        this.inQuotes = false;
        i = close + 1;
        continue;
      }
      special.lastIndex = i;
      const match = special.exec(chunk);
      if (!match) return;
      i = match.index + 1;
      if (match[0] === '"') this.inQuotes = true;
      else if (match[0] === '\n') {
        this.line++;
        this.fields = 1;
        this.starts.push(this.line);
      } else if (++this.fields > this.maxColumns) throw this.tooWide();
    }
  }

  /** The line where the record that reaches `line` starts (records fed so far). */
  recordStartAt(line: number): number {
    let found = this.starts[0];
    for (const start of this.starts) {
      if (start > line) break;
      found = start;
    }
    return found;
  }

  private tooWide(): FormatError {
    const start = this.starts[this.starts.length - 1];
    const what = start === 1 ? 'the header has' : `the row at line ${start} has`;
    return new FormatError(`${what} more than ${this.maxColumns} columns, the limit (--max-columns)`, start, 1);
  }
}
