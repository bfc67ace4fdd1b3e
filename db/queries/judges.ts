import { sql } from 'kysely';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { StoredRow } from '../sql/storedRow';

/** A judge definition as stored. */
export type JudgeRecord = StoredRow<'judges'>;

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

// On the query layer (db/sql): these run on SQLite and PostgreSQL alike.

const now = () => new Date().toISOString();

/** A run joined with its judge and task: the columns of {@link RunRecord}. */
const RUN_SELECT = sql`SELECT r.*, j.name AS judge_name, j.version AS judge_version, t.name AS task_name
  FROM judge_runs r JOIN judges j ON j.id = r.judge_id JOIN tasks t ON t.id = r.task_id`;

/**
 * A run's call counts as its columns hold them (cached calls cost nothing; `unpriced` counts
 * answered, uncached calls without a price). Flags are summed through CASE: PostgreSQL cannot sum booleans.
 */
const CALL_TOTALS = sql`coalesce(sum(CASE WHEN status = 'ok' THEN 1 ELSE 0 END), 0) AS calls_ok,
  coalesce(sum(CASE WHEN status = 'invalid' THEN 1 ELSE 0 END), 0) AS calls_invalid,
  coalesce(sum(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0) AS calls_failed,
  coalesce(sum(cached), 0) AS cache_hits, coalesce(sum(CASE WHEN cached = 0 THEN attempts ELSE 0 END), 0) AS requests,
  coalesce(sum(CASE WHEN cached = 0 THEN prompt_tokens ELSE 0 END), 0) AS prompt_tokens,
  coalesce(sum(CASE WHEN cached = 0 THEN completion_tokens ELSE 0 END), 0) AS completion_tokens,
  coalesce(sum(cost), 0) AS cost,
  coalesce(sum(CASE WHEN cost IS NULL AND cached = 0 AND raw_response IS NOT NULL THEN 1 ELSE 0 END), 0) AS unpriced`;

/** The judge row of a version, created on first use. */
export function ensureJudge(conn: AnyDb, judge: Omit<JudgeRecord, 'id' | 'created_at'>): JudgeRecord {
  const db = asSql(conn);
  db.run(
    db.q
      .insertInto('judges')
      .values({ ...judge, created_at: now() })
      .onConflict((oc) => oc.columns(['name', 'version']).doNothing()),
  );
  return db.one(db.q.selectFrom('judges').selectAll().where('name', '=', judge.name).where('version', '=', judge.version)) as JudgeRecord;
}

/** Every stored judge version, newest first. */
export function listJudges(conn: AnyDb): JudgeRecord[] {
  const db = asSql(conn);
  return db.all(db.q.selectFrom('judges').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc')) as JudgeRecord[];
}

export function judgeById(conn: AnyDb, id: number): JudgeRecord | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('judges').selectAll().where('id', '=', id)) as JudgeRecord | undefined;
}

export function insertRun(conn: AnyDb, run: { judgeId: number; taskId: number; model: string; baseUrl: string; settings: string; unitsTotal: number }): number {
  const db = asSql(conn);
  const insert = db.q
    .insertInto('judge_runs')
    .values({
      judge_id: run.judgeId,
      task_id: run.taskId,
      model: run.model,
      base_url: run.baseUrl,
      settings: run.settings,
      status: 'running',
      units_total: run.unitsTotal,
      started_at: now(),
    })
    .returning('id');
  return db.one(insert)!.id;
}

/** A run that is not in the trash (migration 0090): a trashed run is hidden from every reader. */
export function runById(conn: AnyDb, id: number): RunRecord | undefined {
  const db = asSql(conn);
  return db.one(sql<RunRecord>`${RUN_SELECT} WHERE r.id = ${id} AND r.state = 'active'`);
}

/** The runs not in the trash, of one task or all. */
export function listRuns(conn: AnyDb, taskId?: number): RunRecord[] {
  const db = asSql(conn);
  return taskId === undefined
    ? // A trashed task hides its runs with it (0080).
      db.all(sql<RunRecord>`${RUN_SELECT} WHERE r.state = 'active' AND t.state IN ('active', 'archived') ORDER BY r.id`)
    : db.all(sql<RunRecord>`${RUN_SELECT} WHERE r.task_id = ${taskId} AND r.state = 'active' ORDER BY r.id`);
}

/** A run in any state (active, trashed, deleting), for the trash. */
export function runInAnyState(conn: AnyDb, id: number): (RunRecord & { state: 'active' | 'trashed' | 'deleting'; trashed_at: string | null; trashed_by: string | null }) | undefined {
  const db = asSql(conn);
  return db.one(sql<NonNullable<ReturnType<typeof runInAnyState>>>`${RUN_SELECT} WHERE r.id = ${id}`);
}

/** Marks a run running again (a resume), with the number of calls it needs. */
export function restartRun(conn: AnyDb, id: number, unitsTotal: number, settings: string): void {
  const db = asSql(conn);
  db.run(db.q.updateTable('judge_runs').set({ status: 'running', error: null, finished_at: null, units_total: unitsTotal, settings }).where('id', '=', id));
}

/**
 * Recomputes a run's counts from its calls and sets its status. The cost is null when some
 * call that reached the model has no price (an unknown cost is not a free one).
 */
export function finishRun(conn: AnyDb, id: number, status: Exclude<RunStatus, 'running'> | 'running', error: string | null = null): void {
  const db = asSql(conn);
  const { unpriced, cost, ...totals } = runCountsSoFar(db, id);
  db.run(
    db.q
      .updateTable('judge_runs')
      .set({ ...totals, status, error, cost: unpriced > 0 ? null : cost, finished_at: status === 'running' ? null : now() })
      .where('id', '=', id),
  );
}

/** The calls of a run by `itemId/unit`. */
export function callsOfRun(conn: AnyDb, runId: number): Map<string, CallRecord> {
  const db = asSql(conn);
  const rows = db.all(db.q.selectFrom('judge_calls').selectAll().where('run_id', '=', runId)) as CallRecord[];
  return new Map(rows.map((r) => [callKey(r.item_id, r.unit), r]));
}

/** The key of a call in {@link callsOfRun}. */
export const callKey = (itemId: number, unit: string) => `${itemId}/${unit}`;

/** A page of a run's calls, by item. */
export function listCalls(conn: AnyDb, runId: number, options: { status?: CallStatus; itemId?: number; offset: number; limit: number }): { total: number; rows: CallRecord[] } {
  const db = asSql(conn);
  let calls = db.q.selectFrom('judge_calls').where('run_id', '=', runId);
  if (options.status) calls = calls.where('status', '=', options.status);
  if (options.itemId !== undefined) calls = calls.where('item_id', '=', options.itemId);
  const total = db.one(calls.select((eb) => eb.fn.countAll<number>().as('n')))!.n;
  const rows = db.all(calls.selectAll().orderBy('item_id').orderBy('unit').limit(options.limit).offset(options.offset)) as CallRecord[];
  return { total, rows };
}

/** The external ids of the items a run has calls on, by item id. */
export function externalIdsOfRunItems(conn: AnyDb, runId: number): Map<number, string> {
  const db = asSql(conn);
  const rows = db.all(
    db.q
      .selectFrom('items')
      .select(['id', 'external_id'])
      .where('id', 'in', (eb) => eb.selectFrom('judge_calls').select('item_id').where('run_id', '=', runId)),
  );
  return new Map(rows.map((r) => [r.id, r.external_id]));
}

/** A run's failed and unreadable calls: their status and error. */
export function problemCalls(conn: AnyDb, runId: number): { status: 'failed' | 'invalid'; error: string | null }[] {
  const db = asSql(conn);
  return db.all(db.q.selectFrom('judge_calls').select(['status', 'error']).where('run_id', '=', runId).where('status', 'in', ['failed', 'invalid'])) as {
    status: 'failed' | 'invalid';
    error: string | null;
  }[];
}

/**
 * What a run does per call, on the connection given (inside a write: the one the write function
 * was handed). Statements are prepared once per connection by the query layer.
 */
export function judgeCallQueries(conn: AnyDb) {
  const db = asSql(conn);
  return {
    /**
     * Records a call; a failed call recorded earlier is replaced (its attempts add up). Returns
     * the call's id, or null when a finished call is already recorded (it is never replaced).
     */
    record: (call: CallWrite): number | null => {
      const row = db.one(
        sql<{ id: number }>`INSERT INTO judge_calls (run_id, item_id, unit, request_hash, status, raw_response, content, parsed, error, attempts, cached,
                              prompt_tokens, completion_tokens, latency_ms, cost, created_at)
         VALUES (${call.run_id}, ${call.item_id}, ${call.unit}, ${call.request_hash}, ${call.status}, ${call.raw_response}, ${call.content}, ${call.parsed},
                 ${call.error}, ${call.attempts}, ${call.cached}, ${call.prompt_tokens}, ${call.completion_tokens}, ${call.latency_ms}, ${call.cost}, ${now()})
         ON CONFLICT (run_id, item_id, unit) DO UPDATE SET request_hash = excluded.request_hash, status = excluded.status,
           raw_response = excluded.raw_response, content = excluded.content, parsed = excluded.parsed, error = excluded.error,
           attempts = judge_calls.attempts + excluded.attempts, cached = excluded.cached, prompt_tokens = excluded.prompt_tokens,
           completion_tokens = excluded.completion_tokens, latency_ms = excluded.latency_ms, cost = excluded.cost,
           applied_at = NULL, created_at = excluded.created_at
         WHERE judge_calls.status = 'failed'
         RETURNING id`,
      );
      return row?.id ?? null;
    },
    markApplied: (callId: number) => void db.run(db.q.updateTable('judge_calls').set({ applied_at: now() }).where('id', '=', callId)),
    cacheGet: (hash: string, model: string, baseUrl: string) =>
      db.one(
        db.q
          .selectFrom('judge_cache')
          .select(['raw_response', 'content', 'prompt_tokens', 'completion_tokens'])
          .where('request_hash', '=', hash)
          .where('model', '=', model)
          .where('base_url', '=', baseUrl),
      ) as CacheRecord | undefined,
    cachePut: (hash: string, model: string, baseUrl: string, entry: CacheRecord) => {
      const row = { ...entry, created_at: now() };
      db.run(
        db.q
          .insertInto('judge_cache')
          .values({ request_hash: hash, model, base_url: baseUrl, ...row })
          .onConflict((oc) => oc.columns(['request_hash', 'model', 'base_url']).doUpdateSet(row)),
      );
    },
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
export function judgeTaskItems(conn: AnyDb, taskId: number, itemIds?: readonly number[]): JudgeItemRecord[] {
  const db = asSql(conn);
  const rows = db.all(
    sql<JudgeItemRecord>`SELECT i.id AS item_id, i.external_id, d.name AS dataset, i.kind, i.payload, i.metadata
       FROM task_items t JOIN items i ON i.id = t.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
       WHERE t.task_id = ${taskId} ORDER BY i.id`,
  );
  if (!itemIds) return rows;
  const wanted = new Set(itemIds);
  return rows.filter((r) => wanted.has(r.item_id));
}

/** The run whose rater this is, by rater id. */
export function raterOfRun(conn: AnyDb, runId: number): { id: number; name: string } | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('raters').select(['id', 'name']).where('judge_run_id', '=', runId));
}

/** Marks a recorded call whose labels could not be saved as invalid, with the reason. */
export function markCallInvalid(conn: AnyDb, callId: number, error: string): void {
  const db = asSql(conn);
  db.run(db.q.updateTable('judge_calls').set({ status: 'invalid', error, applied_at: now() }).where('id', '=', callId));
}

/** Stores a run's settings again (a judge's output fallback is learnt mid-run). */
export function updateRunSettings(conn: AnyDb, runId: number, settings: string): void {
  const db = asSql(conn);
  db.run(db.q.updateTable('judge_runs').set({ settings }).where('id', '=', runId));
}

/** A run's call counts so far, summed from its calls (its own columns are written when it stops). */
export type RunCountsSoFar = Pick<RunRecord, 'calls_ok' | 'calls_invalid' | 'calls_failed' | 'cache_hits' | 'requests' | 'prompt_tokens' | 'completion_tokens'> & {
  cost: number;
  /** Answered, uncached calls without a price: the run's cost is then unknown. */
  unpriced: number;
};

/** Counts for a running run, by the rules used when it stops: cached calls cost nothing. */
export function runCountsSoFar(conn: AnyDb, runId: number): RunCountsSoFar {
  const db = asSql(conn);
  return db.one(sql<RunCountsSoFar>`SELECT ${CALL_TOTALS} FROM judge_calls WHERE run_id = ${runId}`)!;
}
