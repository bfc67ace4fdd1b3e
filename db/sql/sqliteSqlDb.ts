import type { Statement } from 'better-sqlite3';
import type { Db } from '../workspace';
import { savepoint, type Write } from '../writePath';
import type { SqlWrite } from './pgWritePath';
import { queryBuilder } from './dialects';
import type { CopyValue } from './copyText';
import type { Schema } from './schema';
import { compileFor, copyStatement, type Query, type RefusedRow, type SqlDb } from './sqlDb';

/** Prepared statements kept per connection; beyond this many the oldest is dropped. */
const STATEMENT_CACHE_SIZE = 512;

/** SqlDb over a better-sqlite3 connection (or the write path's routed one). */
class SqliteSqlDb implements SqlDb {
  readonly engine = 'sqlite' as const;
  readonly q = queryBuilder('sqlite');
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Db) {}

  all<R>(query: Query<R>): R[] {
    const { statement, parameters } = this.prepare(query);
    return statement.all(...parameters) as R[];
  }

  one<R>(query: Query<R>): R | undefined {
    const { statement, parameters } = this.prepare(query);
    return statement.get(...parameters) as R | undefined;
  }

  run(query: Query<unknown>): number {
    const { statement, parameters } = this.prepare(query);
    // A statement with RETURNING is a reader to better-sqlite3: run it for its rows' count.
    return statement.reader ? statement.all(...parameters).length : statement.run(...parameters).changes;
  }

  savepoint<T>(fn: () => T): T {
    return savepoint(this.db, fn);
  }

  copyRows(table: keyof Schema & string, columns: readonly string[], rows: readonly (readonly CopyValue[])[]): void {
    if (rows.length === 0) return;
    // One prepared statement, bound by position per row: what an import's speed rests on.
    const statement = this.statement(copyStatement('sqlite', table, columns));
    let at = 0;
    try {
      for (; at < rows.length; at++) statement.run(...rows[at]);
    } catch (error) {
      // Named as PostgreSQL's COPY names it (see refusedRowOf): an import reports the record's line.
      throw Object.assign(error as Error, { refused: { table, columns, row: rows[at] } satisfies RefusedRow });
    }
  }

  private prepare(query: Query<unknown>): { statement: Statement; parameters: readonly unknown[] } {
    const compiled = compileFor(query, this.q);
    return { statement: this.statement(compiled.sql), parameters: compiled.parameters };
  }

  private statement(text: string): Statement {
    let statement = this.statements.get(text);
    if (statement) {
      // Most recently used last, so the oldest is the first key.
      this.statements.delete(text);
    } else {
      statement = this.db.prepare(text);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(text, statement);
    return statement;
  }
}

const wrappers = new WeakMap<Db, SqlDb>();

/**
 * The SqlDb of a better-sqlite3 connection (one per connection, so its statements are prepared
 * once). For a write path's routed connection, its statements follow the routing.
 */
export function sqlOf(db: Db): SqlDb {
  let wrapper = wrappers.get(db);
  if (!wrapper) wrappers.set(db, (wrapper = new SqliteSqlDb(db)));
  return wrapper;
}

/** The write path's writes, handing each write function the SqlDb of the writer connection. */
export function sqliteSqlWrite(write: Write): SqlWrite {
  return (fn, options) => write((db, hold) => fn(sqlOf(db), hold), options);
}

/** A connection as the query functions take it: the query layer's, or a SQLite connection (tests, the file session's own work). */
export type AnyDb = Db | SqlDb;

/**
 * The query layer's view of `db`: itself when it is one already (any engine), else the SqlDb of
 * the SQLite connection — so a query function serves callers that hold the SQLite connection
 * (a test, the file session's own work) as well.
 */
export function asSql(db: AnyDb): SqlDb {
  return isSqlDb(db) ? db : sqlOf(db);
}

function isSqlDb(db: AnyDb): db is SqlDb {
  return typeof (db as Partial<SqlDb>).engine === 'string' && typeof (db as Partial<SqlDb>).all === 'function';
}
