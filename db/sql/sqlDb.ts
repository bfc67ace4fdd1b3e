import type { CompiledQuery, Kysely, RawBuilder } from 'kysely';
import type { CopyValue } from './copyText';
import type { Schema } from './schema';

/** The database engines a workspace can live on. */
export type Engine = 'sqlite' | 'postgres';

/**
 * A query in Kysely's terms: a builder (`db.q.selectFrom(…)`, `db.q.insertInto(…)`) or a raw
 * statement (`sql<Row>\`SELECT … WHERE id = ${id}\``). Kysely writes it in the engine's dialect
 * (placeholders, quoting), so the same query runs on both engines.
 */
export type Query<R> = RawBuilder<R> | { compile(): CompiledQuery<R> };

/**
 * One connection to a workspace, engine-neutral (issue 16: "no service knows which engine it
 * runs on"). Synchronous on both engines: a write function runs start to end without anything
 * interleaving, as db/writePath.ts requires, and on PostgreSQL a retried write re-runs the same
 * pure function (db/sql/pgWritePath.ts). PostgreSQL calls block on a connection thread
 * (db/sql/pgSyncClient.ts).
 *
 * Rows come back alike from both engines: integers as numbers (ids and counts stay below 2^53;
 * a larger one is an error, never a rounded number), booleans as 0/1, text as text.
 */
export interface SqlDb {
  readonly engine: Engine;
  /** A query builder in this engine's dialect, for `all`/`one`/`run` (it never executes anything itself). */
  readonly q: Kysely<Schema>;
  /** Every row the query returns. */
  all<R>(query: Query<R>): R[];
  /** The first row, or undefined. */
  one<R>(query: Query<R>): R | undefined;
  /** Runs a statement; returns how many rows it inserted, changed or deleted. */
  run(query: Query<unknown>): number;
  /**
   * Runs `fn` inside a savepoint of the current write: if it throws, only its changes are rolled
   * back and the error is rethrown (a judge's labels that cannot be saved while its call stays
   * recorded, say). Outside a write it throws.
   */
  savepoint<T>(fn: () => T): T;
  /**
   * Writes rows into `table` in bulk, inside a write: on PostgreSQL one `COPY … FROM STDIN` (rows
   * streamed in its text format), on SQLite a prepared INSERT run per row, the fastest either
   * engine offers. Each row gives `columns`' values in order. What imports write with.
   */
  copyRows(table: keyof Schema & string, columns: readonly string[], rows: readonly (readonly CopyValue[])[]): void;
}

/** A row copyRows sent that the database refused (a constraint, a value it cannot store). */
export interface RefusedRow {
  table: string;
  columns: readonly string[];
  /** The row's values in `columns`' order. */
  row: readonly CopyValue[];
}

/** The row a failed copyRows was refused for, when the error names one (PostgreSQL's COPY does). */
export function refusedRowOf(error: unknown): RefusedRow | null {
  return (error as { refused?: RefusedRow | null } | null)?.refused ?? null;
}

/** `"name"`: an identifier quoted for either engine. */
export function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The statement copyRows runs: `COPY table (columns) FROM STDIN` or `INSERT INTO table (columns) VALUES (?, …)`. */
export function copyStatement(engine: Engine, table: string, columns: readonly string[]): string {
  const list = columns.map(quoteName).join(', ');
  return engine === 'postgres' ? `COPY ${quoteName(table)} (${list}) FROM STDIN` : `INSERT INTO ${quoteName(table)} (${list}) VALUES (${columns.map(() => '?').join(', ')})`;
}

/** The SQL text and parameters of a query in the dialect of `db`. */
export function compileFor<R>(query: Query<R>, kysely: Kysely<Schema>): CompiledQuery<R> {
  return 'isRawBuilder' in query ? query.compile(kysely) : query.compile();
}
