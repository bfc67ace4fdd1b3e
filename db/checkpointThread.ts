import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Copies a workspace's WAL into its database file on a thread of its own, with a connection of
 * its own, so that a long writer (an import) does not stop writing while it is done. A
 * checkpoint is mostly waiting for the disk (the WAL is synced before the copy, the database
 * after it): 100,000 conversations made ~10 checkpoints of up to ~130 ms each on the importing
 * thread. A PASSIVE checkpoint takes no lock a writer needs, so it runs beside the writes.
 *
 * The thread is started by the first request only (most sessions never write that much), and
 * one checkpoint runs at a time: a request made meanwhile is run once the current one is done.
 * Should the thread fail to start or die, `request` says so (returns false) and the caller
 * checkpoints on its own thread as before.
 */
export class CheckpointThread {
  private worker: Worker | null = null;
  private failed = false;
  private running = false;
  private again = false;
  /** Set to 1 by the thread once its connection is closed (see close). */
  private readonly closed = new Int32Array(new SharedArrayBuffer(4));

  constructor(
    private readonly file: string,
    /** Told of each checkpoint done, with how long it took (ms) on the checkpoint thread. */
    private readonly done: (ms: number) => void,
  ) {}

  /** Asks for a checkpoint; false when there is no thread to run it (the caller runs it). */
  request(): boolean {
    if (this.failed) return false;
    if (!this.worker && !this.start()) return false;
    if (this.running) {
      this.again = true;
      return true;
    }
    this.running = true;
    this.worker!.postMessage('checkpoint');
    return true;
  }

  /**
   * Closes the thread's connection and waits (at most CLOSE_WAIT_MS: a checkpoint under way
   * finishes first) until it has, so that the workspace's own connections close last, as
   * without the thread: the last one to close removes the WAL. The thread then ends.
   */
  close(): void {
    const worker = this.worker;
    this.worker = null;
    this.failed = true;
    if (!worker) return;
    worker.postMessage('close');
    Atomics.wait(this.closed, 0, 0, CLOSE_WAIT_MS);
  }

  private start(): boolean {
    try {
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      const worker = new Worker(WORKER_CODE, { eval: true, workerData: { driver, file: this.file, closed: this.closed }, resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 } });
      worker.unref();
      worker.on('message', (ms: number) => {
        this.running = false;
        this.done(ms);
        if (this.again) {
          this.again = false;
          this.request();
        }
      });
      worker.on('error', () => this.fail());
      worker.on('exit', () => this.fail());
      this.worker = worker;
      return true;
    } catch {
      this.failed = true;
      return false;
    }
  }

  private fail(): void {
    this.failed = true;
    this.worker = null;
    this.running = false;
  }
}

/** Longest wait for the thread to close its connection (a checkpoint it is running finishes first). */
const CLOSE_WAIT_MS = 5_000;

/**
 * The thread: one connection, a PASSIVE checkpoint per request (busy with another checkpoint:
 * skipped, the next catches up), its duration posted back. CommonJS run with `eval`, so it
 * needs no file of its own in any build (the driver is found by the path the caller resolved).
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
db.pragma('synchronous = FULL');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    Atomics.store(workerData.closed, 0, 1);
    Atomics.notify(workerData.closed, 0);
    parentPort.close();
    return;
  }
  const started = performance.now();
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
  parentPort.postMessage(performance.now() - started);
});
`;
