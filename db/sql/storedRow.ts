import type { Selectable } from 'kysely';
import type { Schema } from './schema';

/**
 * A table's row as a query reads it, typed from the one description of the tables (schema.ts,
 * generated from the migrations by `npm run schema:types`), so a column added, renamed or
 * dropped by a migration changes every record built on it.
 *
 * `Narrowed` gives some columns a tighter type than their SQL type says: the values a CHECK
 * allows (`role: 'annotator' | 'adjudicator' | 'lead'`), or documents what a column means. Each
 * must name a column of the table and stay within its stored type, or this is a type error.
 */
export type StoredRow<T extends keyof Schema, Narrowed extends NarrowingOf<T> = Record<never, never>> = Omit<Selectable<Schema[T]>, keyof Narrowed> & Narrowed;

/** Columns of `T`, each at most as wide as its stored type. */
type NarrowingOf<T extends keyof Schema> = { [K in keyof Selectable<Schema[T]>]?: Selectable<Schema[T]>[K] };
