import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Framing } from '../../core/formats/module';
import type { RecordLimits } from '../../core/formats/recordLimits';
import { FormatError } from '../../core/formats/types';
import { unpackItems, type PackedItems } from './packedItems';
import type { ParseEvent } from './preparedItems';
import type { SourcePath } from './sourceFiles';
import type { JsonlLine } from './records';

/** What the worker is asked to parse. */
export interface ParseJob {
  /** A name held as bytes arrives in the worker as a Uint8Array (structured clone). */
  file: SourcePath | Uint8Array;
  framing: Framing;
  formatId: string;
  fileName: string;
  /**
   * The format reads records independently: the worker hands lines over, unparsed, when the
   * importing thread asks, and that thread parses them itself (`lines` events).
   */
  shareParsing: boolean;
  limits?: Partial<RecordLimits>;
  /**
   * Bytes of the file the worker may parse before the importing thread gives it any credit: a
   * worker started while the importing thread is still busy hashing the file (see importFiles.ts)
   * parses ahead meanwhile instead of stopping after its first batches. Counted in bytes of the
   * file, not in batches, so that the head start holds as much memory whatever the size of the
   * records.
   */
  headStartBytes?: number;
}

interface SerialisedError {
  message: string;
  line: number | null;
  column: number | null;
  field: string | null;
  format?: boolean;
}

/** Messages from a worker. */
export type WorkerMessage =
  | { type: 'items'; packed: PackedItems }
  | { type: 'lines'; lines: JsonlLine[] }
  | { type: 'skip'; error: SerialisedError }
  | { type: 'bytes'; bytes: number }
  | { type: 'fatal'; error: SerialisedError }
  | { type: 'done' };

/**
 * The worker stopped before sending anything — its code could not be loaded, say. Nothing was
 * parsed, so the file can be parsed in the importing thread instead (see parseInWorkerOrHere).
 */
export class WorkerStartError extends Error {
  constructor(reason: string) {
    super(`the import worker could not start (${reason})`);
    this.name = 'WorkerStartError';
  }
}

/** Batches the worker may send ahead of the importer (bounded memory). */
const IN_FLIGHT = 2;
/**
 * Once lines are being handed over, more: while this thread parses them, the worker goes on and
 * must not stall for want of credit. Only then: a file of big records never hands lines over
 * (they stay in the worker), and for it more batches in flight would only be more memory.
 */
const IN_FLIGHT_SHARING = 8;
/**
 * A big file: parsed with a worker (smaller ones are parsed in the importing thread, where a
 * worker would cost more than it saves).
 */
export const BIG_FILE_BYTES = 8 * 1024 * 1024;

/**
 * Whether a file is worth parsing with the help of a worker thread: a big, record-framed file.
 * ACCORD_IMPORT_WORKER=0 never uses one, =1 always does (for record-framed files; tests).
 */
export function useWorkerFor(file: SourcePath, framing: Framing): boolean {
  const setting = process.env.ACCORD_IMPORT_WORKER;
  if (setting === '0') return false;
  if (framing !== 'jsonl' && framing !== 'csv') return false;
  if (setting === '1') return true;
  try {
    return fs.statSync(file).size >= BIG_FILE_BYTES;
  } catch {
    return false;
  }
}

/**
 * The worker's young generation, where the records it parses and sends are born and mostly
 * die. 16 MB: with the import's budget now 300 MB, 32 MB cost 20-45 MB more peak memory on
 * 100,000 conversations for no CPU saved that could be told from noise (three runs each,
 * 10.0-10.2 s of CPU either way; an earlier measurement had found ~7% less with 32 MB).
 */
const YOUNG_GENERATION_MB = 16;

/**
 * A worker thread parsing a file, read as a stream of events. It sends batches ahead only
 * against credit, which taking an event returns (bounded memory).
 */
class ParseWorker {
  private readonly queue: WorkerMessage[] = [];
  /** Lines were asked for and have not come yet. */
  private linesAsked = false;
  /** The worker has sent something: it is running (a failure now is not a failure to start). */
  private started = false;
  /** Lines have been handed over: the worker has its larger credit. */
  private sharing = false;
  private crashed: Error | null = null;
  /** How far the worker has read the file, as it last said (per MB), whether or not its events were taken. */
  bytesRead = 0;
  private wake: (() => void) | null = null;
  private readonly worker: Worker;

  constructor(
    code: URL,
    private readonly job: ParseJob,
    private readonly options: { signal?: AbortSignal; onBytes?: (bytes: number) => void },
  ) {
    this.worker = new Worker(code, { workerData: job, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    running.add(this);
    this.worker.on('message', (message: WorkerMessage) => {
      this.started = true;
      if (message.type === 'bytes') this.bytesRead = message.bytes;
      this.queue.push(message);
      this.notify();
    });
    this.worker.on('error', (error) => {
      this.crashed = this.started ? error : new WorkerStartError(error.message);
      this.notify();
    });
    this.worker.on('exit', (code) => {
      running.delete(this);
      if (code !== 0) this.crashed ??= this.started ? new Error(`the import worker stopped (exit code ${code})`) : new WorkerStartError(`exit code ${code}`);
      this.notify();
    });
    options.signal?.addEventListener('abort', this.notify);
    this.worker.postMessage({ type: 'credit', n: IN_FLIGHT });
  }

  private readonly notify = () => {
    this.wake?.();
    this.wake = null;
  };

  /** The worker's next event, or 'done' when it has parsed all it was given. */
  async next(): Promise<ParseEvent | 'done'> {
    for (;;) {
      this.options.signal?.throwIfAborted();
      const message = this.queue.shift();
      // Nothing more queued: this thread is about to run dry, so it asks the worker for lines
      // to parse itself (they come a little later: the worker answers between its reads, once
      // this thread has kept up: see handOffPolicy.ts). On two cores the worker's parsing is
      // the slower half of an import; this evens them out.
      if (this.queue.length === 0 && this.job.shareParsing && !this.linesAsked) {
        this.linesAsked = true;
        this.worker.postMessage({ type: 'hand-off' });
      }
      if (!message) {
        if (this.crashed) throw this.crashed;
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      switch (message.type) {
        case 'bytes':
          this.options.onBytes?.(message.bytes);
          continue;
        case 'items':
          this.worker.postMessage({ type: 'credit', n: 1 });
          return { type: 'items', items: unpackItems(message.packed) };
        case 'lines':
          this.linesAsked = false;
          this.worker.postMessage({ type: 'credit', n: this.sharing ? 1 : 1 + IN_FLIGHT_SHARING - IN_FLIGHT });
          this.sharing = true;
          return message;
        case 'skip':
          this.worker.postMessage({ type: 'credit', n: 1 });
          return { type: 'skip', error: new FormatError(message.error.message, message.error.line, message.error.column, message.error.field) };
        case 'fatal': {
          const e = message.error;
          throw e.format ? new FormatError(e.message, e.line, e.column, e.field) : new Error(e.message);
        }
        case 'done':
          return 'done';
      }
    }
  }

  async close(): Promise<void> {
    this.options.signal?.removeEventListener('abort', this.notify);
    await this.worker.terminate();
    running.delete(this);
  }
}

/** Parse workers started and not yet stopped. */
const running = new Set<ParseWorker>();

/** How many parse workers are running in this process (none once every import is done: tests). */
export function runningParseWorkers(): number {
  return running.size;
}

/** A parse worker started (see startParseWorker): its events are read with parsedEvents, or it is stopped. */
export interface StartedParseWorker {
  /** How far the worker has read the file, as it last said (it says so per MB read). */
  readonly bytesRead: number;
  close(): Promise<void>;
}

/**
 * Starts a worker thread parsing a file now; its events are read later with
 * {@link parsedEvents}, or it is stopped with `close` (an import that turns out to have nothing
 * to do). Started before the importing thread can take its events, it parses ahead up to
 * `job.headStartBytes` of the file.
 */
export function startParseWorker(code: URL, job: ParseJob, options: { signal?: AbortSignal; onBytes?: (bytes: number) => void }): StartedParseWorker {
  return new ParseWorker(code, job, options);
}

/**
 * The same events as `parseFile`, produced by a worker thread so that parsing (JSON, format
 * modules, serialising) runs beside the database writes on another core. Stopping early (an
 * error, a cancel) terminates the worker.
 */
export function parseFileInWorker(code: URL, job: ParseJob, options: { signal?: AbortSignal; onBytes?: (bytes: number) => void }): AsyncGenerator<ParseEvent> {
  return parsedEvents(startParseWorker(code, job, options));
}

/** The events of a worker {@link startParseWorker} started; terminates it once they are read or reading stops. */
export async function* parsedEvents(started: StartedParseWorker): AsyncGenerator<ParseEvent> {
  const worker = started as ParseWorker;
  try {
    for (let event = await worker.next(); event !== 'done'; event = await worker.next()) yield event;
  } finally {
    await worker.close();
  }
}

/**
 * The worker's events, or — when the worker cannot start at all — the same events parsed in
 * this thread: slower, but the import goes through (and says why on stderr).
 */
export async function* parseInWorkerOrHere(inWorker: AsyncGenerator<ParseEvent>, here: () => AsyncGenerator<ParseEvent>): AsyncGenerator<ParseEvent> {
  let first: IteratorResult<ParseEvent>;
  try {
    first = await inWorker.next();
  } catch (error) {
    if (!(error instanceof WorkerStartError)) throw error;
    console.warn(`${error.message}; parsing in the importing thread instead`);
    yield* here();
    return;
  }
  if (first.done) return;
  try {
    yield first.value;
    yield* inWorker;
  } finally {
    // Stopped early (a rejected file, a cancel): the worker is terminated here too.
    await inWorker.return(undefined);
  }
}
