import { hash } from 'node:crypto';
import type { FindingWrite } from '../../../db/queries/catalog';
import { NUMBERS_AS_WRITTEN } from '../../common/numbersAsWritten';
import type { FormatModule, FormatReader, Framing } from '../../core/formats/module';
import { recordLimits, type RecordLimits } from '../../core/formats/recordLimits';
import { collectingInexact, outOfRangeMessage, type InexactLiteral } from '../../core/formats/exactNumbers';
import { FormatError, type Finding, type ImportedAnnotations, type ParsedItem } from '../../core/formats/types';
import { frameJsonlLine, jsonlLineBatches, readRecords, type FramedRecord, type JsonlLine } from './records';
import type { SourcePath } from './sourceFiles';
import { readUtf8Chunks } from './textStream';

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
  /** Labels the source carries with the item (JUDGE-BENCH), for the task the import creates. */
  annotations?: ImportedAnnotations;
}

/** One conversation's contribution to its graph's User Journey Coverage Score. */
export interface JourneyScore {
  graph: string;
  toolCallAccuracy: number;
}

/**
 * What parsing a file produces, in file order: items to write, a record to skip, or JSONL
 * lines handed over unparsed for the importing thread to parse itself (see `handOff`).
 */
export type ParseEvent = { type: 'items'; items: PreparedItem[] } | { type: 'skip'; error: FormatError } | { type: 'lines'; lines: JsonlLine[] };

export interface ParseOptions {
  signal?: AbortSignal;
  onBytes?: (bytes: number) => void;
  /**
   * For a JSONL file whose format reads each record on its own (`independentRecords`): asked
   * between batches; when it says yes, the next lines are handed over unparsed as a `lines`
   * event. The importing thread asks for lines when it would otherwise sit waiting for the
   * worker, so the two threads share the parsing (see parseInWorker.ts).
   */
  handOff?: () => boolean;
  /** Longest record, largest document, most CSV columns (defaults: DEFAULT_RECORD_LIMITS). */
  limits?: Partial<RecordLimits>;
}

/**
 * A batch is sent at this many items or this many characters of payload, whichever comes
 * first: large enough to amortise messages between threads, small enough to keep memory flat
 * when records are huge.
 */
const BATCH_ITEMS = 64;
const BATCH_CHARS = 1024 * 1024;
/** Lines handed over at once: enough to keep the importing thread busy for a while. */
const HAND_OFF_LINES = 4 * BATCH_ITEMS;
/**
 * A big record: its line is never handed over (memory, see parseJsonlHandingOff), and the
 * worker collects the garbage such records leave (parseWorker.ts).
 */
export const BIG_RECORD_CHARS = 64 * 1024;

/**
 * Reads a file record by record through its format module and prepares each item for the
 * database. Record-level problems come out as `skip` events (the caller rejects the file or
 * skips them); file-level problems are thrown. Runs in the importing thread or in a worker.
 */
export async function* parseFile(file: SourcePath, framing: Framing, format: FormatModule, fileName: string, options: ParseOptions = {}): AsyncGenerator<ParseEvent> {
  const batcher = new ItemBatcher(format.createReader({ fileName }));
  const { handOff } = options;
  if (framing === 'jsonl' && handOff && format.independentRecords) {
    const lines = jsonlLineBatches(readUtf8Chunks(file, options.onBytes, options.signal), recordLimits(options.limits).maxRecordBytes);
    yield* parseJsonlHandingOff(lines, batcher, handOff);
  } else {
    for await (const framed of readRecords(file, framing, options)) {
      const error = batcher.add(framed);
      if (error) yield* skipInOrder(batcher, error);
      if (batcher.full) yield { type: 'items', items: batcher.take() };
    }
  }
  batcher.finish();
  if (batcher.size > 0) yield { type: 'items', items: batcher.take() };
}

async function* parseJsonlHandingOff(batches: AsyncIterable<JsonlLine[]>, batcher: ItemBatcher, handOff: () => boolean): AsyncGenerator<ParseEvent> {
  let handing: JsonlLine[] | null = null;
  let handingChars = 0;
  for await (const lines of batches) for (const raw of lines) {
    // Big records stay in the worker: parsing them in the importing thread as well would add
    // a second heap full of them to the import's memory.
    const small = raw.text.length <= BIG_RECORD_CHARS;
    if (handing && !small) {
      yield { type: 'lines', lines: handing };
      handing = null;
    }
    // Only between batches, so that events stay in file order.
    if (handing === null && small && batcher.size === 0 && handOff()) {
      handing = [];
      handingChars = 0;
    }
    if (handing) {
      handing.push(raw);
      handingChars += raw.text.length;
      if (handing.length >= HAND_OFF_LINES || handingChars >= BATCH_CHARS) {
        yield { type: 'lines', lines: handing };
        handing = null;
      }
      continue;
    }
    const error = batcher.add(frameJsonlLine(raw));
    if (error) yield* skipInOrder(batcher, error);
    if (batcher.full) yield { type: 'items', items: batcher.take() };
  }
  if (handing) yield { type: 'lines', lines: handing };
}

/**
 * A skipped record, after the items of the records before it: events stay in file order, so
 * the errors an import lists (a skipped record, a duplicate id found while writing) come in
 * line order however the records were batched or shared between threads.
 */
function* skipInOrder(batcher: ItemBatcher, error: FormatError): Generator<ParseEvent> {
  if (batcher.size > 0) yield { type: 'items', items: batcher.take() };
  yield { type: 'skip', error };
}

/**
 * Parses lines handed over by a worker (`lines` events) with a reader of the importing
 * thread's own: the same items and skips the worker would have produced.
 */
export function prepareLines(lines: JsonlLine[], reader: FormatReader): ParseEvent[] {
  const batcher = new ItemBatcher(reader);
  const events: ParseEvent[] = [];
  for (const raw of lines) {
    const error = batcher.add(frameJsonlLine(raw));
    if (error) events.push(...skipInOrder(batcher, error));
  }
  if (batcher.size > 0) events.push({ type: 'items', items: batcher.take() });
  return events;
}

/** Prepares the items of framed records into batches. */
class ItemBatcher {
  private batch: PreparedItem[] = [];
  private chars = 0;
  /**
   * Findings about numbers no double holds (kept as text), waiting for the item their record
   * goes into: most readers return it at once, the event-stream reader only at the end.
   */
  private numberFindings: Finding[] = [];
  /**
   * The digits of the integers beyond 2^53 the records held (kept as strings), waiting for the
   * items of their record: listed in each item's payload so viewers can show them bare again
   * (electron/common/numbersAsWritten.ts).
   */
  private numbersAsWritten = new Set<string>();

  constructor(private readonly reader: FormatReader) {}

  get size(): number {
    return this.batch.length;
  }

  get full(): boolean {
    return this.batch.length >= BATCH_ITEMS || this.chars >= BATCH_CHARS;
  }

  /** Adds one record's items; returns the error that makes it skipped, if any. */
  add(framed: FramedRecord): FormatError | null {
    if (framed.error) return framed.error;
    if (framed.inexact) {
      this.numberFindings.push(...numberFindings(framed.inexact));
      for (const literal of framed.inexact) if (literal.kind === 'big-integer') this.numbersAsWritten.add(literal.raw);
    }
    let items: ParsedItem[];
    try {
      items = this.read(() => this.reader.add(framed.record, framed.line, framed.ordinal));
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      return error.line === null ? new FormatError(error.message, framed.line, error.column, error.field) : error;
    }
    for (const item of this.withNumberFindings(items)) {
      const prepared = prepareItem(item, framed.line);
      this.chars += prepared.payload.length + (prepared.rawText?.length ?? 0);
      this.batch.push(prepared);
    }
    return null;
  }

  /** End of file: the items the reader still held. */
  finish(): void {
    for (const item of this.withNumberFindings(this.read(() => this.reader.finish()))) this.batch.push(prepareItem(item, 1));
  }

  /** Runs the reader, noting the integers beyond 2^53 of JSON text nested in the record (arguments, outputs). */
  private read(run: () => ParsedItem[]): ParsedItem[] {
    const nested: InexactLiteral[] = [];
    try {
      return collectingInexact(nested, run);
    } finally {
      for (const literal of nested) if (literal.kind === 'big-integer') this.numbersAsWritten.add(literal.raw);
    }
  }

  /**
   * The items, the first one carrying the number findings of the records read so far, and each
   * listing the integers beyond 2^53 of those records.
   */
  private withNumberFindings(items: ParsedItem[]): ParsedItem[] {
    // The usual record, every number a double: nothing to copy (this runs once per record).
    if (items.length === 0 || (this.numbersAsWritten.size === 0 && this.numberFindings.length === 0)) return items;
    const numbers = [...this.numbersAsWritten];
    this.numbersAsWritten.clear();
    const listed = numbers.length === 0 ? items : items.map((item) => withNumbersAsWritten(item, numbers, items.length > 1));
    if (this.numberFindings.length === 0) return listed;
    const [first, ...rest] = listed;
    const findings = this.numberFindings;
    this.numberFindings = [];
    return [{ ...first, findings: [...first.findings, ...findings] }, ...rest];
  }

  take(): PreparedItem[] {
    const batch = this.batch;
    this.batch = [];
    this.chars = 0;
    return batch;
  }
}

/**
 * The item with its payload listing the integers its source wrote beyond 2^53 (see
 * numbersAsWritten.ts): those its payload holds, since one record can give several items (a
 * JSON document's instances, an OTLP export's traces), each holding only some of them. A
 * record's only item holds them all: it is not serialised again to look (a JSONL of 100,000
 * conversations with 20-digit order ids would pay a second stringify per item).
 */
function withNumbersAsWritten(item: ParsedItem, numbers: string[], shared: boolean): ParsedItem {
  const payload = item.payload;
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return item;
  const text = shared ? JSON.stringify(payload) : null;
  const held = text === null ? numbers : numbers.filter((digits) => text.includes(digits));
  return held.length === 0 ? item : { ...item, payload: { ...payload, [NUMBERS_AS_WRITTEN]: held } };
}

/** Findings for the literals of a record that are outside the range of a double (kept as text). */
function numberFindings(literals: InexactLiteral[]): Finding[] {
  return literals
    .filter((literal) => literal.kind === 'out-of-range')
    .map((literal) => ({ validator: 'number-out-of-range', severity: 'warning' as const, location: null, message: outOfRangeMessage(literal) }));
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
    ...(item.annotations ? { annotations: item.annotations } : {}),
  };
}

function journeyOf(item: ParsedItem): JourneyScore | null {
  if (item.kind !== 'conversation' || !item.metrics) return null;
  const graph = item.metadata.graph;
  const toolCallAccuracy = item.metrics.toolCallAccuracy;
  return typeof graph === 'string' && typeof toolCallAccuracy === 'number' ? { graph, toolCallAccuracy } : null;
}

/**
 * SHA-256 of an item's content: kind, canonical payload and raw text, NUL-separated. One
 * one-shot hash of the joined text: every `update` of a Hash object costs a call into the
 * native side and a conversion of its own, and five of them per item cost more than copying
 * the payload once (100,000 conversations: ~0.1 s of CPU less).
 */
export function contentHashOf(item: Pick<PreparedItem, 'kind' | 'payload' | 'rawText'>): string {
  return hash('sha256', `${item.kind}\0${item.payload}\0${item.rawText ?? ''}`, 'hex');
}
