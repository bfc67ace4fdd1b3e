import type { RunSettings, RunSummary } from '../../api/contract';
import type { SqlDb } from '../../../db/sql/sqlDb';
import {
  callKey,
  callsOfRun,
  ensureJudge,
  finishRun,
  insertRun,
  judgeById,
  judgeCallQueries,
  judgeTaskItems,
  raterOfRun,
  restartRun,
  runById,
  updateRunSettings,
  type CallWrite,
} from '../../../db/queries/judges';
import { judgeSchemaProblems } from '../../core/judges/compatibility';
import { canFallBack } from '../../core/judges/jsonObjectFallback';
import { judgeToJson, judgeVersion, parseJudge } from '../../core/judges/judgeJson';
import type { JudgeDefinition, ParseOutcome } from '../../core/judges/model';
import { parseReply } from '../../core/judges/parseReply';
import { callCost, type PriceTable } from '../../core/judges/pricing';
import { buildRequest } from '../../core/judges/request';
import { nodeRequestHash } from './nodeRequestHash';
import { ensureJudgeRater } from '../../../db/queries/annotators';
import { loadWritableTask } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { isRunActive, markRunActive, markRunStopped } from './activeRuns';
import { redactKey, resolveApiKey } from './apiKey';
import type { CallError } from './callError';
import { CallRecorder } from './callRecorder';
import { callWithRetries, type CallOptions } from './callWithRetries';
import { OutputFallbackState, type SentRequest } from './outputFallback';
import { judgeRaterName } from './raterName';
import { resolveJudge, type JudgeSource } from './judgeSource';
import { openAiProvider, UNREACHABLE, type ChatProvider, type Endpoint } from './provider';
import { EndpointWatch } from './endpointWatch';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retryPolicy';
import { toRunSummary } from './runViews';
import { workPieces, type WorkPiece } from './workPieces';

/** What `judges.run` takes (see the contract). */
export interface RunJudgeArgs {
  task: string | number;
  judge?: JudgeSource;
  baseUrl?: string;
  model?: string;
  headers: Record<string, string>;
  concurrency: number;
  timeoutMs: number;
  maxAttempts: number;
  noCache: boolean;
  prices: PriceTable;
  itemIds?: number[];
  resume?: number;
  jobId?: string;
}

/** Seams for tests and the benchmark; production uses the defaults. */
export interface RunDependencies {
  provider?: (endpoint: Endpoint, apiKey: string | null) => ChatProvider;
  /** Overrides of the retry policy's delays (tests shorten them). */
  retry?: Partial<Omit<RetryPolicy, 'maxAttempts'>>;
  sleep?: CallOptions['sleep'];
  random?: () => number;
}

/**
 * Runs a judge over a task's items (DESIGN.md §6), or resumes a run. Requests go out with
 * bounded concurrency, each retried per the retry policy; a request identical to one answered
 * before (same rendered request, model and endpoint) is answered from the cache unless
 * `noCache`. Every call is recorded — raw response, parse result or error, tokens, latency,
 * cost — before its labels are applied through the label store under the run's rater.
 *
 * Cancel (`jobs.cancel`, or `judges.cancel` by run id) stops taking items and waits for calls
 * in flight; resume skips every recorded call, so no answer is ever paid for twice in the
 * workspace's records. A judge asking for `json_schema` falls back to `json_object` (the schema
 * in the prompt, answers checked against it) for the rest of the run when the endpoint refuses
 * `json_schema`; the fallback is recorded in the run's settings.
 *
 * A run stops early, status `failed`, when every other call would fail the same way: the
 * endpoint refuses the key, the model or the URL (401, 403, 404), or it cannot be reached —
 * one call used all its attempts without any reaching a server (refused, unknown host, TLS
 * failure) and no request of the run reached one meanwhile ({@link EndpointWatch}). Every call
 * the run then leaves unanswered is recorded `failed`, saying why, so that retrying the failed
 * calls (a resume) sends them; an attempt that reached no server is not counted as sent.
 *
 * @throws NotFoundError / InvalidInputError for an unknown task, run or judge, or a judge that
 *   cannot answer the task's schema; ConflictError for a run already under way here.
 */
export async function runJudge(ctx: ServiceContext, args: RunJudgeArgs, deps: RunDependencies = {}, lease?: RunLease): Promise<RunSummary> {
  const plan = planRun(ctx, args);
  const { task, start, settings, pieces } = plan;
  const { judge, model, baseUrl } = start;
  // The job exists before the run is marked active, so a cancel by run id always reaches it.
  const job = ctx.jobs.start(`Judging "${task.record.name}" with ${judge.id} on ${model}`, args.jobId);
  const cancel = () => ctx.jobs.cancel(job.id);
  // A leased run (a team server's job) also stops when its lease is lost: cancelled from another server, or taken over.
  const signal = lease ? AbortSignal.any([job.signal, lease.signal]) : job.signal;
  let marked: number | null = null;
  let started: { runId: number; raterId: number };
  try {
    if (start.runId !== null) {
      // Marked before the write (which may run again on PostgreSQL): two resumes of one run in
      // this process may both have passed prepare().
      if (!markRunActive(ctx.sql, start.runId, cancel)) throw new ConflictError(`run ${start.runId} is already running`);
      marked = start.runId;
      const resumed = start.runId;
      started = await ctx.sqlWrite((db) => {
        restartRun(db, resumed, pieces.length, JSON.stringify(settings));
        return { runId: resumed, raterId: raterOfRun(db, resumed)!.id };
      });
    } else {
      started = await ctx.sqlWrite((db) => createRun(db, plan));
      markRunActive(ctx.sql, started.runId, cancel);
      marked = started.runId;
    }
  } catch (error) {
    // Rolled back: no run of ours is under way.
    if (marked !== null) markRunStopped(ctx.sql, marked);
    job.finish();
    throw error;
  }
  const { runId, raterId } = started;
  const apiKey = resolveApiKey(baseUrl);
  const secrets = [apiKey, ...Object.values(args.headers)].filter((s): s is string => typeof s === 'string' && s.length >= 4);
  const clean = (text: string) => secrets.reduce((out, secret) => redactKey(out, secret), text);
  const provider = (deps.provider ?? openAiProvider)({ baseUrl, model, headers: args.headers }, apiKey);
  const recorder = new CallRecorder(ctx, { taskId: task.record.id, runId, raterId, model, baseUrl });
  const queries = judgeCallQueries(ctx.sql);
  const recorded = callsOfRun(ctx.sql, runId);
  let settingsSaved: Promise<void> = Promise.resolve();
  const output = new OutputFallbackState(canFallBack(judge.output), settings.outputFallback, (fallback) => {
    settings.outputFallback = fallback;
    const text = JSON.stringify(settings);
    settingsSaved = ctx.sqlWrite((db) => updateRunSettings(db, runId, text));
  });
  /** Why the run stops early (every other call would fail the same way), and how many attempts the call that showed it made. */
  let fatal: { error: CallError; attempts: number } | null = null;
  // Stops the waits between other calls' attempts once the run is to stop.
  const halt = new AbortController();
  const stop = (error: CallError, attempts: number) => {
    fatal ??= { error, attempts };
    halt.abort();
  };
  const watch = new EndpointWatch();
  const callOptions: CallOptions = {
    policy: { ...DEFAULT_RETRY_POLICY, ...deps.retry, maxAttempts: args.maxAttempts },
    timeoutMs: args.timeoutMs,
    signal: AbortSignal.any([signal, halt.signal]),
    sleep: deps.sleep,
    random: deps.random,
    onAttemptEnd: (reached) => watch.attemptEnded(reached),
  };
  /** Pieces with a result (recorded now or before): the others are pending, or are recorded failed when the run stops early. */
  const settled = new Set<number>();
  /** Requests sent by calls cut short when the run stopped, by piece. */
  const cutShort = new Map<number, number>();
  let done = 0;
  let next = 0;

  const base = (piece: WorkPiece, hash: string | null): Pick<CallWrite, 'run_id' | 'item_id' | 'unit' | 'request_hash'> => ({
    run_id: runId,
    item_id: piece.itemId,
    unit: piece.unit,
    request_hash: hash,
  });
  const parsedColumns = (parsed: ParseOutcome) => ({ parsed: parsed.ok ? JSON.stringify(parsed.labels) : null, error: parsed.ok ? null : parsed.error });

  /** Handles one piece; false when it is left for a resume (`index` is its place in `pieces`). */
  const handle = async (piece: WorkPiece, index: number): Promise<boolean> => {
    const existing = recorded.get(callKey(piece.itemId, piece.unit));
    if (existing && existing.status !== 'failed') {
      // Recorded by an earlier attempt at this run; apply what a crash may have left unapplied.
      if (existing.applied_at === null) {
        recorder.add({ existingCallId: existing.id, itemId: piece.itemId, labels: existing.status === 'ok' && existing.parsed ? JSON.parse(existing.parsed) : null });
      }
      return true;
    }
    const built = buildRequest(judge, { item: piece.item, unit: piece.unit === '' ? null : piece.unit, schema: task.schema }, model, nodeRequestHash);
    if (!built.ok) {
      recorder.add({
        itemId: piece.itemId,
        labels: null,
        call: { ...base(piece, null), status: 'invalid', raw_response: null, content: null, parsed: null, error: built.error, attempts: 0, cached: 0, prompt_tokens: null, completion_tokens: null, latency_ms: null, cost: null },
      });
      return true;
    }
    const target = { kind: piece.item.kind, payload: piece.item.payload, unit: piece.unit === '' ? null : piece.unit };
    const read = (content: string, sent: SentRequest) => parseReply(judge, task.schema, content, target, { checkSchema: sent.fallback });
    const forms = output.forms(built.request, built.hash);
    if (!args.noCache) {
      // Either form of the request answers it: a rerun on an endpoint that refused json_schema costs nothing either.
      for (const form of forms) {
        const hit = queries.cacheGet(form.hash, model, baseUrl);
        if (!hit) continue;
        if (form.fallback) output.fallBack('cached', 'answers cached by an earlier run on this endpoint were asked for as json_object: that run found the endpoint refuses json_schema');
        const parsed = read(hit.content, form);
        // Only readable answers are reused; an unreadable one (truncated, say) is asked again.
        if (!parsed.ok) continue;
        recorder.add({
          itemId: piece.itemId,
          labels: parsed.ok ? parsed.labels : null,
          call: {
            ...base(piece, form.hash),
            status: parsed.ok ? 'ok' : 'invalid',
            raw_response: hit.raw_response,
            content: hit.content,
            ...parsedColumns(parsed),
            attempts: 0,
            cached: 1,
            prompt_tokens: hit.prompt_tokens,
            completion_tokens: hit.completion_tokens,
            latency_ms: 0,
            cost: 0,
          },
        });
        return true;
      }
    }
    let sent = output.preferred(forms);
    const mark = watch.mark();
    let outcome = await callWithRetries(provider, sent.request, callOptions);
    // Requests the endpoint refused for asking json_schema: they count as this call's requests.
    let refusedRequests = 0;
    if (outcome.kind === 'failed' && output.refused(sent, outcome.error)) {
      output.fallBack('refused', clean(outcome.error.message));
      refusedRequests = outcome.sent;
      sent = output.preferred(forms);
      outcome = await callWithRetries(provider, sent.request, callOptions);
    }
    if (outcome.kind === 'cancelled') {
      cutShort.set(index, refusedRequests + outcome.sent);
      return false;
    }
    if (outcome.kind === 'failed') {
      if (outcome.error.stopsRun || watch.isDown(mark, outcome)) stop(outcome.error, outcome.attempts);
      const mode = sent.fallback ? ' (asked as json_object: the endpoint refused json_schema)' : '';
      recorder.add({
        itemId: piece.itemId,
        labels: null,
        call: { ...base(piece, sent.hash), status: 'failed', raw_response: null, content: null, parsed: null, error: clean(outcome.error.message) + mode, attempts: refusedRequests + outcome.sent, cached: 0, prompt_tokens: null, completion_tokens: null, latency_ms: outcome.latencyMs, cost: null },
      });
      return true;
    }
    const c = outcome.completion;
    const raw = clean(c.rawResponse);
    const content = clean(c.content);
    const parsed = read(content, sent);
    const usage = c.promptTokens !== null && c.completionTokens !== null ? { promptTokens: c.promptTokens, completionTokens: c.completionTokens } : null;
    recorder.add({
      itemId: piece.itemId,
      labels: parsed.ok ? parsed.labels : null,
      // A failed or unreadable answer is never cached as an answer: a rerun asks again.
      cache: parsed.ok ? { hash: sent.hash, entry: { raw_response: raw, content, prompt_tokens: c.promptTokens, completion_tokens: c.completionTokens } } : undefined,
      call: {
        ...base(piece, sent.hash),
        status: parsed.ok ? 'ok' : 'invalid',
        raw_response: raw,
        content,
        ...parsedColumns(parsed),
        attempts: refusedRequests + outcome.sent,
        cached: 0,
        prompt_tokens: c.promptTokens,
        completion_tokens: c.completionTokens,
        latency_ms: outcome.latencyMs,
        cost: usage ? callCost(settings.prices, model, usage) : null,
      },
    });
    return true;
  };

  const worker = async () => {
    while (!signal.aborted && fatal === null) {
      // A leased run's server that stalled past its heartbeat (another may have taken the run
      // over) sends no further call before it knows the job is still its own.
      if (lease && !(await lease.confirmHeld())) return;
      const i = next++;
      if (i >= pieces.length) return;
      if (await handle(pieces[i], i)) {
        settled.add(i);
        job.report(++done, pieces.length);
      }
    }
  };

  let failure: unknown = null;
  try {
    job.report(0, pieces.length);
    await Promise.all(Array.from({ length: Math.min(args.concurrency, Math.max(1, pieces.length)) }, worker));
  } catch (error) {
    failure = error;
  }
  // A run stopped by its endpoint leaves no call unaccounted for: each is recorded failed, saying why, for a retry to send.
  const left = { calls: 0, sent: 0 };
  const stoppedBy = fatal as { error: CallError; attempts: number } | null;
  if (stoppedBy && !failure && !lease?.signal.aborted) {
    const why = clean(stoppedBy.error.kind === 'unauthorized' ? `the endpoint refused the run (${stoppedBy.error.reason})` : `the endpoint could not be reached (${unreachableText(stoppedBy.error)})`);
    pieces.forEach((piece, i) => {
      const existing = recorded.get(callKey(piece.itemId, piece.unit));
      if (settled.has(i) || (existing && existing.status !== 'failed')) return;
      const requests = cutShort.get(i) ?? 0;
      const error = requests === 0 ? `not sent: the run stopped early because ${why}` : `no answer: the run stopped while this call was being retried (${requests} ${requests === 1 ? 'request' : 'requests'} sent), because ${why}`;
      recorder.add({
        itemId: piece.itemId,
        labels: null,
        call: { ...base(piece, null), status: 'failed', raw_response: null, content: null, parsed: null, error, attempts: requests, cached: 0, prompt_tokens: null, completion_tokens: null, latency_ms: null, cost: null },
      });
      left.calls++;
      left.sent += requests;
    });
  }
  try {
    await recorder.drain();
  } catch (error) {
    failure ??= error;
  }
  try {
    await settingsSaved;
  } catch (error) {
    failure ??= error;
  }
  try {
    const stopped = fatal as { error: CallError; attempts: number } | null;
    await ctx.sqlWrite((db) => {
      // A leased run another server has taken over is that server's to finish.
      if (lease && !lease.mayFinish(db)) return;
      if (failure) finishRun(db, runId, 'failed', clean(`the run stopped: ${(failure as Error).message}`));
      else if (stopped) finishRun(db, runId, 'failed', clean(stopReason(stopped.error, stopped.attempts, left)));
      else finishRun(db, runId, done < pieces.length ? 'cancelled' : 'finished');
    });
  } finally {
    job.finish();
    markRunStopped(ctx.sql, runId);
  }
  if (failure) throw failure;
  return toRunSummary(ctx.sql, runById(ctx.sql, runId)!);
}

/**
 * Why a run stopped early, as its error says: what the endpoint did, how many calls were left
 * unanswered (recorded failed) and whether any of theirs was sent, and what to do.
 *
 * @param attempts the attempts of the call that showed it (all its retries, for an unreachable endpoint)
 * @example stopReason(new CallError('could not connect to the endpoint: connect ECONNREFUSED 127.0.0.1:9 (gave up after 5 attempts; none reached a server)', 'unreachable', null, null, 'could not connect to the endpoint: connect ECONNREFUSED 127.0.0.1:9'), 5, { calls: 29, sent: 0 })
 *   // 'the endpoint could not be reached (connect ECONNREFUSED 127.0.0.1:9; 5 attempts of one call, none reached a server), so the run stopped early; the 29 calls left unanswered are recorded failed, none sent. Check …'
 */
export function stopReason(stopped: CallError, attempts: number, left: { calls: number; sent: number }): string {
  const { calls, sent } = left;
  const others =
    calls === 0 ? '' : `; ${calls === 1 ? 'the 1 call left unanswered is' : `the ${calls} calls left unanswered are`} recorded failed${sent === 0 ? ', none sent' : ` (${sent} of their requests had been sent)`}`;
  if (stopped.kind === 'unauthorized') {
    return `the endpoint refused the run (${stopped.reason})${others}. Check the base URL, the model and the API key, then retry the failed calls (resume the run)`;
  }
  const tries = attempts === 1 ? 'the one attempt of a call reached no server' : `${attempts} attempts of one call, none reached a server`;
  return `the endpoint could not be reached (${unreachableText(stopped)}; ${tries}), so the run stopped early${others}. Check the base URL and that the server is running, then retry the failed calls (resume the run)`;
}

/** An unreachable endpoint's error without the words every such error begins with: "connect ECONNREFUSED 127.0.0.1:9". */
function unreachableText(error: CallError): string {
  return error.reason.startsWith(`${UNREACHABLE}: `) ? error.reason.slice(UNREACHABLE.length + 2) : error.reason;
}

/** A leased run (a team server's job, judges/leasedRuns.ts): its lease's signal, and whether it may still record how the run ended. */
export interface RunLease {
  signal: AbortSignal;
  /** Read inside the run's last write: false when another server holds the run's job now. */
  mayFinish(db: SqlDb): boolean;
  /** Asked before each call: false once the job is no longer this server's (LeasedJob.confirmHeld). */
  confirmHeld(): Promise<boolean>;
}

/** What a run (new or resumed) will do: checked, with its settings and work, before anything is written. */
export interface RunPlan {
  task: ReturnType<typeof loadWritableTask>;
  start: ReturnType<typeof prepare>;
  settings: RunSettings;
  pieces: WorkPiece[];
}

/**
 * Checks a run's arguments and works out its settings and pieces of work.
 *
 * @throws NotFoundError / InvalidInputError / ConflictError as {@link runJudge} does.
 */
export function planRun(ctx: ServiceContext, args: RunJudgeArgs): RunPlan {
  const task = loadWritableTask(ctx.sql, args.task);
  const start = prepare(ctx, args, task.record.id);
  const { judge } = start;
  const problems = judgeSchemaProblems(judge, task.schema);
  if (problems.length > 0) throw new InvalidInputError(`judge "${judge.id}" cannot answer task "${task.record.name}": ${problems.join('; ')}`);

  const settings: RunSettings = {
    concurrency: args.concurrency,
    timeoutMs: args.timeoutMs,
    maxAttempts: args.maxAttempts,
    noCache: args.noCache,
    prices: Object.keys(args.prices).length > 0 ? args.prices : (start.stored?.prices ?? {}),
    headerNames: Object.keys(args.headers).sort(),
    itemIds: start.stored ? start.stored.itemIds : (args.itemIds ?? null),
    // A resume keeps asking the way the run last did: the endpoint is the same.
    outputFallback: canFallBack(judge.output) ? (start.stored?.outputFallback ?? null) : null,
  };
  const pieces = workPieces(judge, judgeTaskItems(ctx.sql, task.record.id, settings.itemIds ?? undefined));
  return { task, start, settings, pieces };
}

/** Records a new run, its judge and its rater (inside a write). */
export function createRun(db: SqlDb, { task, start, settings, pieces }: RunPlan): { runId: number; raterId: number } {
  const { judge, model, baseUrl } = start;
  const row = ensureJudge(db, { name: judge.id, version: judgeVersion(judge), title: judge.title, schema_id: judge.schemaId, definition: judgeToJson(judge) });
  const id = insertRun(db, { judgeId: row.id, taskId: task.record.id, model, baseUrl, settings: JSON.stringify(settings), unitsTotal: pieces.length });
  const rater = ensureJudgeRater(db, judgeRaterName(judge.id, model, id), id);
  return { runId: id, raterId: rater.id };
}

/** The judge, endpoint and stored settings of a new run or of the run to resume. */
function prepare(ctx: ServiceContext, args: RunJudgeArgs, taskId: number) {
  if (args.resume === undefined) {
    if (!args.judge) throw new InvalidInputError('a new run needs a judge (a preset, a judge file, or an earlier run)');
    if (!args.baseUrl || !args.model) throw new InvalidInputError('a new run needs the endpoint: baseUrl and model');
    return { runId: null, judge: resolveJudge(ctx.sql, args.judge), model: args.model, baseUrl: args.baseUrl, stored: null };
  }
  const run = runById(ctx.sql, args.resume);
  if (!run) throw new NotFoundError(`no judge run ${args.resume}`);
  if (run.task_id !== taskId) throw new InvalidInputError(`run ${run.id} belongs to task "${run.task_name}"`);
  if (isRunActive(ctx.sql, run.id)) throw new ConflictError(`run ${run.id} is already running`);
  if (args.model && args.model !== run.model) throw new InvalidInputError(`run ${run.id} used model "${run.model}"; a resume cannot change it (start a new run instead)`);
  if (args.baseUrl && args.baseUrl !== run.base_url) throw new InvalidInputError(`run ${run.id} used ${run.base_url}; a resume cannot change the endpoint (start a new run instead)`);
  const judge: JudgeDefinition = parseJudge(JSON.parse(judgeById(ctx.sql, run.judge_id)!.definition));
  if (args.judge && judgeVersion(resolveJudge(ctx.sql, args.judge)) !== run.judge_version) {
    throw new InvalidInputError(`run ${run.id} used ${run.judge_name} version ${run.judge_version}; this judge differs (start a new run instead)`);
  }
  return { runId: run.id, judge, model: run.model, baseUrl: run.base_url, stored: JSON.parse(run.settings) as RunSettings };
}
