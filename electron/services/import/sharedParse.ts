import fs from 'node:fs';
import type { FormatModule } from '../../core/formats/module';
import { ParseWorker, type ParseJob } from './parseInWorker';
import { parseFile, type ParseEvent, type ParseOptions } from './preparedItems';

/** Records per block when parsers share a file: about one message's worth. */
const BLOCK_RECORDS = 64;

/**
 * Who parses which blocks of a big file: `owners[b % owners.length]` parses block `b`, where 0
 * is the importing thread and 1, 2, … are worker threads. `[1]` alone means one worker parses
 * the whole file (no blocks).
 */
export type ShareLayout = readonly number[];

/** Records longer than this on average are all parsed by the worker (see {@link layoutFor}). */
const SHARED_RECORD_BYTES = 64 * 1024;
/** Bytes read from the start of a file to estimate its record length. */
const SAMPLE_BYTES = 4 * 1024 * 1024;

/**
 * The layout for a file. One worker parses three blocks in four and the importing thread the
 * fourth, between its writes: the writes leave it idle most of the time, and a second worker
 * would cost a whole V8 heap (too much memory for the 400 MB import budget). Files of long
 * records are parsed by the worker alone: their large strings would pile up in the importing
 * thread's heap until a full collection. So is a format whose records depend on each other.
 * ACCORD_IMPORT_LAYOUT overrides it (tests), as digits: "1110", "12", "1".
 */
export function layoutFor(format: FormatModule, file: string): ShareLayout {
  if (!format.independentRecords) return [1];
  const setting = process.env.ACCORD_IMPORT_LAYOUT;
  if (setting && /^[0-9]+$/.test(setting) && setting.includes('1')) return [...setting].map(Number);
  return averageRecordBytes(file) <= SHARED_RECORD_BYTES ? [1, 1, 1, 0] : [1];
}

/** Mean bytes per line over the start of the file; Infinity when no line ends there. */
function averageRecordBytes(file: string): number {
  const sample = Buffer.alloc(SAMPLE_BYTES);
  const fd = fs.openSync(file, 'r');
  try {
    const n = fs.readSync(fd, sample, 0, SAMPLE_BYTES, 0);
    let lines = 0;
    for (let i = sample.indexOf(10); i !== -1 && i < n; i = sample.indexOf(10, i + 1)) lines++;
    return lines === 0 ? Infinity : n / lines;
  } finally {
    fs.closeSync(fd);
  }
}

/** One participant's events, in order: a worker thread or a parser running in this thread. */
interface EventSource {
  next(): Promise<ParseEvent | 'done'>;
  close(): Promise<void>;
}

function inThisThread(events: AsyncGenerator<ParseEvent>): EventSource {
  return {
    async next() {
      const result = await events.next();
      return result.done ? 'done' : result.value;
    },
    async close() {
      await events.return(undefined);
    },
  };
}

/**
 * The same events as `parseFile`, produced by the parsers of a layout: workers on other cores
 * and, if the layout says so, this thread. Blocks are taken from their owners in turn, so
 * events keep file order. Stopping early (an error, a cancel) stops every parser.
 */
export async function* parseFileShared(
  workerCode: URL,
  job: ParseJob,
  format: FormatModule,
  layout: ShareLayout,
  options: ParseOptions,
): AsyncGenerator<ParseEvent> {
  const shared = layout.length > 1;
  const participants = [...new Set(layout)];
  const sources = new Map<number, EventSource>();
  let bytes = 0;
  const onBytes = (read: number) => {
    // Every parser reads the whole file; report the furthest.
    if (read > bytes) options.onBytes?.((bytes = read));
  };
  for (const id of participants) {
    const share = shared ? { owners: layout, me: id, blockRecords: BLOCK_RECORDS } : undefined;
    sources.set(
      id,
      id === 0
        ? inThisThread(parseFile(job.file, job.framing, format, job.fileName, { signal: options.signal, share }))
        : new ParseWorker(workerCode, { ...job, share }, { signal: options.signal, onBytes }),
    );
  }
  try {
    for (let block = 0; ; ) {
      const event = await sources.get(layout[block % layout.length])!.next();
      // The parser whose block is next has no more: the file has ended for all of them.
      if (event === 'done') return;
      if (event.type === 'items' && event.blockEnd) block++;
      yield event;
    }
  } finally {
    await Promise.all([...sources.values()].map((source) => source.close()));
  }
}
