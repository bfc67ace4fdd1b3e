import type { CallView, RunSettings, RunSummary } from '../../api/contract';
import { judgeById, raterOfRun, type CallRecord, type RunRecord } from '../../../db/queries/judges';
import type { Db } from '../../../db/workspace';

/** A run as the API returns it. */
export function toRunSummary(db: Db, run: RunRecord): RunSummary {
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
    cacheHits: run.cache_hits,
    requests: run.requests,
    promptTokens: run.prompt_tokens,
    completionTokens: run.completion_tokens,
    cost: run.cost,
    settings: JSON.parse(run.settings) as RunSettings,
    startedAt: run.started_at,
    finishedAt: run.finished_at,
  };
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
