import type { ArtifactKind, ParsedItem, SourceFormat } from './types';

/**
 * How a source file is cut into records before a format module sees them. The import
 * service does the I/O (streaming, decoding, JSON/CSV parsing with line:column errors);
 * format modules only see decoded records.
 *
 * - `json-document`: the whole file is one JSON value, handed over as one record (line 1).
 * - `json-array`: the file is a JSON array; each element is one record (`line` = the line
 *   where the element starts).
 * - `text-document`: the whole file as one string record (line 1).
 * - `jsonl`: one JSON value per non-blank line; `line` is that line.
 * - `csv`: one row per record, as `Record<header, cell>`; `line` is the row's first line.
 */
export type Framing = 'json-document' | 'json-array' | 'text-document' | 'jsonl' | 'csv';

/** Consumes the records of one file, in order. */
export interface FormatReader {
  /**
   * Takes one record; returns the items it completes (often exactly one, or none when the
   * format needs the whole file, as the event-stream format does). Throws {@link FormatError}
   * when the record is invalid; the service then rejects the file or, with
   * `--skip-invalid`, skips that record and lists the error. `ordinal` is the record's 1-based
   * position among the file's records (counting ones that could not be framed); readers that
   * name records by position use it, and count the records they are given when it is absent.
   */
  add(record: unknown, line: number, ordinal?: number): ParsedItem[];
  /** End of file: returns the items still pending (may throw {@link FormatError}). */
  finish(): ParsedItem[];
}

/** A source format: how to recognise it and how to read it. */
export interface FormatModule {
  id: SourceFormat;
  kind: ArtifactKind;
  framing: Framing;
  /** Short human description, shown in the import dialog and errors. */
  description: string;
  /**
   * Whether a decoded sample belongs to this format: the first record as framed above
   * (first JSONL value, first array element, the document, the first CSV row, the text).
   */
  detect(sample: unknown): boolean;
  /** `fileName` is the base name, used for ids when the source carries none. */
  createReader(ctx: { fileName: string }): FormatReader;
  /**
   * Each record's items depend on that record, its line and its ordinal alone (no state kept
   * across records, nothing left for `finish`): records may then be read by several readers,
   * which lets a big file's parsing be shared between threads.
   */
  independentRecords?: boolean;
}
