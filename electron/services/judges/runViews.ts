import type { CallView, RunSettings, RunSummary } from '../../api/contract';
import { judgeById, problemCalls, raterOfRun, runCountsSoFar, type CallRecord, type RunRecord } from '../../../db/queries/judges';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';

/** A run as the API returns it; a run under way is counted from the calls recorded so far. */
export function toRunSummary(db: AnyDb, recorded: RunRecord): RunSummary {
  const run = recorded.status === 'running' ? { ...recorded, ...countsSoFar(db, recorded.id) } : recorded;
  const judge = judgeById(db, run.judge_id)!;
  const done = run.calls_ok + run.calls_invalid + run.calls_failed;
  return {
    id: run.id,
    judge: { id: run.judge_name, version: run.judge_version, title: judge.title },
    task: run.task_name,
    taskId: run.task_id,
    rater: raterOfRun(db, run.id)?.name ?? '',
    model: run.model,
    baseUrl: run.base_url,
    status: run.status,
    error: run.error,
    total: run.units_total,
    ok: run.calls_ok,
    invalid: run.calls_invalid,
    failed: run.calls_failed,
    pending: Math.max(0, run.units_total - done),
    problems: problemsOf(db, run.id),
    cacheHits: run.cache_hits,
    requests: run.requests,
    promptTokens: run.prompt_tokens,
    completionTokens: run.completion_tokens,
    cost: run.cost,
    settings: readSettings(run.settings),
    startedAt: run.started_at,
    finishedAt: run.finished_at,
  };
}

/**
 * A running run's counts from its calls: the run's own columns are written when it stops, and
 * the runs table must show a run left going in the background moving. Same rules as when it
 * stops: cached calls cost nothing, and the cost is unknown (null) while some answered call has no price.
 */
function countsSoFar(db: AnyDb, runId: number): Pick<RunRecord, 'calls_ok' | 'calls_invalid' | 'calls_failed' | 'cache_hits' | 'requests' | 'prompt_tokens' | 'completion_tokens' | 'cost'> {
  const { unpriced, cost, ...counts } = runCountsSoFar(db, runId);
  return { ...counts, cost: unpriced > 0 ? null : cost };
}

/** A run's stored settings; runs stored before the output fallback existed have none. */
function readSettings(text: string): RunSettings {
  const stored = JSON.parse(text) as Partial<RunSettings> & Omit<RunSettings, 'outputFallback'>;
  return { ...stored, outputFallback: stored.outputFallback ?? null };
}

/** A call as the API returns it. */
export function toCallView(call: CallRecord, externalId: string): CallView {
  return {
    id: call.id,
    itemId: call.item_id,
    externalId,
    unit: call.unit,
    status: call.status,
    requestHash: call.request_hash,
    rawResponse: call.raw_response,
    content: call.content,
    labels: call.parsed === null ? null : JSON.parse(call.parsed),
    error: call.error,
    attempts: call.attempts,
    cached: call.cached === 1,
    promptTokens: call.prompt_tokens,
    completionTokens: call.completion_tokens,
    latencyMs: call.latency_ms,
    cost: call.cost,
    applied: call.applied_at !== null,
    createdAt: call.created_at,
  };
}

/** A run's failed and unreadable calls grouped by what went wrong (the first line of the error, at most 200 characters). */
function problemsOf(db: AnyDb, runId: number): RunSummary['problems'] {
  const rows = problemCalls(db, runId);
  const groups = new Map<string, RunSummary['problems'][number]>();
  for (const row of rows) {
    const reason = (row.error ?? (row.status === 'invalid' ? 'the answer could not be read' : 'no answer')).split('\n')[0].slice(0, 200);
    const key = `${row.status}\u0000${reason}`;
    const group = groups.get(key) ?? { status: row.status, reason, count: 0 };
    group.count++;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}
