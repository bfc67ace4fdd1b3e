// Worker side of a threaded import: parses one file and streams prepared items back, so the
// importing thread only writes to the database. At most a few batches are in flight: the
// worker waits for the importer's credit before sending more (bounded memory).
import { parentPort, workerData } from 'node:worker_threads';
import { formatById } from '../../core/formats/registry';
import { FormatError } from '../../core/formats/types';
import { GarbageBudget } from './collectGarbage';
import { HandOffPolicy } from './handOffPolicy';
import { packItems } from './packedItems';
import { BIG_RECORD_CHARS, parseFile, type PreparedItem } from './preparedItems';
import type { ParseJob, WorkerMessage } from './parseInWorker';

const job = workerData as ParseJob;
const port = parentPort!;
let credit = 0;
let waiting: (() => void) | null = null;
/** When lines the importing thread asked for (it had nothing to write) are handed over. */
const handOffs = new HandOffPolicy();
port.on('message', (message: { type: 'credit'; n: number } | { type: 'hand-off' }) => {
  if (message.type === 'hand-off') {
    handOffs.ask();
    return;
  }
  credit += message.n;
  waiting?.();
  waiting = null;
});
const handOff = () => handOffs.handOff();
const post = (message: WorkerMessage) => port.postMessage(message);

/**
 * Big records (each over 64 KB) leave their strings in V8's large-object space, which grows by
 * hundreds of MB before V8 collects it on its own: a full collection every 16 MB of them keeps
 * the worker's heap small (see collectGarbage.ts). Small records need none: their garbage dies
 * young, in the cheap collections V8 runs all the time.
 */
const garbage = new GarbageBudget(16 * 1024 * 1024);

function spendOnBigRecords(items: PreparedItem[]): void {
  for (const item of items) if (item.payload.length > BIG_RECORD_CHARS) garbage.spend(item.payload.length);
}

async function run(): Promise<void> {
  const format = formatById(job.formatId, job.framing);
  if (!format) throw new Error(`no format module ${job.formatId} for ${job.framing}`);
  let lastBytes = 0;
  // Until this many bytes of the file are read, batches go out without waiting for credit; the
  // credit they borrowed is paid back by the importing thread's credit as it takes them.
  const headStart = job.headStartBytes ?? 0;
  let bytesRead = 0;
  const onBytes = (bytes: number) => {
    bytesRead = bytes;
    if (bytes - lastBytes >= 1 << 20) {
      lastBytes = bytes;
      post({ type: 'bytes', bytes });
    }
  };
  const options = { onBytes, handOff: job.shareParsing ? handOff : undefined, limits: job.limits };
  for await (const event of parseFile(typeof job.file === 'string' ? job.file : Buffer.from(job.file), job.framing, format, job.fileName, options)) {
    const mustWait = credit <= 0 && bytesRead >= headStart;
    while (credit <= 0 && bytesRead >= headStart) await new Promise<void>((resolve) => (waiting = resolve));
    handOffs.sending(mustWait);
    credit--;
    if (event.type === 'skip') post({ type: 'skip', error: serialise(event.error) });
    else if (event.type === 'items') post({ type: 'items', packed: packItems(event.items) });
    else post(event);
    if (event.type === 'items') spendOnBigRecords(event.items);
    // Messages are only taken between tasks: turning the event loop after each batch lets a
    // request for lines be seen at once rather than at the next read of the file.
    if (job.shareParsing) await new Promise((resolve) => setImmediate(resolve));
  }
  post({ type: 'done' });
}

function serialise(error: FormatError) {
  return { message: error.message, line: error.line, column: error.column, field: error.field };
}

run().catch((error: unknown) => {
  if (error instanceof FormatError) post({ type: 'fatal', error: { ...serialise(error), format: true } });
  else post({ type: 'fatal', error: { message: (error as Error)?.message ?? String(error), line: null, column: null, field: null, format: false } });
});
