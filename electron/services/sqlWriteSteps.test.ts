import { describe, expect, it } from 'vitest';
import type { SqlWrite } from '../../db/sql/pgWritePath';
import type { SqlDb } from '../../db/sql/sqlDb';
import { sqlWriteSteps } from './sqlWriteSteps';

/**
 * A write path that keeps what a write function did only when it commits, runs every write
 * function a second time when `retry(n)` says so (as PostgreSQL's does after a serialization
 * failure), and gives each chunk a budget of `perChunk` steps.
 */
function fakeWrite(perChunk: number, retry: (write: number) => boolean) {
  const committed: string[] = [];
  let pending: string[] = [];
  let writes = 0;
  const write: SqlWrite = async (fn) => {
    const n = ++writes;
    for (let attempt = 1; ; attempt++) {
      pending = [];
      let steps = 0;
      const result = fn({} as SqlDb, { elapsedMs: () => 0, overBudget: () => ++steps >= perChunk });
      if (attempt === 1 && retry(n)) continue; // rolled back: pending is dropped
      committed.push(...pending);
      return result;
    }
  };
  return { write, committed, record: (s: string) => pending.push(s) };
}

/** A writer of `units` units that skips the ones already committed (idempotent, like a pack merge). */
function* units(path: ReturnType<typeof fakeWrite>, count: number): Generator<void, number, undefined> {
  let done = 0;
  for (let i = 1; i <= count; i++) {
    if (!path.committed.includes(`u${i}`)) {
      path.record(`u${i}`);
      done++;
    }
    yield;
  }
  return done;
}

describe('sqlWriteSteps', () => {
  it('writes in chunks, each unit once', async () => {
    const path = fakeWrite(2, () => false);
    expect(await sqlWriteSteps(path.write, () => units(path, 5), 'test')).toBe(5);
    expect(path.committed).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
  });

  it('starts the writer afresh when a chunk runs again, so no rolled-back unit is lost', async () => {
    // The second chunk (u3, u4) is rolled back once and run again.
    const path = fakeWrite(2, (write) => write === 2);
    await sqlWriteSteps(path.write, () => units(path, 5), 'test');
    expect(path.committed).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
  });

  it('redoes a short writer whole when its only chunk runs again', async () => {
    const path = fakeWrite(100, (write) => write === 1);
    expect(await sqlWriteSteps(path.write, () => units(path, 3), 'test')).toBe(3);
    expect(path.committed).toEqual(['u1', 'u2', 'u3']);
  });
});
