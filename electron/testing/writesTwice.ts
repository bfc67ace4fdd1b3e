import type { SqlWrite } from '../../db/sql/pgWritePath';
import type { Hold } from '../../db/writePath';
import type { ServiceContext } from '../services/context';

class RunAgain extends Error {}

/**
 * The same context with every write run twice: once rolled back (inside a savepoint), then again
 * for real — as PostgreSQL runs a write again after a serialization failure (db/sql/pgWritePath.ts).
 * A write function with a side effect outside the database, or one that is not a pure function
 * of what it reads, shows it here on either engine.
 */
export function everyWriteTwice(ctx: ServiceContext, options: { hold?: Hold; onWrite?: () => void } = {}): ServiceContext {
  const twice: SqlWrite = (fn, writeOptions) =>
    ctx.sqlWrite((db, given) => {
      // A hold of the test's own (say, one always over budget: every unit a chunk of its own).
      const hold = options.hold ?? given;
      options.onWrite?.();
      try {
        db.savepoint(() => {
          fn(db, hold);
          throw new RunAgain();
        });
      } catch (error) {
        if (!(error instanceof RunAgain)) throw error;
      }
      return fn(db, hold);
    }, writeOptions);
  return { ...ctx, sqlWrite: twice };
}
