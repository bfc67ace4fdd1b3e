import { holdFrom, type Hold, type WriteOptions } from '../writePath';
import { PgError, PgSyncClient, type PgConnection } from './pgSyncClient';
import { PostgresSqlDb } from './postgresSqlDb';
import type { SqlDb } from './sqlDb';

/** A write on either engine: `fn` runs synchronously inside one transaction, given the connection to write with. */
export type SqlWrite = <T>(fn: (db: SqlDb, hold: Hold) => T, options?: WriteOptions) => Promise<T>;

/**
 * SQLSTATEs after which the whole write is run again: serialization failure (a row this write
 * changes was changed by another server since the write's snapshot) and deadlock, and — a few
 * times only — a unique violation, which is what two servers inserting the same new row (a
 * person's rater, say) meet: run again, the write finds the row and takes it. The function is
 * pure apart from the database, so running it again is safe (see db/sql/sqlDb.ts).
 */
const RETRYABLE = new Set(['40001', '40P01', '23505']);
const MAX_ATTEMPTS_OF: Record<string, number> = { '23505': 3 };

/**
 * Whether `error` is a conflict after which the write path runs the whole write again: code that
 * catches errors inside a write function must let these through (see the judges' call recorder).
 */
export function isRetryableConflict(error: unknown): boolean {
  return error instanceof PgError && RETRYABLE.has(error.code ?? '');
}
const MAX_ATTEMPTS = 12;
const RETRY_BASE_MS = 2;
const RETRY_MAX_MS = 200;

/** Lock statistics of the PostgreSQL path (what the load bench prints). */
export interface PgWriteStats {
  writes: number;
  /** Writes run again after a serialization failure or deadlock. */
  retries: number;
  longestHoldMs: number;
  longestHoldLabel: string | null;
}

export interface PgWritePathOptions {
  /** Randomness for retry jitter (tests). */
  random?: () => number;
}

/**
 * The one write path on PostgreSQL (the twin of db/writePath.ts): writes of this process run one
 * after another on the writer connection, each in a short `REPEATABLE READ` transaction (one
 * snapshot for the whole write function); a write that changes a row another server changed
 * meanwhile fails to serialize and runs again after a jittered wait, on a fresh snapshot, so a
 * rule that reads a row and then writes it ("newer than the current label", a task's state)
 * holds across servers. Not SERIALIZABLE: its predicate locks turn small tables' sequential scans
 * into whole-table conflicts, and two servers saving different people's labels aborted each other
 * (the team load bench). What snapshot isolation leaves open — two servers each reading a row the
 * other writes — needs one person acting through two servers at the same instant, and every
 * request checks its session's invite afresh. Reads outside a
 * write go to a reader connection that refuses writes (`default_transaction_read_only`), as
 * SQLite's reader is `query_only`.
 *
 * Chunking: a long writer's chunks are separate writes as on SQLite (CHUNK_BUDGET_MS through
 * `hold`); PostgreSQL has no single write lock, so no gaps or waiting file are needed.
 */
export class PgWritePath {
  /** Routed like SQLite's: the writer inside a write on this thread, else the reader. */
  readonly db: SqlDb;
  readonly write: SqlWrite;
  private readonly writer: PostgresSqlDb;
  private writing = false;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly random: () => number;
  private statistics: PgWriteStats = { writes: 0, retries: 0, longestHoldMs: 0, longestHoldLabel: null };

  constructor(
    readonly client: PgSyncClient,
    options: PgWritePathOptions = {},
  ) {
    this.random = options.random ?? Math.random;
    client.query('reader', 'SET default_transaction_read_only = on');
    this.writer = new PostgresSqlDb(client, 'writer');
    this.db = new PostgresSqlDb(client, (): PgConnection => (this.writing ? 'writer' : 'reader'));
    this.write = (fn, writeOptions) => this.enqueue(fn, writeOptions ?? {});
  }

  /** Opens a connection thread on `connectionString` with a write path over it. */
  static connect(connectionString: string, options: PgWritePathOptions = {}): PgWritePath {
    const client = new PgSyncClient(connectionString);
    try {
      return new PgWritePath(client, options);
    } catch (error) {
      client.close();
      throw error;
    }
  }

  get inWrite(): boolean {
    return this.writing;
  }

  stats(): PgWriteStats {
    return { ...this.statistics };
  }

  close(): void {
    this.client.close();
  }

  private enqueue<T>(fn: (db: SqlDb, hold: Hold) => T, options: WriteOptions): Promise<T> {
    if (this.writing) throw new Error('a write was started inside another write; use the connection the write function was given');
    const run = this.tail.then(() => this.runWithRetries(fn, options));
    // The queue goes on after a failed write; the failure belongs to its caller.
    this.tail = run.catch(() => {});
    return run;
  }

  private async runWithRetries<T>(fn: (db: SqlDb, hold: Hold) => T, options: WriteOptions): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.runOnce(fn, options);
      } catch (error) {
        if (!isRetryableConflict(error) || attempt >= (MAX_ATTEMPTS_OF[(error as PgError).code ?? ''] ?? MAX_ATTEMPTS)) throw error;
        this.statistics.retries++;
        const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt);
        await new Promise((resolve) => setTimeout(resolve, ceiling / 2 + (this.random() * ceiling) / 2));
      }
    }
  }

  /**
   * One attempt. A write that sent COPYs (an import chunk) commits without blocking the thread:
   * the server may still be taking their rows, and meanwhile the thread's event loop runs (the
   * import parses and encodes its next chunk); the write ends when the COMMIT is answered, and
   * fails if any of its COPYs did (PgSyncClient.copyPipelined). The next write waits for it.
   */
  private async runOnce<T>(fn: (db: SqlDb, hold: Hold) => T, options: WriteOptions): Promise<T> {
    const taken = performance.now();
    try {
      const result = this.runFunction(fn, options, taken);
      if (this.writer.copied) await this.commitCopies();
      this.record(performance.now() - taken, options);
      return result;
    } finally {
      this.writer.endWrite();
    }
  }

  /** BEGIN, the write function and, unless it sent COPYs, COMMIT; ROLLBACK if anything failed. */
  private runFunction<T>(fn: (db: SqlDb, hold: Hold) => T, options: WriteOptions, taken: number): T {
    // Sent without waiting: the write's first statement (or COMMIT) waits for its answer too, one
    // round trip per write fewer; should BEGIN fail (a lost connection), that statement fails.
    // An import chunk nobody sees yet need not wait for the disk (see WriteOptions.durable).
    this.writer.send(options.durable === false ? 'BEGIN ISOLATION LEVEL REPEATABLE READ; SET LOCAL synchronous_commit = off' : 'BEGIN ISOLATION LEVEL REPEATABLE READ');
    this.writing = true;
    try {
      const result = fn(this.writer, holdFrom(taken));
      if (!this.writer.copied) this.writer.exec('COMMIT');
      return result;
    } catch (error) {
      this.rollback();
      throw error;
    } finally {
      this.writing = false;
    }
  }

  private async commitCopies(): Promise<void> {
    try {
      await this.writer.execAsync('COMMIT');
    } catch (error) {
      // A COMMIT answered with a COPY's failure ended the transaction already; after a lost
      // connection there is none either. ROLLBACK makes sure, harmlessly.
      this.rollback();
      throw error;
    }
  }

  private rollback(): void {
    try {
      this.writer.exec('ROLLBACK');
    } catch {
      // The connection is gone; the transaction went with it.
    }
  }

  private record(held: number, options: WriteOptions): void {
    this.statistics.writes++;
    if (held > this.statistics.longestHoldMs) {
      this.statistics.longestHoldMs = held;
      this.statistics.longestHoldLabel = options.label ?? null;
    }
  }
}
