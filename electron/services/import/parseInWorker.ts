import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Framing } from '../../core/formats/module';
import { FormatError } from '../../core/formats/types';
import type { ParseEvent, PreparedItem } from './preparedItems';

/** What the worker is asked to parse. */
export interface ParseJob {
  file: string;
  framing: Framing;
  formatId: string;
  fileName: string;
}

interface SerialisedError {
  message: string;
  line: number | null;
  column: number | null;
  field: string | null;
  format?: boolean;
}

/** Messages from the worker. */
export type WorkerMessage =
  | { type: 'items'; items: PreparedItem[] }
  | { type: 'skip'; error: SerialisedError }
  | { type: 'bytes'; bytes: number }
  | { type: 'fatal'; error: SerialisedError }
  | { type: 'done' };

/** Batches the worker may send ahead of the importer. */
const IN_FLIGHT = 2;
/** Files smaller than this are parsed in the importing thread: a worker costs more than it saves. */
export const WORKER_MIN_BYTES = 8 * 1024 * 1024;

const ENTRY = new URL('./parseWorkerEntry.mjs', import.meta.url);

/**
 * Whether a file should be parsed in a worker thread: a big, record-framed file, on a build
 * that ships the worker entry (the bundled desktop app parses in-process).
 * ACCORD_IMPORT_WORKER=0 never uses one, =1 always does (for record-framed files; tests).
 */
export function useWorkerFor(file: string, framing: Framing): boolean {
  const setting = process.env.ACCORD_IMPORT_WORKER;
  if (setting === '0') return false;
  if (framing !== 'jsonl' && framing !== 'csv') return false;
  if (ENTRY.protocol !== 'file:' || !fs.existsSync(ENTRY)) return false;
  if (setting === '1') return true;
  try {
    return fs.statSync(file).size >= WORKER_MIN_BYTES;
  } catch {
    return false;
  }
}

/**
 * The same events as `parseFile`, produced by a worker thread so that parsing (JSON, format
 * modules, serialising, hashing) runs beside the database writes on another core. Stopping
 * early (an error, a cancel) terminates the worker.
 */
export async function* parseFileInWorker(job: ParseJob, options: { signal?: AbortSignal; onBytes?: (bytes: number) => void }): AsyncGenerator<ParseEvent> {
  // A small young generation keeps the worker's garbage (parsed records it has already sent)
  // from piling up before V8 collects it: the import must stay within bounded memory.
  const worker = new Worker(ENTRY, { workerData: job, resourceLimits: { maxYoungGenerationSizeMb: 16 } });
  const queue: WorkerMessage[] = [];
  let wake: (() => void) | null = null;
  let crashed: Error | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: WorkerMessage) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (error) => {
    crashed = error;
    notify();
  });
  worker.on('exit', (code) => {
    if (code !== 0) crashed ??= new Error(`the import worker stopped (exit code ${code})`);
    notify();
  });
  const abort = () => notify();
  options.signal?.addEventListener('abort', abort);
  worker.postMessage({ type: 'credit', n: IN_FLIGHT });
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      const message = queue.shift();
      if (!message) {
        if (crashed) throw crashed;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      switch (message.type) {
        case 'bytes':
          options.onBytes?.(message.bytes);
          break;
        case 'items':
          worker.postMessage({ type: 'credit', n: 1 });
          yield message;
          break;
        case 'skip':
          worker.postMessage({ type: 'credit', n: 1 });
          yield { type: 'skip', error: new FormatError(message.error.message, message.error.line, message.error.column, message.error.field) };
          break;
        case 'fatal': {
          const e = message.error;
          throw e.format ? new FormatError(e.message, e.line, e.column, e.field) : new Error(e.message);
        }
        case 'done':
          return;
      }
    }
  } finally {
    options.signal?.removeEventListener('abort', abort);
    await worker.terminate();
  }
}
