import type { Cell } from './canonical';
import type { TablePlan } from './tablePlan';

/** Raised for anything the user can act on (a refused target, a bad row); the message says what and where. */
export class CopyError extends Error {
  override name = 'CopyError';
}

/**
 * How much a batch holds at most: rows, and (approximately) bytes of text and blobs, so that a
 * table of big items (a payload may be 16 MB) never gathers thousands of them in memory at once.
 * A single row bigger than `bytes` makes a batch of its own.
 */
export interface BatchLimit {
  rows: number;
  bytes: number;
}

/** About how much memory a value takes in a batch. */
export const cellBytes = (value: Cell) => (typeof value === 'string' ? value.length * 2 : Buffer.isBuffer(value) ? value.length : 8);

/** Where a copy reads from: one consistent snapshot of a workspace at the latest schema. */
export interface CopySource {
  /** Human-readable name (a file path, or a URL without its password). */
  readonly label: string;
  /** Schema version of the workspace. */
  version(): Promise<number>;
  count(table: TablePlan): Promise<number>;
  /** The table's rows in the plan's order, in batches within `limit`, each row in column order. */
  rows(table: TablePlan, limit: BatchLimit): AsyncIterable<Cell[][]>;
  close(): Promise<void>;
}

/**
 * Where a copy writes: nothing is visible there until `commit` (a PostgreSQL transaction, or a
 * temporary file renamed into place); `abort` leaves the target as it was.
 */
export interface CopyTarget {
  readonly label: string;
  /** Refuses a target that is not empty; creates the schema (inside the transaction on PostgreSQL). */
  begin(): Promise<void>;
  write(table: TablePlan, rows: Cell[][]): Promise<void>;
  /** After every row is in: identities moved past the copied ids, references checked. */
  finishLoad(plan: TablePlan[]): Promise<void>;
  /** Reads a table back as written (before commit), in the same order and form as a source. */
  rows(table: TablePlan, limit: BatchLimit): AsyncIterable<Cell[][]>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** A row's primary key as an error names it: `id 7`, or `task_id 1, item_id 3, unit "", question "q"`. */
export function keyOf(table: TablePlan, row: readonly unknown[]): string {
  const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value));
  return table.orderBy
    .slice(0, 4)
    .map((name) => `${name} ${show(row[table.columns.findIndex((c) => c.name === name)])}`)
    .join(', ');
}

/** The rows' position for an error: `rows 10001–20000 of items`. */
export const rowSpan = (table: string, first: number, count: number) => (count === 1 ? `row ${first} of ${table}` : `rows ${first}–${first + count - 1} of ${table}`);
