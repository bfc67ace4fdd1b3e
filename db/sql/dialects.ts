import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Schema } from './schema';
import type { Engine } from './sqlDb';

/**
 * Kysely instances that only write SQL (a DummyDriver never connects): our connections execute
 * the compiled text themselves, synchronously (see sqlDb.ts for why).
 */
function compileOnly(engine: Engine): Kysely<Schema> {
  if (engine === 'sqlite') {
    return new Kysely<Schema>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new SqliteIntrospector(db),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    });
  }
  return new Kysely<Schema>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

const builders: Partial<Record<Engine, Kysely<Schema>>> = {};

/** The one compile-only builder of each engine. */
export function queryBuilder(engine: Engine): Kysely<Schema> {
  return (builders[engine] ??= compileOnly(engine));
}
