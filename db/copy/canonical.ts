import { createHash, type Hash } from 'node:crypto';

/**
 * The canonical row encoding of a workspace copy (issue 16, part 4): both engines' rows are read
 * into the same JavaScript values and hashed the same way, so "the copy is identical" is a
 * comparison of one SHA-256 per table.
 *
 * A value, by its column's declared kind (never by how a driver happened to return it):
 *   NULL     `n`
 *   integer  `i` + signed decimal + `;`         (64-bit exact: read as BigInt on both engines)
 *   real     `r` + 16 hex digits                (the IEEE-754 binary64 bits, big-endian: exact,
 *                                               so -0, 0.1 and Infinity hash as what they are)
 *   text     `t` + UTF-8 byte length + `:` + the UTF-8 bytes
 *   blob     `b` + byte length + `:` + the bytes
 * A row is its values in the table's column order; a table's hash covers its rows in primary-key
 * order (byte order for text: SQLite's BINARY, PostgreSQL's "C" collation).
 */
export type ColumnKind = 'int' | 'real' | 'text' | 'blob';

/** One value as both ends hold it: int → bigint, real → number, text → string, blob → Buffer. */
export type Cell = null | bigint | number | string | Buffer;

/** A value that does not fit its column's kind; the copy stops and names where it is. */
export class CellKindError extends Error {
  override name = 'CellKindError';
}

const describeValue = (value: unknown) =>
  typeof value === 'string' ? `text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}` : Buffer.isBuffer(value) ? `a blob of ${value.length} bytes` : `${typeof value} ${String(value)}`;

/** Checks (and, for a real stored as an integer, converts) a value against its column's kind. */
export function asCell(kind: ColumnKind, value: unknown, column: string): Cell {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'int':
      if (typeof value === 'bigint') return value;
      if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
      break;
    case 'real':
      if (typeof value === 'number') return value;
      // SQLite may keep an integral REAL as an integer on disk.
      if (typeof value === 'bigint') return Number(value);
      break;
    case 'text':
      if (typeof value === 'string') return value;
      break;
    case 'blob':
      if (Buffer.isBuffer(value)) return value;
      break;
  }
  throw new CellKindError(`column ${column} is declared ${kind === 'int' ? 'INTEGER' : kind.toUpperCase()} but holds ${describeValue(value)}`);
}

function realBits(value: number): string {
  const buffer = Buffer.alloc(8);
  buffer.writeDoubleBE(value);
  return buffer.toString('hex');
}

/** Feeds one value's canonical bytes into `hash`. */
function encodeInto(hash: Hash, kind: ColumnKind, value: Cell): void {
  if (value === null) hash.update('n');
  else if (kind === 'int') hash.update(`i${String(value)};`);
  else if (kind === 'real') hash.update(`r${realBits(value as number)}`);
  else {
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : (value as Buffer);
    hash.update(`${kind === 'text' ? 't' : 'b'}${bytes.length}:`);
    hash.update(bytes);
  }
}

/** The running hash and row count of one table. */
export class TableDigest {
  rows = 0;
  private readonly hash = createHash('sha256');
  constructor(private readonly kinds: readonly ColumnKind[]) {}

  add(row: readonly Cell[]): void {
    for (let i = 0; i < this.kinds.length; i++) encodeInto(this.hash, this.kinds[i], row[i]);
    this.rows++;
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
