import { createHash } from 'node:crypto';
import type { FindingWrite } from '../../../db/queries/catalog';
import type { FormatModule, Framing } from '../../core/formats/module';
import { FormatError, type ParsedItem } from '../../core/formats/types';
import { readRecords } from './records';

/**
 * An item ready for the database: every JSON column serialised. Its content hash is computed
 * by the writing thread ({@link contentHashOf}), which otherwise sits waiting for the parser.
 */
export interface PreparedItem {
  externalId: string;
  kind: string;
  payload: string;
  rawText: string | null;
  metadata: string;
  metrics: string | null;
  line: number;
  counts: { error: number; warning: number; info: number };
  findings: FindingWrite[];
}

/**
 * What parsing a file produces, in file order: items to write, or a record to skip. With a
 * {@link RecordShare}, `blockEnd` marks the last batch of each of the share's blocks.
 */
export type ParseEvent = { type: 'items'; items: PreparedItem[]; blockEnd?: boolean } | { type: 'skip'; error: FormatError };

/**
 * One parser's share of a file whose records are independent (see `FormatModule`): the records
 * are cut into blocks of `blockRecords`, and block `b` (counted from 0) belongs to parser
 * `owners[b % owners.length]`; this parser is `me`. Taking the blocks from their owners in
 * turn restores file order.
 */
export interface RecordShare {
  owners: readonly number[];
  me: number;
  blockRecords: number;
}

export interface ParseOptions {
  signal?: AbortSignal;
  onBytes?: (bytes: number) => void;
  share?: RecordShare;
}

/**
 * A batch is sent at this many items or this many characters of payload, whichever comes
 * first: large enough to amortise messages between threads, small enough to keep memory flat
 * when records are huge.
 */
const BATCH_ITEMS = 64;
const BATCH_CHARS = 1024 * 1024;

/**
 * Reads a file record by record through its format module and prepares each item for the
 * database. Record-level problems come out as `skip` events (the caller rejects the file or
 * skips them); file-level problems are thrown. Runs in the importing thread or in a worker,
 * on the whole file or on a share of its records.
 */
export async function* parseFile(file: string, framing: Framing, format: FormatModule, fileName: string, options: ParseOptions = {}): AsyncGenerator<ParseEvent> {
  const { share } = options;
  if (share && !format.independentRecords) throw new Error(`format ${format.id} cannot be read in shares`);
  const blockOf = (ordinal: number) => Math.floor((ordinal - 1) / share!.blockRecords);
  const keep = share ? (ordinal: number) => share.owners[blockOf(ordinal) % share.owners.length] === share.me : undefined;
  const reader = format.createReader({ fileName });
  let batch: PreparedItem[] = [];
  let chars = 0;
  let openBlock = false;
  const flush = (blockEnd: boolean): ParseEvent => {
    const event: ParseEvent = blockEnd ? { type: 'items', items: batch, blockEnd } : { type: 'items', items: batch };
    batch = [];
    chars = 0;
    return event;
  };
  for await (const framed of readRecords(file, framing, { ...options, keep })) {
    openBlock = true;
    const error = framed.error ?? addRecord(framed.record, framed.line, framed.ordinal);
    if (error) yield { type: 'skip', error };
    const blockDone = share !== undefined && framed.ordinal % share.blockRecords === 0;
    if (blockDone) openBlock = false;
    if (blockDone || batch.length >= BATCH_ITEMS || chars >= BATCH_CHARS) yield flush(blockDone);
  }
  for (const item of reader.finish()) batch.push(prepareItem(item, 1));
  if (share ? openBlock : batch.length > 0) yield flush(share !== undefined);

  /** Adds one record's items to the batch; returns the error that makes it skipped, if any. */
  function addRecord(record: unknown, line: number, ordinal: number): FormatError | null {
    let items: ParsedItem[];
    try {
      items = reader.add(record, line, ordinal);
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      return error.line === null ? new FormatError(error.message, line, error.column, error.field) : error;
    }
    for (const item of items) {
      const prepared = prepareItem(item, line);
      chars += prepared.payload.length + (prepared.rawText?.length ?? 0);
      batch.push(prepared);
    }
    return null;
  }
}

/** Serialises an item's columns. */
export function prepareItem(item: ParsedItem, line: number): PreparedItem {
  const payload = JSON.stringify(item.payload);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of item.findings) counts[f.severity]++;
  return {
    externalId: item.externalId,
    kind: item.kind,
    payload,
    rawText: item.rawText,
    metadata: JSON.stringify(item.metadata),
    metrics: item.metrics ? JSON.stringify(item.metrics) : null,
    line: item.line ?? line,
    counts,
    findings: item.findings.map((f) => ({
      validator: f.validator,
      severity: f.severity,
      location: f.location ? JSON.stringify(f.location) : null,
      message: f.message,
    })),
  };
}

/**
 * SHA-256 of an item's content: kind, canonical payload and raw text, NUL-separated. Fed in
 * parts rather than concatenated first, which would copy every payload once more.
 */
export function contentHashOf(item: Pick<PreparedItem, 'kind' | 'payload' | 'rawText'>): string {
  return createHash('sha256').update(item.kind).update('\0').update(item.payload).update('\0').update(item.rawText ?? '').digest('hex');
}
