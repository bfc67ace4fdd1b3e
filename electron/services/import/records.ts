import fs from 'node:fs';
import { CsvError, parse as parseCsv } from 'csv-parse';
import type { InexactLiteral } from '../../core/formats/exactNumbers';
import { parseJsonFile, parseJsonText } from '../../core/formats/json';
import type { Framing } from '../../core/formats/module';
import { recordLimits, sizeText, type RecordLimits } from '../../core/formats/recordLimits';
import { FormatError } from '../../core/formats/types';
import type { SourcePath } from './sourceFiles';
import { CsvColumnGuard } from './csvColumnGuard';
import { readUtf8Chunks, splitLineBatches } from './textStream';

/**
 * One framed record, or the error that made it unreadable (skippable with --skip-invalid).
 * `ordinal` is its 1-based position among the file's records, readable or not.
 */
export type FramedRecord =
  | { line: number; ordinal: number; record: unknown; error?: undefined; inexact?: InexactLiteral[] }
  | { line: number; ordinal: number; error: FormatError };

export interface ReadOptions {
  onBytes?: (bytesRead: number) => void;
  signal?: AbortSignal;
  /** Longest record, largest document, most CSV columns (defaults: DEFAULT_RECORD_LIMITS). */
  limits?: Partial<RecordLimits>;
}

/**
 * Cuts a file into records according to its framing. Errors that concern the whole file
 * (binary, invalid UTF-8, a broken JSON document, a CSV quote that never closes) are thrown;
 * errors confined to one record are yielded so the caller can skip it.
 */
export async function* readRecords(file: SourcePath, framing: Framing, options: ReadOptions = {}): AsyncGenerator<FramedRecord> {
  const limits = recordLimits(options.limits);
  const chunks = readUtf8Chunks(file, options.onBytes, options.signal);
  switch (framing) {
    case 'jsonl':
      for await (const lines of jsonlLineBatches(chunks, limits.maxRecordBytes)) for (const raw of lines) yield frameJsonlLine(raw);
      return;
    case 'csv':
      yield* csvRecords(chunks, limits);
      return;
    case 'json-document':
    case 'json-array':
    case 'text-document': {
      // Refused before a byte is read when the file says its size (a regular file does).
      if (fs.statSync(file).size > limits.maxDocumentBytes) throw documentTooLarge(limits.maxDocumentBytes);
      const text = await readAll(chunks, limits.maxDocumentBytes);
      if (framing === 'text-document') {
        yield { line: 1, ordinal: 1, record: text };
        return;
      }
      const inexact: InexactLiteral[] = [];
      const value = parseJsonFile(text, inexact);
      if (framing === 'json-document') {
        yield { line: 1, ordinal: 1, record: value, inexact };
        return;
      }
      if (!Array.isArray(value)) throw new FormatError('expected a JSON array of records at the top level', 1, 1);
      const { lines, offsets } = elementStarts(text, value.length);
      const inexactOf = literalsByElement(inexact, offsets);
      for (let i = 0; i < value.length; i++) yield { line: lines[i], ordinal: i + 1, record: value[i], inexact: inexactOf.get(i) };
      return;
    }
  }
}

/** One non-blank JSONL line, not parsed yet. */
export interface JsonlLine {
  /** The line's text; empty when it is oversized. */
  text: string;
  line: number;
  /** 1-based position among the file's records (blank lines are not records). */
  ordinal: number;
  /** The line was longer than the record limit: its length (its text was never held), and that limit. */
  oversized?: { chars: number; limit: number };
}

/** The non-blank lines of a JSONL text stream, numbered; lines over `maxChars` come as their length only. */
export async function* jsonlLines(chunks: AsyncIterable<string>, maxChars = recordLimits().maxRecordBytes): AsyncGenerator<JsonlLine> {
  for await (const lines of jsonlLineBatches(chunks, maxChars)) yield* lines;
}

/** {@link jsonlLines} a batch at a time (see splitLineBatches). */
export async function* jsonlLineBatches(chunks: AsyncIterable<string>, maxChars = recordLimits().maxRecordBytes): AsyncGenerator<JsonlLine[]> {
  let ordinal = 0;
  for await (const batch of splitLineBatches(chunks, maxChars, true)) {
    const lines: JsonlLine[] = [];
    for (const { text, line, oversized } of batch) {
      if (oversized !== undefined) {
        ordinal++;
        lines.push({ text: '', line, ordinal, oversized: { chars: oversized, limit: maxChars } });
        continue;
      }
      if (text.trim() === '') continue;
      ordinal++;
      lines.push({ text, line, ordinal });
    }
    if (lines.length > 0) yield lines;
  }
}

/** The error of a record longer than the limit (`what`: a line, a row). */
export function oversizedRecord(what: string, chars: number | null, limit: number, line: number | null): FormatError {
  const length = chars === null ? 'longer than' : `${sizeText(chars)}, over`;
  return new FormatError(`${what} is ${length} the limit of ${sizeText(limit)} per record (--max-record-bytes); it was not read`, line, 1);
}

/** Parses one JSONL line into a record, or the error that makes it unreadable. */
export function frameJsonlLine({ text, line, ordinal, oversized }: JsonlLine): FramedRecord {
  if (oversized) return { line, ordinal, error: oversizedRecord('the line', oversized.chars, oversized.limit, line) };
  try {
    const inexact: InexactLiteral[] = [];
    const record = parseJsonText(text, line - 1, inexact);
    return inexact.length > 0 ? { line, ordinal, record, inexact } : { line, ordinal, record };
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    return { line, ordinal, error };
  }
}

function documentTooLarge(limit: number): FormatError {
  return new FormatError(`the file is read whole, and it is larger than the limit of ${sizeText(limit)} (--max-document-bytes); split it, or use JSONL, which is read record by record`);
}

async function readAll(chunks: AsyncIterable<string>, maxChars: number): Promise<string> {
  const parts: string[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > maxChars) throw documentTooLarge(maxChars);
    parts.push(chunk);
  }
  return parts.join('');
}

/** The 1-based line where each top-level array element starts (for messages that point at a record). */
export function elementStartLines(text: string, count: number): number[] {
  return elementStarts(text, count).lines;
}

/** Which top-level array element each literal lies in (offsets: where each element starts). */
function literalsByElement(literals: InexactLiteral[], offsets: number[]): Map<number, InexactLiteral[]> {
  const byElement = new Map<number, InexactLiteral[]>();
  for (const literal of literals) {
    let low = 0;
    let high = offsets.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (offsets[mid] <= literal.offset) low = mid;
      else high = mid - 1;
    }
    byElement.set(low, [...(byElement.get(low) ?? []), literal]);
  }
  return byElement;
}

/** The line and character offset where each top-level array element starts. */
function elementStarts(text: string, count: number): { lines: number[]; offsets: number[] } {
  const lines: number[] = [];
  const offsets: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  let expectingElement = false;
  for (let i = 0; i < text.length && lines.length < count; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectingElement && !/\s/.test(ch) && ch !== ']') {
      lines.push(line);
      offsets.push(i);
      expectingElement = false;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      depth++;
      if (depth === 1) expectingElement = true;
    } else if (ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 1) expectingElement = true;
  }
  while (lines.length < count) {
    lines.push(line);
    offsets.push(text.length);
  }
  return { lines, offsets };
}

async function* csvRecords(chunks: AsyncIterable<string>, limits: RecordLimits): AsyncGenerator<FramedRecord> {
  // Rows come as arrays and become null-prototype objects here: a `__proto__` header cell must
  // stay an ordinary field, never a prototype. csv-parse is linear in the text; the record limit
  // bounds what one row may hold.
  const parser = parseCsv({ info: true, bom: true, skip_empty_lines: true, relax_column_count: true, max_record_size: limits.maxRecordBytes });
  let header: string[] | null = null;
  let previousEnd = 0;
  let ordinal = 0;
  const columns = new CsvColumnGuard(limits.maxColumns);
  const feed = (async () => {
    try {
      for await (const chunk of chunks) {
        // A parser that stopped (a bad row, or its reader stopped reading) drains no more: the
        // loop ends, and with it the reading of the file (its handle is closed).
        if (parser.destroyed) return;
        columns.feed(chunk);
        if (!parser.write(chunk)) await new Promise((r) => (parser.once('drain', r), parser.once('close', r)));
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = previousEnd + 1;
      previousEnd = info.lines;
      if (header === null) {
        if (record.length > limits.maxColumns) {
          throw new FormatError(`the header has ${record.length} columns, more than the limit of ${limits.maxColumns} (--max-columns)`, line, 1);
        }
        header = record.map((cell) => cell.trim());
        const duplicate = firstDuplicate(header);
        if (duplicate !== undefined) throw new FormatError(`duplicate column "${duplicate}" in the header`, line, 1);
        continue;
      }
      ordinal++;
      if (record.length !== header.length) {
        yield { line, ordinal, error: new FormatError(`expected ${header.length} fields (${header.join(', ')}), got ${record.length}`, line, 1) };
        continue;
      }
      const row: Record<string, string> = Object.create(null);
      header.forEach((name, i) => (row[name] = record[i]));
      yield { line, ordinal, record: row };
    }
  } catch (error) {
    throw csvError(error, limits, previousEnd + 1, (line) => columns.recordStartAt(line));
  }
  await feed;
}

/** The first name that appears twice (a Set: a header of thousands of columns stays linear). */
function firstDuplicate(names: string[]): string | undefined {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

/** What csv-parse's errors mean, said for someone fixing the file. */
const CSV_PROBLEMS: Record<string, string> = {
  INVALID_OPENING_QUOTE: 'a quote (") inside a field that does not start with one; quote the whole field and double the quotes inside it ("a ""b"" c")',
  CSV_INVALID_CLOSING_QUOTE: 'text right after a closing quote; a quote inside a quoted field is written twice ("")',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text right after a closing quote; a quote inside a quoted field is written twice ("")',
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed (the file ends inside it)',
};

/**
 * csv-parse's errors as FormatErrors naming the line: its codes are not all prefixed `CSV_`
 * (`INVALID_OPENING_QUOTE`), so it is told by its class. `recordLine` is where the record that
 * failed started, for errors that do not say.
 */
function csvError(error: unknown, limits: RecordLimits, recordLine: number, recordStartAt: (line: number) => number): Error {
  if (error instanceof FormatError) return error;
  if (!(error instanceof CsvError)) return error as Error;
  const e = error as CsvError & { lines?: number; index?: number };
  const line = typeof e.lines === 'number' ? e.lines : recordLine;
  // A row too long, or a quote that never closes, is named by the line where the row starts:
  // csv-parse says only where it got to, maybe thousands of lines on (see CsvColumnGuard).
  const startLine = recordStartAt(line);
  if (e.code === 'CSV_MAX_RECORD_SIZE') return oversizedRecord('the row', null, limits.maxRecordBytes, startLine);
  if (e.code === 'CSV_QUOTE_NOT_CLOSED') return new FormatError(`malformed CSV: ${CSV_PROBLEMS[e.code]}`, startLine, null);
  // csv-parse's `index` counts fields, not characters: said in words, not as the column.
  const field = typeof e.index === 'number' ? ` (field ${e.index + 1})` : '';
  return new FormatError(`malformed CSV${field}: ${CSV_PROBLEMS[e.code] ?? e.message.replace(/ (at|on) line \d+.*$/, '')}`, line, null);
}
