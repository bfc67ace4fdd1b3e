/**
 * The limits that keep an import's memory and time bounded whatever the file (issue 15): a
 * record is held whole while it is parsed, so the longest record, not the file, sets the memory
 * an import needs. Each is a default that `accord import` options (`--max-record-bytes`,
 * `--max-document-bytes`, `--max-columns`) and the `datasets.import` call can change.
 */
export interface RecordLimits {
  /**
   * Longest record: a JSONL line or a CSV row, counted in characters of its text (bytes for
   * ASCII). A longer one is refused naming its line; with --skip-invalid a JSONL line is skipped
   * without being held.
   */
  maxRecordBytes: number;
  /** Largest file read whole (a JSON document or array, a text graph), in bytes. */
  maxDocumentBytes: number;
  /** Most columns a CSV file may have. */
  maxColumns: number;
}

/**
 * 16 MB records and 64 MB documents keep an import under 1 GB with room to spare. A record is
 * held as text, as parsed values, serialised again for the database and handed between threads,
 * and V8 frees big strings late: measured with the CLI (/usr/bin/time), a 15 MB JSONL line peaks
 * at ~540 MB, a 63 MB JSON document at ~620 MB and a 63 MB JSON array of plans at ~700 MB, where
 * 31 MB and 127 MB came to 0.9 and 1.1-1.4 GB. The heavy tier measures each
 * (electron/services/import/hostileFiles.heavy.test.ts). Real records are far smaller: a long
 * conversation is a few MB; a bigger JSON array converts to JSONL, which is read line by line.
 */
export const DEFAULT_RECORD_LIMITS: RecordLimits = {
  maxRecordBytes: 16 * 1024 * 1024,
  maxDocumentBytes: 64 * 1024 * 1024,
  maxColumns: 10_000,
};

/** The defaults with any given limits in their place. */
export function recordLimits(given: Partial<RecordLimits> = {}): RecordLimits {
  return {
    maxRecordBytes: given.maxRecordBytes ?? DEFAULT_RECORD_LIMITS.maxRecordBytes,
    maxDocumentBytes: given.maxDocumentBytes ?? DEFAULT_RECORD_LIMITS.maxDocumentBytes,
    maxColumns: given.maxColumns ?? DEFAULT_RECORD_LIMITS.maxColumns,
  };
}

/** A size for messages: `32 MB`, `1.5 KB`, `900 bytes` (powers of 1024). */
export function sizeText(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}

/**
 * A size as written on the command line: a whole number of bytes, or with a suffix K, M or G
 * (powers of 1024, an optional `B`/`iB`): `64M`, `512KB`, `1GiB`. Null when not a size.
 */
export function parseSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:([kmg])(?:i?b)?|b)?\s*$/i.exec(text);
  if (!match) return null;
  const factor = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(match[2] ?? '').toLowerCase()] ?? 1;
  const bytes = Math.floor(Number(match[1]) * factor);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null;
}
