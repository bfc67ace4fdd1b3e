import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { CheckpointThread } from './checkpointThread';
import type { Db } from './workspace';

// The one write path (DESIGN.md §1, STYLE.md "One write path"). Every write to a workspace is a
// synchronous function run here inside `BEGIN IMMEDIATE … COMMIT`; this module alone owns the
// lock, the transaction, retries when another process holds the lock, and how long the lock is
// held. A test (onePath.test.ts) fails on a `BEGIN` or `.transaction(` anywhere else.
//
// Why a synchronous function: nothing can interleave with it. No `await` can sit inside a
// transaction, so an open transaction never spans other work on this thread, and reads made
// between writes never see uncommitted rows. A long writer (an import) is a series of short
// writes ("chunks"), each holding the lock at most CHUNK_BUDGET_MS, so a label save queued
// behind one waits at most that long.
//
// Two connections: reads go to a reader opened `query_only`, writes to a writer that is
// `query_only` too except while a write function runs. A write outside this path therefore fails
// at run time ("attempt to write a readonly database") as well as in the test. The session's
// connection (`session.db`, behind `ctx.sql`) is a routed view (`routedDb`) that is the writer
// while a write function runs on this thread and the reader otherwise, and statements prepared
// through it follow it.

/**
 * What a chunk of a long writer holds the lock for at most before it commits; the commit (a sync
 * of the WAL) comes on top, and the two stay under the 250 ms an annotator's save may wait.
 */
export const CHUNK_BUDGET_MS = 150;
/**
 * Once a long writer's chunks have held the lock for CHUNK_GAP_EVERY_MS in all, it leaves it free
 * for CHUNK_GAP_MS before its next chunk, so that another process polling for the lock (an
 * annotator's save in `accord serve` while the CLI imports) gets in: SQLite's lock is not a
 * queue, and a writer that asks again at once would win every time. Waiters in other processes
 * poll every 1–4 ms (RETRY_* below), so they find a gap this long. A pause of the writer's own
 * as long as the gap (waiting for its parser, say) counts as one.
 */
export const CHUNK_GAP_MS = 8;
export const CHUNK_GAP_EVERY_MS = 100;
/**
 * A writer of another process waiting for the lock says so by touching a file beside the
 * workspace (`<workspace>-waiting`) each time it polls; before each chunk, a long writer looks at
 * the file and, while a poll is this recent, holds its chunk back (a little at a time, up to
 * CHUNK_YIELD_MAX_MS) so the waiter gets in. The gaps above alone may be missed by a waiter whose
 * process the machine is slow to schedule; this cannot be.
 */
const WAITING_FRESH_MS = 25;
const CHUNK_YIELD_STEP_MS = 2;
const CHUNK_YIELD_MAX_MS = 250;
/** How long a write waits for another process's lock before it is refused. */
export const DEFAULT_MAX_WAIT_MS = 30_000;
/** Retry delays while another process holds the lock: short first, so a gap between chunks is caught. */
const RETRY_FAST_MS = [1, 4] as const;
const RETRY_SLOW_MS = [5, 25] as const;
/** Waits beyond this long poll at the slow rate (the holder is not a chunked writer). */
const FAST_POLL_FOR_MS = 2_000;
/**
 * When this connection checkpoints the WAL (see checkpointSoon): once its writes since the last
 * checkpoint changed this many rows (~10 MB of an import), after this many writes, or once it
 * has been idle this long.
 */
const CHECKPOINT_AFTER_ROWS = 10_000;
const CHECKPOINT_AFTER_WRITES = 1_000;
const CHECKPOINT_WHEN_IDLE_MS = 1_000;
/** Upper bounds (ms) of the lock-hold histogram's buckets; the last bucket is open. */
const HOLD_BUCKETS_MS = [1, 2, 5, 10, 25, 50, 100, 150, 200, 250, 500, 1000, 2000] as const;

/** Raised when the lock could not be had within the bounded wait; nothing was written. */
export class WriteBusyError extends Error {
  readonly code = 'SQLITE_BUSY';
  constructor(waitedMs: number, label: string | undefined) {
    super(
      `the workspace is busy: another process has held its write lock for ${(waitedMs / 1000).toFixed(0)} s` +
        `${label ? ` (while saving: ${label})` : ''}. Nothing was written; try again when it is done.`,
    );
    this.name = 'WriteBusyError';
  }
}

/** The lock as the write function sees it: how long it has been held, whether a chunk should stop. */
export interface Hold {
  /** Milliseconds since the lock was taken. */
  elapsedMs(): number;
  /** A chunk has used its budget: commit what is written and continue in the next write. */
  overBudget(): boolean;
}

export interface WriteOptions {
  /** Names the write in statistics and in the busy error (e.g. "import chunk"). */
  label?: string;
  /** One chunk of a long writer: it leaves gaps between chunks for other processes (CHUNK_GAP_MS). */
  chunk?: boolean;
  /**
   * False for a write whose rows nobody sees yet (a chunk of an import, before the write that
   * publishes it): its commit is not synced to disk (synchronous=NORMAL). The write that makes the
   * rows visible is synced as usual (synchronous=FULL), and that sync covers every earlier commit
   * in the WAL; a power cut before it loses only rows that were never shown, which the next open
   * discards. Saves the import a sync per chunk.
   */
  durable?: boolean;
}

/** A write: `fn` runs synchronously inside `BEGIN IMMEDIATE … COMMIT`, given the writer connection. */
export type Write = <T>(fn: (db: Db, hold: Hold) => T, options?: WriteOptions) => Promise<T>;

/** Lock statistics since the path was opened (or last reset); what the import bench prints. */
export interface WriteStats {
  writes: number;
  /** Longest time a write held the lock, BEGIN to COMMIT, in ms, and what it was. */
  longestHoldMs: number;
  longestHoldLabel: string | null;
  totalHoldMs: number;
  /** Counts of holds up to each bound (ms); `Infinity` is the open last bucket. */
  holds: { upToMs: number; count: number }[];
  /** Times another process held the lock when a write asked for it. */
  busyRetries: number;
  /** Times a chunk was held back (CHUNK_YIELD_STEP_MS) because a writer of another process was waiting. */
  yields: number;
  /** Longest wait for the lock (queue and other processes), in ms. */
  longestWaitMs: number;
  /** Checkpoints run (outside any write) and the longest one, in ms. */
  checkpoints: number;
  longestCheckpointMs: number;
  /** Of those, the ones run on the checkpoint thread (db/checkpointThread.ts), which left this thread free. */
  checkpointsElsewhere: number;
}

/** SQLite's `BEGIN IMMEDIATE` … `COMMIT` on one connection, with the query_only guard lifted meanwhile. */
class Transactions {
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  /** The workspace's synchronous level (FULL), restored after a write that is not durable. */
  private readonly synchronous: number;

  constructor(readonly db: Db) {
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
    this.synchronous = db.pragma('synchronous', { simple: true }) as number;
    this.readable();
  }

  // Pragmas are run afresh each time, not prepared once: a prepared `PRAGMA synchronous = …`
  // takes effect when it is prepared, and its first run may not apply it again (measured).
  private writable(): void {
    this.db.pragma('query_only = 0');
  }
  private readable(): void {
    this.db.pragma('query_only = 1');
  }
  private unsynced(): void {
    this.db.pragma('synchronous = NORMAL');
  }
  private synced(): void {
    this.db.pragma(`synchronous = ${this.synchronous}`);
  }

  /** Takes the lock; false when another connection holds it (SQLITE_BUSY). */
  tryBegin(durable: boolean): boolean {
    // query_only refuses BEGIN IMMEDIATE too: lifted first, put back unless the lock was taken.
    this.writable();
    if (!durable) this.unsynced();
    try {
      this.begin.run();
      return true;
    } catch (error) {
      if (!durable) this.synced();
      this.readable();
      if (isBusy(error)) return false;
      throw error;
    }
  }

  /** Runs `fn` in the transaction `tryBegin` opened, then commits; rolls back when it throws. */
  run<T>(fn: () => T, durable: boolean): T {
    try {
      const result = fn();
      if (isThenable(result)) throw new Error('a write function must be synchronous (it returned a promise); nothing was written');
      this.commit.run();
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.rollback.run();
      throw error;
    } finally {
      if (!durable) this.synced();
      this.readable();
    }
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}

function isThenable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * Runs one write now, synchronously, waiting out another process's lock with SQLite's busy
 * timeout (which blocks the thread). Only for work before a session exists — migrating and
 * cleaning up when a workspace is opened; everything else goes through {@link WritePath.write}.
 */
export function writeNow<T>(db: Db, fn: (db: Db) => T): T {
  const begun = db.inTransaction;
  if (begun) throw new Error('writeNow inside a transaction');
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn(db);
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** {@link writeNow} chunk after chunk until `step` says it is done; each chunk keeps to CHUNK_BUDGET_MS. */
export function writeChunksNow(db: Db, step: (hold: Hold) => boolean): void {
  for (let done = false; !done; ) done = writeNow(db, () => step(holdFrom(performance.now())));
}

/** The lock as a write function sees it, taken at `taken` (performance.now()); db/sql/pgWritePath.ts uses it too. */
export function holdFrom(taken: number): Hold {
  return {
    elapsedMs: () => performance.now() - taken,
    overBudget: () => performance.now() - taken >= CHUNK_BUDGET_MS,
  };
}

/**
 * Runs `fn` inside a savepoint of the current write: if it throws, only its changes are rolled
 * back and the error is rethrown (e.g. a judge's labels that cannot be saved, while its call stays
 * recorded).
 */
export function savepoint<T>(db: Db, fn: () => T): T {
  if (!db.inTransaction) throw new Error('savepoint outside a write');
  db.exec('SAVEPOINT accord_write');
  try {
    const result = fn();
    db.exec('RELEASE accord_write');
    return result;
  } catch (error) {
    db.exec('ROLLBACK TO accord_write');
    db.exec('RELEASE accord_write');
    throw error;
  }
}

interface Pending {
  run: () => void;
  durable: boolean;
  fail: (error: unknown) => void;
  label: string | undefined;
  chunk: boolean;
  queuedAt: number;
  /** Lock hold of the write, once it ran. */
  heldMs: number;
}

export interface WritePathOptions {
  /** The read connection (query_only); by default reads share the writer connection. */
  reader?: Db;
  /** The file through which writers of several processes say they are waiting (see WAITING_FRESH_MS). */
  waitingFile?: string;
  maxWaitMs?: number;
  /** Randomness for retry jitter (tests). */
  random?: () => number;
  /**
   * The workspace file, for a checkpoint thread of its own: a long writer's checkpoints run
   * there (db/checkpointThread.ts). Without it every checkpoint runs on this thread.
   */
  file?: string;
}

/**
 * The workspace's write path: an in-process queue in front of `BEGIN IMMEDIATE`, busy retries
 * with jittered backoff against other processes, commit, and lock statistics. See the top of
 * this file.
 */
export class WritePath {
  /** The routed connection the session and its `ctx.sql` use (the writer inside a write, else the reader). */
  readonly db: Db;
  readonly write: Write;
  private readonly tx: Transactions;
  private readonly reader: Db;
  private readonly queue: Pending[] = [];
  private draining = false;
  private writing = false;
  /** When the last chunk of a long writer committed, and how long chunks have held the lock since the last gap. */
  private lastChunkAt = -Infinity;
  private heldSinceGap = 0;
  private writesSinceCheckpoint = 0;
  private rowsAtCheckpoint = 0;
  private checkpointTimer: NodeJS.Timeout | null = null;
  private readonly totalChanges: Database.Statement<[], number>;
  private readonly maxWaitMs: number;
  private readonly waitingFile: string | null;
  /** When this process last touched the waiting file: its own touch is not another's wait. */
  private saidWaitingAt = 0;
  private readonly random: () => number;
  private statistics = emptyStats();
  private readonly checkpointThread: CheckpointThread | null;

  constructor(
    readonly writer: Db,
    options: WritePathOptions = {},
  ) {
    this.reader = options.reader ?? writer;
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.waitingFile = options.waitingFile ?? null;
    this.random = options.random ?? Math.random;
    this.checkpointThread = options.file ? new CheckpointThread(options.file, (ms) => this.recordCheckpoint(ms, true)) : null;
    // Busy waits happen here, asynchronously: SQLite's own busy handler would block the thread
    // (and with it every request a server is answering) while it sleeps.
    writer.pragma('busy_timeout = 0');
    // Checkpoints run after a write has released the lock (see checkpointSoon), so that the time
    // spent copying the WAL into the database is not time the lock is held.
    writer.pragma('wal_autocheckpoint = 0');
    this.tx = new Transactions(writer);
    this.totalChanges = writer.prepare<[], number>('SELECT total_changes()').pluck();
    if (this.reader !== writer) this.reader.pragma('query_only = 1');
    this.db = this.reader === writer ? writer : routedDb(this.reader, writer, () => this.writing);
    this.write = (fn, writeOptions) => this.enqueue(fn, writeOptions ?? {});
  }

  /** Whether a write function is running on this thread now. */
  get inWrite(): boolean {
    return this.writing;
  }

  stats(): WriteStats {
    return { ...this.statistics, holds: this.statistics.holds.map((b) => ({ ...b })) };
  }

  resetStats(): void {
    this.statistics = emptyStats();
  }

  /**
   * Checkpoints what it can of the WAL without taking the write lock (PASSIVE) and closes both
   * connections; the last connection to the file, in whatever process, checkpoints the rest and
   * removes the WAL as it closes (SQLite does). A TRUNCATE here held the write lock while it
   * copied, synced and cut the WAL: closing after a large import kept an annotator's save in
   * another process waiting 0.5–0.8 s (`npm run bench -- import`).
   */
  close(): void {
    if (this.checkpointTimer) clearTimeout(this.checkpointTimer);
    this.checkpointTimer = null;
    this.checkpointThread?.close();
    for (const pending of this.queue.splice(0)) pending.fail(new Error('the workspace was closed before this write ran'));
    if (this.writer.open) {
      try {
        this.writer.pragma('wal_checkpoint(PASSIVE)');
      } catch {
        // Another connection is checkpointing: the last to close finishes the job.
      }
      this.writer.close();
    }
    if (this.reader.open) this.reader.close();
  }

  private enqueue<T>(fn: (db: Db, hold: Hold) => T, options: WriteOptions): Promise<T> {
    if (this.writing) throw new Error('a write was started inside another write; use the connection the write function was given');
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = {
        label: options.label,
        chunk: options.chunk ?? false,
        queuedAt: performance.now(),
        heldMs: 0,
        durable: options.durable ?? true,
        fail: reject,
        run: () => {
          const taken = performance.now();
          const hold = holdFrom(taken);
          this.writing = true;
          try {
            resolve(this.tx.run(() => fn(this.writer, hold), pending.durable));
          } catch (error) {
            reject(error);
          } finally {
            this.writing = false;
            pending.heldMs = performance.now() - taken;
            this.recordHold(pending);
          }
        },
      };
      const join = () => {
        this.queue.push(pending);
        void this.drain();
      };
      // A chunk goes behind the writes queued in this process; it also lets a writer of another
      // process that is waiting go first, and now and then leaves a gap in case one is.
      if (!pending.chunk) return join();
      const asked = performance.now();
      const whenNobodyWaits = () => {
        if (this.othersWaiting() && performance.now() - asked < CHUNK_YIELD_MAX_MS) {
          this.statistics.yields++;
          setTimeout(whenNobodyWaits, CHUNK_YIELD_STEP_MS);
          return;
        }
        const gap = this.gapBeforeChunk();
        if (gap > 0) setTimeout(join, gap);
        else join();
      };
      whenNobodyWaits();
    });
  }

  /** Runs queued writes in order; waits (asynchronously) while another process holds the lock. */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        const pending = this.queue[0];
        if (!this.writer.open) {
          this.queue.shift();
          pending.fail(new Error('the workspace is closed'));
          continue;
        }
        let begun = false;
        try {
          begun = this.tx.tryBegin(pending.durable);
        } catch (error) {
          this.queue.shift();
          pending.fail(error);
          continue;
        }
        if (!begun) {
          const waited = performance.now() - pending.queuedAt;
          if (waited >= this.maxWaitMs) {
            this.queue.shift();
            pending.fail(new WriteBusyError(waited, pending.label));
            continue;
          }
          this.statistics.busyRetries++;
          this.sayWaiting();
          await sleep(this.retryDelay(waited));
          continue;
        }
        this.queue.shift();
        this.statistics.longestWaitMs = Math.max(this.statistics.longestWaitMs, performance.now() - pending.queuedAt);
        pending.run();
        if (pending.chunk) {
          this.lastChunkAt = performance.now();
          this.heldSinceGap += pending.heldMs;
        }
        this.checkpointSoon();
      }
    } finally {
      this.draining = false;
    }
  }

  /** Touches the waiting file (see WAITING_FRESH_MS); a file that cannot be written is no matter. */
  private sayWaiting(): void {
    if (!this.waitingFile) return;
    try {
      const now = new Date();
      if (!fs.existsSync(this.waitingFile)) fs.closeSync(fs.openSync(this.waitingFile, 'a'));
      fs.utimesSync(this.waitingFile, now, now);
      this.saidWaitingAt = now.getTime();
    } catch {
      // A read-only folder, say: the gaps between chunks still let waiters in, mostly.
    }
  }

  /** Whether a writer of another process polled for the lock just now. */
  private othersWaiting(): boolean {
    if (!this.waitingFile) return false;
    try {
      const touched = fs.statSync(this.waitingFile).mtimeMs;
      return Date.now() - touched < WAITING_FRESH_MS && Math.abs(touched - this.saidWaitingAt) >= 1;
    } catch {
      return false;
    }
  }

  /** How long the next chunk waits before it asks for the lock (see CHUNK_GAP_MS). */
  private gapBeforeChunk(): number {
    const idle = performance.now() - this.lastChunkAt;
    if (idle >= CHUNK_GAP_MS) this.heldSinceGap = 0;
    if (this.heldSinceGap < CHUNK_GAP_EVERY_MS) return 0;
    this.heldSinceGap = 0;
    return CHUNK_GAP_MS - idle;
  }

  private retryDelay(waitedMs: number): number {
    const [low, high] = waitedMs < FAST_POLL_FOR_MS ? RETRY_FAST_MS : RETRY_SLOW_MS;
    return low + this.random() * (high - low);
  }

  private recordHold(pending: Pending): void {
    const ms = pending.heldMs;
    const s = this.statistics;
    s.writes++;
    s.totalHoldMs += ms;
    if (ms > s.longestHoldMs) {
      s.longestHoldMs = ms;
      s.longestHoldLabel = pending.label ?? null;
    }
    const bucket = s.holds.find((b) => ms <= b.upToMs)!;
    bucket.count++;
  }

  /**
   * Copies the WAL into the database once the lock is released (a PASSIVE checkpoint takes no
   * lock other writers need, but keeps this thread busy while it copies). A connection
   * checkpoints what it wrote itself, as soon as that is a lot (a long writer: every ~10 MB), and
   * otherwise only when idle or after many writes: whichever connection checkpoints copies every
   * frame in the WAL, and an annotator's save should not be the one to copy an import's.
   * A long writer's checkpoints go to the checkpoint thread when there is one, so that it goes on
   * writing meanwhile.
   */
  private checkpointSoon(): void {
    this.writesSinceCheckpoint++;
    const rows = this.totalChanges.get()! - this.rowsAtCheckpoint;
    if (rows >= CHECKPOINT_AFTER_ROWS || this.writesSinceCheckpoint >= CHECKPOINT_AFTER_WRITES) {
      if (this.checkpointThread?.request()) {
        this.writesSinceCheckpoint = 0;
        this.rowsAtCheckpoint = this.totalChanges.get()!;
      } else this.checkpoint();
      return;
    }
    if (this.checkpointTimer) clearTimeout(this.checkpointTimer);
    this.checkpointTimer = setTimeout(() => {
      if (!this.draining && this.queue.length === 0) this.checkpoint();
    }, CHECKPOINT_WHEN_IDLE_MS).unref();
  }

  private checkpoint(): void {
    if (this.checkpointTimer) clearTimeout(this.checkpointTimer);
    this.checkpointTimer = null;
    if (!this.writer.open || this.writer.inTransaction) return;
    this.writesSinceCheckpoint = 0;
    this.rowsAtCheckpoint = this.totalChanges.get()!;
    const started = performance.now();
    try {
      this.writer.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy with another process's checkpoint: the next one catches up.
    }
    this.recordCheckpoint(performance.now() - started, false);
  }

  private recordCheckpoint(ms: number, elsewhere: boolean): void {
    this.statistics.checkpoints++;
    if (elsewhere) this.statistics.checkpointsElsewhere++;
    this.statistics.longestCheckpointMs = Math.max(this.statistics.longestCheckpointMs, ms);
  }
}

function emptyStats(): WriteStats {
  return {
    writes: 0,
    longestHoldMs: 0,
    longestHoldLabel: null,
    totalHoldMs: 0,
    holds: [...HOLD_BUCKETS_MS, Infinity].map((upToMs) => ({ upToMs, count: 0 })),
    busyRetries: 0,
    yields: 0,
    longestWaitMs: 0,
    checkpoints: 0,
    longestCheckpointMs: 0,
    checkpointsElsewhere: 0,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type Statement = Database.Statement<unknown[], unknown>;
type Mode = 'rows' | 'pluck' | 'raw' | 'expand';

/**
 * A statement prepared through the routed connection: runs on the writer inside a write and on
 * the reader otherwise, prepared on each connection the first time it runs there. So a statement
 * prepared once (e.g. by a recorder, before its writes) reads its own transaction's rows inside a
 * write and cannot write outside one.
 */
class RoutedStatement {
  private onReader: Statement | null = null;
  private onWriter: Statement | null = null;
  private mode: Mode = 'rows';
  private safe = false;

  constructor(
    private readonly route: Route,
    readonly source: string,
  ) {
    // Prepared now on the current connection, so a bad statement throws where it is written.
    this.target();
  }

  get database(): Db {
    return this.route.db;
  }
  get reader(): boolean {
    return this.target().reader;
  }
  get readonly(): boolean {
    return this.target().readonly;
  }
  get busy(): boolean {
    return (this.onReader?.busy ?? false) || (this.onWriter?.busy ?? false);
  }

  run(...params: unknown[]) {
    return this.target().run(...params);
  }
  get(...params: unknown[]) {
    return this.target().get(...params);
  }
  all(...params: unknown[]) {
    return this.target().all(...params);
  }
  iterate(...params: unknown[]) {
    return this.target().iterate(...params);
  }
  columns() {
    return this.target().columns();
  }
  pluck(toggle = true): this {
    return this.setMode('pluck', toggle);
  }
  raw(toggle = true): this {
    return this.setMode('raw', toggle);
  }
  expand(toggle = true): this {
    return this.setMode('expand', toggle);
  }
  safeIntegers(toggle = true): this {
    this.safe = toggle;
    for (const s of this.prepared()) s.safeIntegers(toggle);
    return this;
  }
  bind(): never {
    throw new Error('bind() is not supported on a routed statement; pass the parameters to run/get/all');
  }

  private setMode(mode: Exclude<Mode, 'rows'>, toggle: boolean): this {
    if (toggle) this.mode = mode;
    else if (this.mode === mode) this.mode = 'rows';
    for (const s of this.prepared()) s[mode](toggle);
    return this;
  }

  private prepared(): Statement[] {
    return [this.onReader, this.onWriter].filter((s): s is Statement => s !== null);
  }

  private target(): Statement {
    if (this.route.writing()) return (this.onWriter ??= this.configure(this.route.writer.prepare(this.source)));
    return (this.onReader ??= this.configure(this.route.reader.prepare(this.source)));
  }

  private configure(statement: Statement): Statement {
    if (this.mode !== 'rows' && statement.reader) statement[this.mode](true);
    if (this.safe) statement.safeIntegers(true);
    return statement;
  }
}

interface Route {
  reader: Db;
  writer: Db;
  writing: () => boolean;
  db: Db;
}

/**
 * The session's connection: the reader, except while a write function runs on this thread, when it is the writer
 * (whose transaction the function's reads must see). Safe to switch because write functions are
 * synchronous: nothing else runs on the thread meanwhile.
 */
function routedDb(reader: Db, writer: Db, writing: () => boolean): Db {
  const route = { reader, writer, writing } as Route;
  const prepare = (source: string) => new RoutedStatement(route, source);
  const refuse = () => {
    throw new Error('transactions are opened by the write path only (ctx.sqlWrite, db/writePath.ts; savepoint() inside a write)');
  };
  const db = new Proxy(reader, {
    get(_target, property) {
      if (property === 'prepare') return prepare;
      if (property === 'transaction') return refuse;
      const connection = writing() ? writer : reader;
      const value: unknown = Reflect.get(connection, property, connection);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(connection) : value;
    },
  }) as Db;
  route.db = db;
  return db;
}

/**
 * A long writer that needs no input between chunks (deleting a dataset, discarding an import):
 * `step` runs in chunk after chunk until it returns true, each chunk a write of its own.
 */
export async function writeChunks(write: Write, step: (db: Db, hold: Hold) => boolean, label: string, options: Pick<WriteOptions, 'durable'> = {}): Promise<void> {
  for (let done = false; !done; ) done = await write(step, { ...options, chunk: true, label });
}

/**
 * A long writer written as a generator that yields between units of work (a label of a pack,
 * a row of a labels file): it runs inside successive writes, each taking as many units as its
 * chunk's budget allows, its state kept by the generator in between. What it returns is what
 * this resolves to. Everything before its first `yield` is in the first chunk, so a check that
 * throws there leaves nothing written; a throw in a later chunk keeps the chunks before it.
 */
export async function writeSteps<T>(write: Write, steps: Generator<unknown, T, undefined>, label: string): Promise<T> {
  for (;;) {
    const step = await write(
      (_db, hold): IteratorResult<unknown, T> => {
        for (;;) {
          const next = steps.next();
          if (next.done || hold.overBudget()) return next;
        }
      },
      { chunk: true, label },
    );
    if (step.done) return step.value;
  }
}
