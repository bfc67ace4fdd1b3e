import type { Cell } from './canonical';
import type { TablePlan } from './tablePlan';

/** Raised for anything the user can act on (a refused target, a bad row); the message says what and where. */
export class CopyError extends Error {
  override name = 'CopyError';
}

/** Where a copy reads from: one consistent snapshot of a workspace at the latest schema. */
export interface CopySource {
  /** Human-readable name (a file path, or a URL without its password). */
  readonly label: string;
  /** Schema version of the workspace. */
  version(): Promise<number>;
  count(table: TablePlan): Promise<number>;
  /** The table's rows in the plan's order, in batches of about `batch` rows, each row in column order. */
  rows(table: TablePlan, batch: number): AsyncIterable<Cell[][]>;
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
  rows(table: TablePlan, batch: number): AsyncIterable<Cell[][]>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** The rows' position for an error: `rows 10001–20000 of items`. */
export const rowSpan = (table: string, first: number, count: number) => (count === 1 ? `row ${first} of ${table}` : `rows ${first}–${first + count - 1} of ${table}`);
