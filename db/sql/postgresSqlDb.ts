import { queryBuilder } from './dialects';
import type { PgConnection, PgSyncClient } from './pgSyncClient';
import { copyText, type CopyValue } from './copyText';
import type { Schema } from './schema';
import { compileFor, copyStatement, type Query, type SqlDb } from './sqlDb';

/** SqlDb over one of a PgSyncClient's connections. */
export class PostgresSqlDb implements SqlDb {
  readonly engine = 'postgres' as const;
  readonly q = queryBuilder('postgres');

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

  copyRows(table: keyof Schema & string, columns: readonly string[], rows: readonly (readonly CopyValue[])[]): void {
    if (rows.length === 0) return;
    if (this.target() !== 'writer') throw new Error('copyRows outside a write');
    this.client.copyIn('writer', copyStatement('postgres', table, columns), copyText(rows));
  }

  /** Runs SQL text as is (transaction control, DDL): only the write path and migrations use it. */
  exec(text: string): void {
    this.client.query(this.target(), text);
  }

  private execute(query: Query<unknown>) {
    const compiled = compileFor(query, this.q);
    return this.client.query(this.target(), compiled.sql, compiled.parameters);
  }

  private target(): PgConnection {
    return typeof this.connection === 'function' ? this.connection() : this.connection;
  }
}
