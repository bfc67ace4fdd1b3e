import { sql } from 'kysely';
import type { RunRowCounts } from '../../electron/common/deletionImpact';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { SqlDb } from '../sql/sqlDb';

// A judge run in the trash (migration 0090): hidden from the run list, calibration, comparison
// and, through the labels query (labels.ts), every reader of its judge's labels, with its calls,
// labels and their history kept until a lead restores it or purges it for good.
// On the query layer (db/sql): these run on SQLite and PostgreSQL alike.

function raterIdOfRun(db: SqlDb, runId: number): number | undefined {
  return db.one(db.q.selectFrom('raters').select('id').where('judge_run_id', '=', runId))?.id;
}

/** Counts what a run holds: the rows a purge of it removes. */
export function runImpact(conn: AnyDb, runId: number): RunRowCounts {
  const db = asSql(conn);
  const calls = db.one(
    sql<{ ok: number; invalid: number; failed: number; cached: number; cost: number; unpriced: number; prompt: number; completion: number }>`SELECT
       coalesce(sum(CASE WHEN status = 'ok' THEN 1 ELSE 0 END), 0) AS ok,
       coalesce(sum(CASE WHEN status = 'invalid' THEN 1 ELSE 0 END), 0) AS invalid,
       coalesce(sum(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0) AS failed,
       coalesce(sum(cached), 0) AS cached, coalesce(sum(cost), 0) AS cost,
       coalesce(sum(CASE WHEN cost IS NULL AND cached = 0 AND raw_response IS NOT NULL THEN 1 ELSE 0 END), 0) AS unpriced,
       coalesce(sum(CASE WHEN cached = 0 THEN prompt_tokens ELSE 0 END), 0) AS prompt,
       coalesce(sum(CASE WHEN cached = 0 THEN completion_tokens ELSE 0 END), 0) AS completion
     FROM judge_calls WHERE run_id = ${runId}`,
  )!;
  const raterId = raterIdOfRun(db, runId);
  const labels =
    raterId === undefined
      ? { labels: 0, items: 0 }
      : db.one(
          db.q
            .selectFrom('labels')
            .select((eb) => [eb.fn.countAll<number>().as('labels'), eb.fn.count<number>('item_id').distinct().as('items')])
            .where('rater_id', '=', raterId),
        )!;
  const labelEvents =
    raterId === undefined ? 0 : db.one(db.q.selectFrom('label_events').select((eb) => eb.fn.countAll<number>().as('n')).where('rater_id', '=', raterId))!.n;
  return {
    calls: { ok: calls.ok, invalid: calls.invalid, failed: calls.failed, cached: calls.cached },
    cost: calls.unpriced > 0 ? null : calls.cost,
    promptTokens: calls.prompt,
    completionTokens: calls.completion,
    ...labels,
    labelEvents,
  };
}

/** Moves a stopped run to the trash (inside a write); false when it is not active or still running. */
export function trashRun(conn: AnyDb, runId: number, by: string | null, at: string): boolean {
  const db = asSql(conn);
  const update = db.q
    .updateTable('judge_runs')
    .set({ state: 'trashed', trashed_at: at, trashed_by: by })
    .where('id', '=', runId)
    .where('state', '=', 'active')
    .where('status', '<>', 'running');
  return db.run(update) > 0;
}

/** Brings a trashed run back (inside a write). */
export function restoreRun(conn: AnyDb, runId: number): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('judge_runs').set({ state: 'active', trashed_at: null, trashed_by: null }).where('id', '=', runId).where('state', '=', 'trashed')) > 0;
}

/** Hides a trashed run for its purge (inside a write). */
export function markRunForDeletion(conn: AnyDb, runId: number): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('judge_runs').set({ state: 'deleting' }).where('id', '=', runId).where('state', '=', 'trashed')) > 0;
}

/** The runs in the trash, newest first (of one task, or all). */
export function trashedRunIds(conn: AnyDb, taskId?: number): number[] {
  const db = asSql(conn);
  let runs = db.q.selectFrom('judge_runs').select('id').where('state', '=', 'trashed');
  if (taskId !== undefined) runs = runs.where('task_id', '=', taskId);
  return db.all(runs.orderBy('trashed_at', 'desc').orderBy('id', 'desc')).map((r) => r.id);
}

/** Runs a purge had hidden and not finished deleting. */
export function runsBeingDeleted(conn: AnyDb): number[] {
  const db = asSql(conn);
  return db.all(db.q.selectFrom('judge_runs').select('id').where('state', '=', 'deleting').orderBy('id')).map((r) => r.id);
}

const RUN_DELETE_BATCH = 2000;

/**
 * One chunk of a run's purge (inside a write): its judge's labels, their history (newest first,
 * an undo before the event it undid) and its calls go in batches, then the run, whose trigger
 * (0030) deletes its rater with what is left. True when the run is gone.
 */
export function deleteRunChunk(conn: AnyDb, runId: number, hold: { overBudget(): boolean }): boolean {
  const db = asSql(conn);
  const raterId = raterIdOfRun(db, runId);
  const batches = [
    ...(raterId === undefined
      ? []
      : [
          db.q.deleteFrom('labels').where('id', 'in', (eb) => eb.selectFrom('labels').select('id').where('rater_id', '=', raterId).limit(RUN_DELETE_BATCH)),
          db.q
            .deleteFrom('label_events')
            .where('id', 'in', (eb) => eb.selectFrom('label_events').select('id').where('rater_id', '=', raterId).orderBy('id', 'desc').limit(RUN_DELETE_BATCH)),
        ]),
    db.q.deleteFrom('judge_calls').where('id', 'in', (eb) => eb.selectFrom('judge_calls').select('id').where('run_id', '=', runId).limit(RUN_DELETE_BATCH)),
  ];
  for (const batch of batches) {
    for (;;) {
      if (db.run(batch) === 0) break;
      if (hold.overBudget()) return false;
    }
  }
  db.run(db.q.deleteFrom('judge_runs').where('id', '=', runId).where('state', '=', 'deleting'));
  return true;
}
