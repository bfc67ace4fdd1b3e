import type { Db } from '../workspace';

/** A judge definition as stored. */
export interface JudgeRecord {
  id: number;
  name: string;
  version: string;
  title: string;
  schema_id: string;
  definition: string;
  created_at: string;
}

export type RunStatus = 'running' | 'finished' | 'cancelled' | 'failed';

/** A judge run as stored, with its judge's name and version and its task's name. */
export interface RunRecord {
  id: number;
  judge_id: number;
  judge_name: string;
  judge_version: string;
  task_id: number;
  task_name: string;
  model: string;
  base_url: string;
  settings: string;
  status: RunStatus;
  error: string | null;
  units_total: number;
  calls_ok: number;
  calls_invalid: number;
  calls_failed: number;
  cache_hits: number;
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
  cost: number | null;
  started_at: string;
  finished_at: string | null;
}

export type CallStatus = 'ok' | 'invalid' | 'failed';

/** A call as stored. */
export interface CallRecord {
  id: number;
  run_id: number;
  item_id: number;
  unit: string;
  request_hash: string | null;
  status: CallStatus;
  raw_response: string | null;
  content: string | null;
  parsed: string | null;
  error: string | null;
  attempts: number;
  cached: number;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  latency_ms: number | null;
  cost: number | null;
  applied_at: string | null;
  created_at: string;
}

/** A call to record (insert, or replace a failed one on resume). */
export type CallWrite = Omit<CallRecord, 'id' | 'applied_at' | 'created_at'>;

/** A cached response. */
export interface CacheRecord {
  raw_response: string;
  content: string;
  prompt_tokens: number | null;
  completion_tokens: number | null;
}

const now = () => new Date().toISOString();

const RUN_SELECT = `SELECT r.*, j.name AS judge_name, j.version AS judge_version, t.name AS task_name
  FROM judge_runs r JOIN judges j ON j.id = r.judge_id JOIN tasks t ON t.id = r.task_id`;

/** The judge row of a version, created on first use. */
export function ensureJudge(db: Db, judge: Omit<JudgeRecord, 'id' | 'created_at'>): JudgeRecord {
  db.prepare(
    `INSERT INTO judges (name, version, title, schema_id, definition, created_at) VALUES (@name, @version, @title, @schema_id, @definition, @at)
     ON CONFLICT (name, version) DO NOTHING`,
  ).run({ ...judge, at: now() });
  return db.prepare('SELECT * FROM judges WHERE name = ? AND version = ?').get(judge.name, judge.version) as JudgeRecord;
}

/** Every stored judge version, newest first. */
export function listJudges(db: Db): JudgeRecord[] {
  return db.prepare('SELECT * FROM judges ORDER BY created_at DESC, id DESC').all() as JudgeRecord[];
}

export function judgeById(db: Db, id: number): JudgeRecord | undefined {
  return db.prepare('SELECT * FROM judges WHERE id = ?').get(id) as JudgeRecord | undefined;
}

export function insertRun(db: Db, run: { judgeId: number; taskId: number; model: string; baseUrl: string; settings: string; unitsTotal: number }): number {
  return Number(
    db
      .prepare(
        `INSERT INTO judge_runs (judge_id, task_id, model, base_url, settings, status, units_total, started_at)
         VALUES (@judgeId, @taskId, @model, @baseUrl, @settings, 'running', @unitsTotal, @at)`,
      )
      .run({ ...run, at: now() }).lastInsertRowid,
  );
}

/** A run that is not in the trash (migration 0090): a trashed run is hidden from every reader. */
export function runById(db: Db, id: number): RunRecord | undefined {
  return db.prepare(`${RUN_SELECT} WHERE r.id = ? AND r.state = 'active'`).get(id) as RunRecord | undefined;
}

/** The runs not in the trash, of one task or all. */
export function listRuns(db: Db, taskId?: number): RunRecord[] {
  return (
    taskId === undefined
      ? // A trashed task hides its runs with it (0080).
        db.prepare(`${RUN_SELECT} WHERE r.state = 'active' AND t.state IN ('active', 'archived') ORDER BY r.id`).all()
      : db.prepare(`${RUN_SELECT} WHERE r.task_id = ? AND r.state = 'active' ORDER BY r.id`).all(taskId)
  ) as RunRecord[];
}

/** A run in any state (active, trashed, deleting), for the trash. */
export function runInAnyState(db: Db, id: number): (RunRecord & { state: 'active' | 'trashed' | 'deleting'; trashed_at: string | null; trashed_by: string | null }) | undefined {
  return db.prepare(`${RUN_SELECT} WHERE r.id = ?`).get(id) as ReturnType<typeof runInAnyState>;
}

/** Marks a run running again (a resume), with the number of calls it needs. */
export function restartRun(db: Db, id: number, unitsTotal: number, settings: string): void {
  db.prepare("UPDATE judge_runs SET status = 'running', error = NULL, finished_at = NULL, units_total = ?, settings = ? WHERE id = ?").run(unitsTotal, settings, id);
}

/**
 * Recomputes a run's counts from its calls and sets its status. The cost is null when some
 * call that reached the model has no price (an unknown cost is not a free one).
 */
export function finishRun(db: Db, id: number, status: Exclude<RunStatus, 'running'> | 'running', error: string | null = null): void {
  const totals = db
    .prepare(
      `SELECT coalesce(sum(status = 'ok'), 0) AS ok, coalesce(sum(status = 'invalid'), 0) AS invalid, coalesce(sum(status = 'failed'), 0) AS failed,
              coalesce(sum(cached), 0) AS cache_hits, coalesce(sum(CASE WHEN cached = 0 THEN attempts ELSE 0 END), 0) AS requests,
              coalesce(sum(CASE WHEN cached = 0 THEN prompt_tokens ELSE 0 END), 0) AS prompt_tokens,
              coalesce(sum(CASE WHEN cached = 0 THEN completion_tokens ELSE 0 END), 0) AS completion_tokens,
              coalesce(sum(cost), 0) AS cost,
              coalesce(sum(cost IS NULL AND cached = 0 AND raw_response IS NOT NULL), 0) AS unpriced
       FROM judge_calls WHERE run_id = ?`,
    )
    .get(id) as { ok: number; invalid: number; failed: number; cache_hits: number; requests: number; prompt_tokens: number; completion_tokens: number; cost: number; unpriced: number };
  db.prepare(
    `UPDATE judge_runs SET status = @status, error = @error, calls_ok = @ok, calls_invalid = @invalid, calls_failed = @failed,
       cache_hits = @cache_hits, requests = @requests, prompt_tokens = @prompt_tokens, completion_tokens = @completion_tokens,
       cost = @cost, finished_at = @finished WHERE id = @id`,
  ).run({
    ...totals,
    cost: totals.unpriced > 0 ? null : totals.cost,
    status,
    error,
    finished: status === 'running' ? null : now(),
    id,
  });
}

/** The calls of a run by `itemId/unit`. */
export function callsOfRun(db: Db, runId: number): Map<string, CallRecord> {
  const rows = db.prepare('SELECT * FROM judge_calls WHERE run_id = ?').all(runId) as CallRecord[];
  return new Map(rows.map((r) => [callKey(r.item_id, r.unit), r]));
}

/** The key of a call in {@link callsOfRun}. */
export const callKey = (itemId: number, unit: string) => `${itemId}/${unit}`;

/** A page of a run's calls, by item. */
export function listCalls(db: Db, runId: number, options: { status?: CallStatus; itemId?: number; offset: number; limit: number }): { total: number; rows: CallRecord[] } {
  const where = ['run_id = @runId', ...(options.status ? ['status = @status'] : []), ...(options.itemId !== undefined ? ['item_id = @itemId'] : [])].join(' AND ');
  const params = { runId, status: options.status, itemId: options.itemId, offset: options.offset, limit: options.limit };
  const total = (db.prepare(`SELECT count(*) AS n FROM judge_calls WHERE ${where}`).get(params) as { n: number }).n;
  const rows = db.prepare(`SELECT * FROM judge_calls WHERE ${where} ORDER BY item_id, unit LIMIT @limit OFFSET @offset`).all(params) as CallRecord[];
  return { total, rows };
}

/** Prepared statements a run uses per call. */
export function judgeCallQueries(db: Db) {
  const record = db.prepare(
    `INSERT INTO judge_calls (run_id, item_id, unit, request_hash, status, raw_response, content, parsed, error, attempts, cached,
                              prompt_tokens, completion_tokens, latency_ms, cost, created_at)
     VALUES (@run_id, @item_id, @unit, @request_hash, @status, @raw_response, @content, @parsed, @error, @attempts, @cached,
             @prompt_tokens, @completion_tokens, @latency_ms, @cost, @at)
     ON CONFLICT (run_id, item_id, unit) DO UPDATE SET request_hash = excluded.request_hash, status = excluded.status,
       raw_response = excluded.raw_response, content = excluded.content, parsed = excluded.parsed, error = excluded.error,
       attempts = judge_calls.attempts + excluded.attempts, cached = excluded.cached, prompt_tokens = excluded.prompt_tokens,
       completion_tokens = excluded.completion_tokens, latency_ms = excluded.latency_ms, cost = excluded.cost,
       applied_at = NULL, created_at = excluded.created_at
     WHERE judge_calls.status = 'failed'
     RETURNING id`,
  );
  const applied = db.prepare('UPDATE judge_calls SET applied_at = ? WHERE id = ?');
  const cacheGet = db.prepare('SELECT raw_response, content, prompt_tokens, completion_tokens FROM judge_cache WHERE request_hash = ? AND model = ? AND base_url = ?');
  const cachePut = db.prepare(
    `INSERT OR REPLACE INTO judge_cache (request_hash, model, base_url, raw_response, content, prompt_tokens, completion_tokens, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    /**
     * Records a call; a failed call recorded earlier is replaced (its attempts add up). Returns
     * the call's id, or null when a finished call is already recorded (it is never replaced).
     */
    record: (call: CallWrite): number | null => {
      const row = record.get({ ...call, at: now() }) as { id: number } | undefined;
      return row?.id ?? null;
    },
    markApplied: (callId: number) => void applied.run(now(), callId),
    cacheGet: (hash: string, model: string, baseUrl: string) => cacheGet.get(hash, model, baseUrl) as CacheRecord | undefined,
    cachePut: (hash: string, model: string, baseUrl: string, entry: CacheRecord) =>
      void cachePut.run(hash, model, baseUrl, entry.raw_response, entry.content, entry.prompt_tokens, entry.completion_tokens, now()),
  };
}

/** A task item with what a judge's template reads. */
export interface JudgeItemRecord {
  item_id: number;
  external_id: string;
  dataset: string;
  kind: 'graph' | 'plan' | 'conversation';
  payload: string;
  metadata: string;
}

/** The items of a task in id order (or the given ones that are in the task), with payload and metadata. */
export function judgeTaskItems(db: Db, taskId: number, itemIds?: readonly number[]): JudgeItemRecord[] {
  const rows = db
    .prepare(
      `SELECT i.id AS item_id, i.external_id, d.name AS dataset, i.kind, i.payload, i.metadata
       FROM task_items t JOIN items i ON i.id = t.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
       WHERE t.task_id = ? ORDER BY i.id`,
    )
    .all(taskId) as JudgeItemRecord[];
  if (!itemIds) return rows;
  const wanted = new Set(itemIds);
  return rows.filter((r) => wanted.has(r.item_id));
}

/** The run whose rater this is, by rater id. */
export function raterOfRun(db: Db, runId: number): { id: number; name: string } | undefined {
  return db.prepare('SELECT id, name FROM raters WHERE judge_run_id = ?').get(runId) as { id: number; name: string } | undefined;
}

/** Marks a recorded call whose labels could not be saved as invalid, with the reason. */
export function markCallInvalid(db: Db, callId: number, error: string): void {
  db.prepare("UPDATE judge_calls SET status = 'invalid', error = ?, applied_at = ? WHERE id = ?").run(error, now(), callId);
}

/** Stores a run's settings again (a judge's output fallback is learnt mid-run). */
export function updateRunSettings(db: Db, runId: number, settings: string): void {
  db.prepare('UPDATE judge_runs SET settings = ? WHERE id = ?').run(settings, runId);
}

/** A run's call counts so far, summed from its calls (its own columns are written when it stops). */
export type RunCountsSoFar = Pick<RunRecord, 'calls_ok' | 'calls_invalid' | 'calls_failed' | 'cache_hits' | 'requests' | 'prompt_tokens' | 'completion_tokens'> & {
  cost: number;
  /** Answered, uncached calls without a price: the run's cost is then unknown. */
  unpriced: number;
};

/** Counts for a running run, by the rules used when it stops: cached calls cost nothing. */
export function runCountsSoFar(db: Db, runId: number): RunCountsSoFar {
  return db
    .prepare(
      `SELECT coalesce(sum(status = 'ok'), 0) AS calls_ok, coalesce(sum(status = 'invalid'), 0) AS calls_invalid, coalesce(sum(status = 'failed'), 0) AS calls_failed,
              coalesce(sum(cached), 0) AS cache_hits, coalesce(sum(CASE WHEN cached = 0 THEN attempts ELSE 0 END), 0) AS requests,
              coalesce(sum(CASE WHEN cached = 0 THEN prompt_tokens ELSE 0 END), 0) AS prompt_tokens,
              coalesce(sum(CASE WHEN cached = 0 THEN completion_tokens ELSE 0 END), 0) AS completion_tokens,
              coalesce(sum(cost), 0) AS cost, coalesce(sum(cost IS NULL AND cached = 0 AND raw_response IS NOT NULL), 0) AS unpriced
       FROM judge_calls WHERE run_id = ?`,
    )
    .get(runId) as RunCountsSoFar;
}
