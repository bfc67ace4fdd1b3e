import type { RunRowCounts } from '../../electron/common/deletionImpact';
import type { Db } from '../workspace';

// A judge run in the trash (migration 0090): hidden from the run list, calibration, comparison
// and, through the labels query (labels.ts), every reader of its judge's labels, with its calls,
// labels and their history kept until a lead restores it or purges it for good.

/** Counts what a run holds: the rows a purge of it removes. */
export function runImpact(db: Db, runId: number): RunRowCounts {
  const calls = db
    .prepare(
      `SELECT coalesce(sum(status = 'ok'), 0) AS ok, coalesce(sum(status = 'invalid'), 0) AS invalid, coalesce(sum(status = 'failed'), 0) AS failed,
              coalesce(sum(cached), 0) AS cached, coalesce(sum(cost), 0) AS cost,
              coalesce(sum(cost IS NULL AND cached = 0 AND raw_response IS NOT NULL), 0) AS unpriced,
              coalesce(sum(CASE WHEN cached = 0 THEN prompt_tokens ELSE 0 END), 0) AS prompt,
              coalesce(sum(CASE WHEN cached = 0 THEN completion_tokens ELSE 0 END), 0) AS completion
       FROM judge_calls WHERE run_id = ?`,
    )
    .get(runId) as { ok: number; invalid: number; failed: number; cached: number; cost: number; unpriced: number; prompt: number; completion: number };
  const rater = db.prepare('SELECT id FROM raters WHERE judge_run_id = ?').get(runId) as { id: number } | undefined;
  const labels = rater
    ? (db.prepare('SELECT count(*) AS labels, count(DISTINCT item_id) AS items FROM labels WHERE rater_id = ?').get(rater.id) as { labels: number; items: number })
    : { labels: 0, items: 0 };
  const labelEvents = rater ? (db.prepare('SELECT count(*) AS n FROM label_events WHERE rater_id = ?').get(rater.id) as { n: number }).n : 0;
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
export function trashRun(db: Db, runId: number, by: string | null, at: string): boolean {
  return db.prepare("UPDATE judge_runs SET state = 'trashed', trashed_at = ?, trashed_by = ? WHERE id = ? AND state = 'active' AND status <> 'running'").run(at, by, runId).changes > 0;
}

/** Brings a trashed run back (inside a write). */
export function restoreRun(db: Db, runId: number): boolean {
  return db.prepare("UPDATE judge_runs SET state = 'active', trashed_at = NULL, trashed_by = NULL WHERE id = ? AND state = 'trashed'").run(runId).changes > 0;
}

/** Hides a trashed run for its purge (inside a write). */
export function markRunForDeletion(db: Db, runId: number): boolean {
  return db.prepare("UPDATE judge_runs SET state = 'deleting' WHERE id = ? AND state = 'trashed'").run(runId).changes > 0;
}

/** The runs in the trash, newest first (of one task, or all). */
export function trashedRunIds(db: Db, taskId?: number): number[] {
  const rows =
    taskId === undefined
      ? db.prepare("SELECT id FROM judge_runs WHERE state = 'trashed' ORDER BY trashed_at DESC, id DESC").all()
      : db.prepare("SELECT id FROM judge_runs WHERE state = 'trashed' AND task_id = ? ORDER BY trashed_at DESC, id DESC").all(taskId);
  return (rows as { id: number }[]).map((r) => r.id);
}

/** Runs a purge had hidden and not finished deleting. */
export function runsBeingDeleted(db: Db): number[] {
  return (db.prepare("SELECT id FROM judge_runs WHERE state = 'deleting'").all() as { id: number }[]).map((r) => r.id);
}

const RUN_DELETE_BATCH = 2000;

/**
 * One chunk of a run's purge (inside a write): its judge's labels, their history (newest first,
 * an undo before the event it undid) and its calls go in batches, then the run, whose trigger
 * (0030) deletes its rater with what is left. True when the run is gone.
 */
export function deleteRunChunk(db: Db, runId: number, hold: { overBudget(): boolean }): boolean {
  const rater = db.prepare('SELECT id FROM raters WHERE judge_run_id = ?').get(runId) as { id: number } | undefined;
  const batches: [string, number][] = [['DELETE FROM judge_calls WHERE id IN (SELECT id FROM judge_calls WHERE run_id = ? LIMIT ?)', runId]];
  if (rater) {
    batches.unshift(
      ['DELETE FROM labels WHERE id IN (SELECT id FROM labels WHERE rater_id = ? LIMIT ?)', rater.id],
      ['DELETE FROM label_events WHERE id IN (SELECT id FROM label_events WHERE rater_id = ? ORDER BY id DESC LIMIT ?)', rater.id],
    );
  }
  for (const [sql, id] of batches) {
    const statement = db.prepare(sql);
    for (;;) {
      if (statement.run(id, RUN_DELETE_BATCH).changes === 0) break;
      if (hold.overBudget()) return false;
    }
  }
  db.prepare("DELETE FROM judge_runs WHERE id = ? AND state = 'deleting'").run(runId);
  return true;
}
