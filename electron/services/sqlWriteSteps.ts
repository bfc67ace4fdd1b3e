import type { SqlWrite } from '../../db/sql/pgWritePath';

/**
 * `writeSteps` (db/writePath.ts) on the query layer: a long writer written as a generator that
 * yields between units of work (a label of a pack) runs in successive writes, each taking as
 * many units as its chunk's budget allows, so a label save waits one chunk at most.
 *
 * On PostgreSQL a write may run again after a serialization failure, and a generator cannot be
 * rewound to where the rolled-back attempt began. So a chunk that runs again starts the writer
 * afresh (`start()`) inside it: the writer must be idempotent, skipping work an earlier chunk
 * committed (a pack merge skips edits already merged, by their ids). In the first chunk, where
 * a short writer does everything, nothing has been committed and the fresh start is exact.
 * Everything before the writer's first `yield` is in its first chunk, so a check that throws
 * there leaves nothing written.
 */
export async function sqlWriteSteps<T>(write: SqlWrite, start: () => Generator<unknown, T, undefined>, label: string): Promise<T> {
  let steps = start();
  for (;;) {
    let entered = false;
    const step = await write(
      (_db, hold): IteratorResult<unknown, T> => {
        // Entered again: the attempt before was rolled back, and the generator is past its work.
        if (entered) steps = start();
        entered = true;
        for (;;) {
          const next = steps.next();
          if (next.done || hold.overBudget()) return next;
        }
      },
      { chunk: true, label },
    );
    if (step.done) return step.value;
  }
}
