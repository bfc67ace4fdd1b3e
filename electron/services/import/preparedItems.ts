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
  /**
   * A conversation's graph and Tool Call Accuracy, which the per-graph User Journey Coverage
   * Score is computed from: carried so that an import into a new dataset need not read them
   * back from 100,000 rows (see linkMetrics.ts).
   */
  journey: JourneyScore | null;
}

/** One conversation's contribution to its graph's User Journey Coverage Score. */
export interface JourneyScore {
  graph: string;
  toolCallAccuracy: number;
}

/** What parsing a file produces, in file order: items to write, or a record to skip. */
export type ParseEvent = { type: 'items'; items: PreparedItem[] } | { type: 'skip'; error: FormatError };

export interface ParseOptions {
  signal?: AbortSignal;
  onBytes?: (bytes: number) => void;
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
 * skips them); file-level problems are thrown. Runs in the importing thread or in a worker.
 */
export async function* parseFile(file: string, framing: Framing, format: FormatModule, fileName: string, options: ParseOptions = {}): AsyncGenerator<ParseEvent> {
  const reader = format.createReader({ fileName });
  let batch: PreparedItem[] = [];
  let chars = 0;
  for await (const framed of readRecords(file, framing, options)) {
    const error = framed.error ?? addRecord(framed.record, framed.line, framed.ordinal);
    if (error) yield { type: 'skip', error };
    if (batch.length >= BATCH_ITEMS || chars >= BATCH_CHARS) {
      yield { type: 'items', items: batch };
      batch = [];
      chars = 0;
    }
  }
  for (const item of reader.finish()) batch.push(prepareItem(item, 1));
  if (batch.length > 0) yield { type: 'items', items: batch };

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
    journey: journeyOf(item),
  };
}

function journeyOf(item: ParsedItem): JourneyScore | null {
  if (item.kind !== 'conversation' || !item.metrics) return null;
  const graph = item.metadata.graph;
  const toolCallAccuracy = item.metrics.toolCallAccuracy;
  return typeof graph === 'string' && typeof toolCallAccuracy === 'number' ? { graph, toolCallAccuracy } : null;
}

/**
 * SHA-256 of an item's content: kind, canonical payload and raw text, NUL-separated. Fed in
 * parts rather than concatenated first, which would copy every payload once more.
 */
export function contentHashOf(item: Pick<PreparedItem, 'kind' | 'payload' | 'rawText'>): string {
  return createHash('sha256').update(item.kind).update('\0').update(item.payload).update('\0').update(item.rawText ?? '').digest('hex');
}
