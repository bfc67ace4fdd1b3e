import { parse as parseCsv } from 'csv-parse';
import type { InexactLiteral } from '../../core/formats/exactNumbers';
import { parseJsonText } from '../../core/formats/json';
import type { Framing } from '../../core/formats/module';
import { FormatError } from '../../core/formats/types';
import { readUtf8Chunks, splitLines } from './textStream';

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
}

/** Documents larger than this are refused: they are read whole, unlike JSONL and CSV. */
export const MAX_DOCUMENT_BYTES = 512 * 1024 * 1024;

/**
 * Cuts a file into records according to its framing. Errors that concern the whole file
 * (binary, invalid UTF-8, a broken JSON document, a CSV quote that never closes) are thrown;
 * errors confined to one record are yielded so the caller can skip it.
 */
export async function* readRecords(file: string, framing: Framing, options: ReadOptions = {}): AsyncGenerator<FramedRecord> {
  const chunks = readUtf8Chunks(file, options.onBytes, options.signal);
  switch (framing) {
    case 'jsonl':
      for await (const raw of jsonlLines(chunks)) yield frameJsonlLine(raw);
      return;
    case 'csv':
      yield* csvRecords(chunks);
      return;
    case 'json-document':
    case 'json-array':
    case 'text-document': {
      const text = await readAll(chunks);
      if (framing === 'text-document') {
        yield { line: 1, ordinal: 1, record: text };
        return;
      }
      const inexact: InexactLiteral[] = [];
      const value = parseJsonText(text, 0, inexact);
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
  text: string;
  line: number;
  /** 1-based position among the file's records (blank lines are not records). */
  ordinal: number;
}

/** The non-blank lines of a JSONL text stream, numbered. */
export async function* jsonlLines(chunks: AsyncIterable<string>): AsyncGenerator<JsonlLine> {
  let ordinal = 0;
  for await (const { text, line } of splitLines(chunks)) {
    if (text.trim() === '') continue;
    ordinal++;
    yield { text, line, ordinal };
  }
}

/** Parses one JSONL line into a record, or the error that makes it unreadable. */
export function frameJsonlLine({ text, line, ordinal }: JsonlLine): FramedRecord {
  try {
    const inexact: InexactLiteral[] = [];
    const record = parseJsonText(text, line - 1, inexact);
    return inexact.length > 0 ? { line, ordinal, record, inexact } : { line, ordinal, record };
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    return { line, ordinal, error };
  }
}

async function readAll(chunks: AsyncIterable<string>): Promise<string> {
  const parts: string[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > MAX_DOCUMENT_BYTES) {
      throw new FormatError(`file larger than ${MAX_DOCUMENT_BYTES >> 20} MB; split it, or use JSONL which is streamed`);
    }
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

async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<FramedRecord> {
  // Rows come as arrays and become null-prototype objects here: a `__proto__` header cell must
  // stay an ordinary field, never a prototype.
  const parser = parseCsv({ info: true, bom: true, skip_empty_lines: true, relax_column_count: true });
  let header: string[] | null = null;
  let previousEnd = 0;
  let ordinal = 0;
  const feed = (async () => {
    try {
      for await (const chunk of chunks) if (!parser.write(chunk)) await new Promise((r) => parser.once('drain', r));
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
        header = record.map((cell) => cell.trim());
        const duplicate = header.find((name, i) => header!.indexOf(name) !== i);
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
    throw csvError(error);
  }
  await feed;
}

function csvError(error: unknown): Error {
  if (error instanceof FormatError) return error;
  const e = error as { code?: string; message?: string; lines?: number; column?: string | number; index?: number };
  if (!e.code?.startsWith('CSV_')) return error as Error;
  const message = (e.message ?? 'malformed CSV').replace(/ at line \d+.*$/, '').replace(/ on line \d+$/, '');
  const column = typeof e.index === 'number' ? e.index + 1 : null;
  return new FormatError(`malformed CSV: ${message}`, e.lines ?? null, column);
}
