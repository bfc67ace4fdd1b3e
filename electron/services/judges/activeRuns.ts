import type { SqlDb } from '../../../db/sql/sqlDb';

/**
 * Judge runs under way in this process, per workspace connection, each with the means to
 * cancel it. A run's id says nothing about which process runs it: the `running` status in the
 * workspace may belong to the CLI in another process, or to a process that died. Only the
 * process that runs it can stop it, through its job's cancel signal.
 *
 * Keyed by the workspace's connection (the service context's `sql`), not by run id alone: two
 * workspaces open in one process (tests, the benchmark) each have a run 1.
 */
const runsByDb = new WeakMap<SqlDb, Map<number, () => boolean>>();

function runsOf(db: SqlDb): Map<number, () => boolean> {
  let runs = runsByDb.get(db);
  if (!runs) {
    runs = new Map();
    runsByDb.set(db, runs);
  }
  return runs;
}

/** Whether run `runId` is under way in this process. */
export function isRunActive(db: SqlDb, runId: number): boolean {
  return runsOf(db).has(runId);
}

/**
 * Marks a run as under way, with how to cancel it (its job's cancel).
 *
 * @returns false, changing nothing, when the run is already under way here.
 */
export function markRunActive(db: SqlDb, runId: number, cancel: () => boolean): boolean {
  const runs = runsOf(db);
  if (runs.has(runId)) return false;
  runs.set(runId, cancel);
  return true;
}

/** Forgets a run that has stopped. */
export function markRunStopped(db: SqlDb, runId: number): void {
  runsOf(db).delete(runId);
}

/** Cancels a run under way here; false when it is not under way in this process. */
export function cancelActiveRun(db: SqlDb, runId: number): boolean {
  const cancel = runsOf(db).get(runId);
  return cancel ? cancel() : false;
}
