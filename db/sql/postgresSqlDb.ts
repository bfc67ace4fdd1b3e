import { queryBuilder } from './dialects';
import { PgError, type PgConnection, type PgSyncClient } from './pgSyncClient';
import { copyBytes, type CopyValue } from './copyText';
import type { Schema } from './schema';
import { compileFor, copyStatement, type Query, type RefusedRow, type SqlDb } from './sqlDb';

/**
 * A pipelined COPY that PostgreSQL refused, with the row it refused when the server named its
 * line (an import turns that row's `source_line` into the file's line: see refusedRowOf). Still
 * a PgError with the server's SQLSTATE, so the write path retries a conflict as for any statement.
 */
export class CopyRowsError extends PgError {
  constructor(
    cause: PgError,
    readonly refused: RefusedRow | null,
  ) {
    super(cause.message, cause.code, cause.detail, cause.where, cause.copyId);
    this.name = 'CopyRowsError';
  }
}

/** A COPY sent in the current write and not yet known to have succeeded. */
interface SentCopy {
  table: string;
  columns: readonly string[];
  rows: readonly (readonly CopyValue[])[];
}

/** SqlDb over one of a PgSyncClient's connections. */
export class PostgresSqlDb implements SqlDb {
  readonly engine = 'postgres' as const;
  readonly q = queryBuilder('postgres');
  /** The COPYs of the write under way, by copyId, to name a refused row (see copyFailure). */
  private readonly sent = new Map<number, SentCopy>();

  constructor(
    private readonly client: PgSyncClient,
    private readonly connection: PgConnection | (() => PgConnection),
  ) {}

  all<R>(query: Query<R>): R[] {
    return this.execute(query).rows as R[];
  }

  one<R>(query: Query<R>): R | undefined {
    return this.execute(query).rows[0] as R | undefined;
  }

  run(query: Query<unknown>): number {
    return this.execute(query).rowCount;
  }

  savepoint<T>(fn: () => T): T {
    if (this.target() !== 'writer') throw new Error('savepoint outside a write');
    this.exec('SAVEPOINT accord_write');
    try {
      const result = fn();
      this.exec('RELEASE SAVEPOINT accord_write');
      return result;
    } catch (error) {
      this.exec('ROLLBACK TO SAVEPOINT accord_write');
      this.exec('RELEASE SAVEPOINT accord_write');
      throw error;
    }
  }

  /**
   * Sends the rows without waiting for the server (PgSyncClient.copyPipelined): the write goes on
   * while the server takes them, and its COMMIT (or next statement) fails if they were refused.
   */
  copyRows(table: keyof Schema & string, columns: readonly string[], rows: readonly (readonly CopyValue[])[]): void {
    if (rows.length === 0) return;
    if (this.target() !== 'writer') throw new Error('copyRows outside a write');
    const copyId = this.client.copyPipelined('writer', copyStatement('postgres', table, columns), copyBytes(rows));
    this.sent.set(copyId, { table, columns, rows });
  }

  /** Whether this write sent COPYs (the write path then commits without blocking the thread). */
  get copied(): boolean {
    return this.sent.size > 0;
  }

  /** Forgets the ended write's COPYs. */
  endWrite(): void {
    this.sent.clear();
  }

  /**
   * `error`, or, when it is the failure of one of this write's COPYs, a CopyRowsError naming the
   * refused row (the server's CONTEXT says `COPY table, line N`: the Nth row sent).
   */
  copyFailure(error: unknown): unknown {
    if (!(error instanceof PgError) || error.copyId === undefined || error instanceof CopyRowsError) return error;
    const copy = this.sent.get(error.copyId);
    if (!copy) return error;
    const line = /\bline (\d+)/.exec(error.where ?? '');
    const row = line ? copy.rows[Number(line[1]) - 1] : undefined;
    return new CopyRowsError(error, row ? { table: copy.table, columns: copy.columns, row } : null);
  }

  /** Runs SQL text as is (transaction control, DDL): only the write path and migrations use it. */
  exec(text: string): void {
    this.call(() => this.client.query(this.target(), text));
  }

  /** Sends SQL text without waiting for it (a write's BEGIN): a failure is the next call's. */
  send(text: string): void {
    this.client.queryPipelined(this.target(), text);
  }

  /** Runs SQL text without blocking the thread (the write path's COMMIT after COPYs). */
  async execAsync(text: string): Promise<void> {
    try {
      await this.client.queryAsync(this.target(), text);
    } catch (error) {
      throw this.copyFailure(error);
    }
  }

  private execute(query: Query<unknown>) {
    const compiled = compileFor(query, this.q);
    return this.call(() => this.client.query(this.target(), compiled.sql, compiled.parameters));
  }

  /** A call, its failure named as a COPY's when a pipelined COPY failed before it. */
  private call<T>(fn: () => T): T {
    if (this.sent.size === 0) return fn();
    try {
      return fn();
    } catch (error) {
      throw this.copyFailure(error);
    }
  }

  private target(): PgConnection {
    return typeof this.connection === 'function' ? this.connection() : this.connection;
  }
}
