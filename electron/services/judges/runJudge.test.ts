import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsOfRun } from '../../../db/queries/judges';
import { labelQueries } from '../../../db/queries/labels';
import type { RunSummary } from '../../api/contract';
import { dispatch } from '../dispatch';
import { JobRegistry } from '../jobs';
import { tempSession } from '../../testing/tempWorkspace';
import { CallError } from './callError';
import { openAiProvider, type ChatProvider, type Endpoint } from './provider';
import { runJudge, type RunJudgeArgs } from './runJudge';
import { closedPort } from '../../testing/closedPort';
import { answer, hang, malformedBody, startFakeOpenAiServer, status, truncatedBody, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, FAST_RETRIES, itemMarker, planId, planQualityAnswer, planQualityRunArgs, seedPlanTask } from '../../testing/judgeFixtures';

let session: ReturnType<typeof tempSession>;
let server: FakeOpenAiServer;
beforeEach(async () => {
  session = tempSession();
  server = await startFakeOpenAiServer({ respond: answerPlanQuality });
});
afterEach(async () => {
  session.dispose();
  await server.close();
});

const args = (over: Partial<RunJudgeArgs> = {}): RunJudgeArgs =>
  planQualityRunArgs(server.baseUrl, { concurrency: 4, maxAttempts: 4, prices: { 'fake-model': { input: 1, output: 2 } }, ...over });
const fast = FAST_RETRIES;

/** The run's labels as `item → value`, for comparing runs. */
function labelsOf(run: RunSummary): Record<string, string> {
  const rows = labelQueries(session.db).ofTask(run.taskId).filter((l) => l.rater === run.rater);
  return Object.fromEntries(rows.map((l) => [l.external_id, JSON.parse(l.value!) as string]));
}

describe('runJudge', () => {
  it('judges every item once, saves labels under the run’s rater and records every call', async () => {
    await seedPlanTask(session.ctx, 12);
    const run = await runJudge(session.ctx, args(), fast);
    expect(run).toMatchObject({ status: 'finished', total: 12, ok: 12, invalid: 0, failed: 0, pending: 0, cacheHits: 0, requests: 12 });
    expect(run.rater).toBe(`judge:plan-quality-reference@fake-model#${run.id}`);
    expect(server.requests).toHaveLength(12);
    // Each item got the answer scripted for it (level = n mod 7), as the judge's label.
    expect(labelsOf(run)).toEqual(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [planId(i + 1), planQualityAnswer(planId(i + 1)).overall_quality])));
    const calls = [...callsOfRun(session.db, run.id).values()];
    expect(calls).toHaveLength(12);
    for (const call of calls) {
      expect(call).toMatchObject({ status: 'ok', attempts: 1, cached: 0, error: null });
      expect(JSON.parse(call.raw_response!).choices[0].message.content).toBe(call.content);
      expect(call.prompt_tokens! > 0 && call.completion_tokens! > 0).toBe(true);
      expect(call.latency_ms).toBeGreaterThan(0);
      // Price table: 1 per 1M prompt tokens, 2 per 1M completion tokens.
      expect(call.cost).toBeCloseTo((call.prompt_tokens! * 1 + call.completion_tokens! * 2) / 1e6, 12);
      expect(call.applied_at).not.toBeNull();
    }
    expect(run.cost).toBeCloseTo(calls.reduce((s, c) => s + c.cost!, 0), 12);
    expect(run.promptTokens).toBe(calls.reduce((s, c) => s + c.prompt_tokens!, 0));
    // Structured output was requested with the judge's schema, and the SDK sent the key header.
    expect(server.requests[0].body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'plan_quality', strict: true } });
    expect(server.requests[0].body).toMatchObject({ model: 'fake-model', temperature: 0, max_tokens: 2000, seed: 7 });
  });

  it('answers a rerun from the cache with zero requests, and sends them all again with noCache', async () => {
    await seedPlanTask(session.ctx, 8);
    const first = await runJudge(session.ctx, args(), fast);
    const cached = await runJudge(session.ctx, args(), fast);
    expect(server.requests).toHaveLength(8);
    expect(cached).toMatchObject({ status: 'finished', ok: 8, cacheHits: 8, requests: 0, cost: 0 });
    expect(labelsOf(cached)).toEqual(labelsOf(first));
    const fresh = await runJudge(session.ctx, args({ noCache: true }), fast);
    expect(fresh).toMatchObject({ ok: 8, cacheHits: 0, requests: 8 });
    expect(server.requests).toHaveLength(16);
    // Another model is another cache key.
    await runJudge(session.ctx, args({ model: 'other-model' }), fast);
    expect(server.requests).toHaveLength(24);
  });

  it('never caches an unreadable answer: a rerun asks again; the run says what went wrong, grouped', async () => {
    await seedPlanTask(session.ctx, 4);
    server.addRule({ match: `[${planId(1)}]`, replies: [answer('Looks fine to me.')] });
    server.addRule({ match: `[${planId(2)}]`, replies: [answer('Looks fine to me.')] });
    const first = await runJudge(session.ctx, args(), fast);
    expect(first).toMatchObject({ status: 'finished', ok: 2, invalid: 2, failed: 0 });
    expect(first.problems).toEqual([{ status: 'invalid', reason: expect.any(String), count: 2 }]);
    // The rerun takes the two readable answers from the cache and asks the two unreadable ones again.
    const sent = server.requests.length;
    const again = await runJudge(session.ctx, args(), fast);
    expect(server.requests.length - sent).toBe(2);
    expect(again).toMatchObject({ ok: 4, invalid: 0, cacheHits: 2, problems: [] });
  });

  it('survives every fault: 429 with Retry-After, 500, timeouts, malformed and truncated bodies', async () => {
    await seedPlanTask(session.ctx, 8);
    const retried = (id: string, ...first: Parameters<typeof server.addRule>[0]['replies']) => server.addRule({ match: `[${id}]`, replies: first });
    retried(planId(1), status(429, { 'retry-after': '1' }));
    retried(planId(2), status(500), status(503));
    retried(planId(3), hang());
    retried(planId(4), malformedBody());
    retried(planId(5), truncatedBody());
    retried(planId(6), status(429, { 'retry-after': new Date(Date.now() + 1500).toUTCString() }));
    const started = Date.now();
    const run = await runJudge(session.ctx, args({ timeoutMs: 300, concurrency: 8 }), fast);
    expect(run).toMatchObject({ status: 'finished', ok: 8, invalid: 0, failed: 0, requests: 8 + 1 + 2 + 1 + 1 + 1 + 1 });
    const calls = callsOfRun(session.db, run.id);
    const attemptsOf = (id: string) => [...calls.values()].find((c) => c.raw_response?.includes(`Judged ${id}`))!.attempts;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => attemptsOf(planId(n)))).toEqual([2, 3, 2, 2, 2, 2, 1]);
    // Retry-After: 1 s was honoured: q-0001's second request came at least 1 s after its first.
    const q1 = server.requestsMatching(`[${planId(1)}]`);
    expect(q1).toHaveLength(2);
    expect(q1[1].receivedAt - q1[0].receivedAt).toBeGreaterThanOrEqual(1000);
    // An HTTP-date Retry-After (1 s resolution, 1.5 s ahead when sent) was honoured too.
    const q6 = server.requestsMatching(`[${planId(6)}]`);
    expect(q6[1].receivedAt - q6[0].receivedAt).toBeGreaterThanOrEqual(400);
    // The backoff after a 500 is short here (10 ms base), so the retries did not wait for Retry-After.
    const q2 = server.requestsMatching(`[${planId(2)}]`);
    expect(q2[2].receivedAt - q2[0].receivedAt).toBeLessThan(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(labelsOf(run)[planId(3)]).toBe(planQualityAnswer(planId(3)).overall_quality);
  });

  it('ends every item with a result or a recorded error', async () => {
    await seedPlanTask(session.ctx, 6);
    server.addRule({ match: `[${planId(1)}]`, replies: [answer('I would rather not say.')] });
    server.addRule({ match: `[${planId(2)}]`, replies: [answer({ rationale: 'x', overall_quality: 'Superb' })] });
    server.addRule({ match: `[${planId(3)}]`, replies: [status(400, {}, JSON.stringify({ error: { message: 'context length exceeded' } }))] });
    server.addRule({ match: `[${planId(4)}]`, replies: [status(500), status(500), status(500), status(500)] });
    const run = await runJudge(session.ctx, args({ maxAttempts: 4 }), fast);
    expect(run).toMatchObject({ status: 'finished', total: 6, ok: 2, invalid: 2, failed: 2, pending: 0 });
    const byItem = new Map([...callsOfRun(session.db, run.id).values()].map((c) => [c.item_id, c]));
    const rows = session.db.prepare('SELECT id, external_id FROM items ORDER BY id').all() as { id: number; external_id: string }[];
    const call = (n: number) => byItem.get(rows.find((r) => r.external_id === planId(n))!.id)!;
    expect(call(1)).toMatchObject({ status: 'invalid', attempts: 1, error: expect.stringMatching(/^no JSON object found/) });
    expect(call(2)).toMatchObject({ status: 'invalid', error: expect.stringContaining('"Superb" is not one of') });
    expect(call(3)).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringContaining('HTTP 400') });
    expect(call(4)).toMatchObject({ status: 'failed', attempts: 4, error: expect.stringContaining('gave up after 4 attempts') });
    expect(Object.keys(labelsOf(run)).sort()).toEqual([planId(5), planId(6)]);
    // A resume retries only the failed calls; the answered ones are not sent again.
    const before = server.requests.length;
    const resumed = await runJudge(session.ctx, args({ resume: run.id, judge: undefined, baseUrl: undefined, model: undefined }), fast);
    expect(server.requests.length - before).toBe(2);
    expect(resumed).toMatchObject({ id: run.id, ok: 4, invalid: 2, failed: 0 });
  });

  it('stops the run at once when the endpoint refuses the key', async () => {
    await seedPlanTask(session.ctx, 20);
    server.enqueue(status(401, {}, JSON.stringify({ error: { message: 'Incorrect API key provided' } })));
    server.addRule({ match: () => true, replies: Array.from({ length: 40 }, () => status(401)) });
    const run = await runJudge(session.ctx, args({ concurrency: 2 }), fast);
    expect(run.status).toBe('failed');
    const said = /^the endpoint refused the run \((HTTP 401: [^)]+)\)/.exec(run.error ?? '')?.[1];
    expect(run.error).toMatch(/^the endpoint refused the run \(HTTP 401: (Incorrect API key provided|scripted 401)\); the 1[89] calls left unanswered are recorded failed, none sent\. Check the base URL, the model and the API key, then retry the failed calls \(resume the run\)$/);
    expect(server.requests.length).toBeLessThanOrEqual(2);
    // Every call is accounted for: the ones not sent are recorded failed, saying why, for a retry to send.
    expect(run).toMatchObject({ failed: 20, pending: 0, requests: server.requests.length });
    expect(run.problems).toContainEqual({ status: 'failed', reason: `not sent: the run stopped early because the endpoint refused the run (${said})`, count: 20 - server.requests.length });
  });

  it('stops early when the endpoint refuses connections, counts nothing as sent, and a retry sends each call once', async () => {
    await seedPlanTask(session.ctx, 12);
    const port = await closedPort();
    const deadUrl = `http://127.0.0.1:${port}/v1`;
    // Counts the attempts the run makes (none reaches a server).
    let tries = 0;
    const counting = (endpoint: Endpoint, key: string | null): ChatProvider => {
      const real = openAiProvider(endpoint, key);
      return { complete: (request, timeoutMs) => (tries++, real.complete(request, timeoutMs)) };
    };
    const run = await runJudge(session.ctx, args({ baseUrl: deadUrl, concurrency: 4, maxAttempts: 3 }), { ...fast, provider: counting });
    expect(run).toMatchObject({ status: 'failed', ok: 0, invalid: 0, failed: 12, pending: 0, requests: 0, cost: 0 });
    // One call's 3 attempts showed nobody listens: at most the 4 calls in flight tried, not 12 × 3.
    expect(tries).toBeGreaterThanOrEqual(3);
    expect(tries).toBeLessThanOrEqual(4 * 3);
    expect(run.error).toMatch(
      new RegExp(
        `^the endpoint could not be reached \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}; 3 attempts of one call, none reached a server\\), so the run stopped early; the (\\d+) calls left unanswered are recorded failed, none sent\\. Check the base URL and that the server is running, then retry the failed calls \\(resume the run\\)$`,
      ),
    );
    const notSent = run.problems.find((p) => p.reason.startsWith('not sent'));
    expect(notSent).toMatchObject({ status: 'failed', reason: `not sent: the run stopped early because the endpoint could not be reached (connect ECONNREFUSED 127.0.0.1:${port})` });
    expect(notSent!.count).toBeGreaterThanOrEqual(12 - 4);
    expect(run.error).toContain(`the ${notSent!.count} calls left unanswered`);
    expect(run.problems.filter((p) => p !== notSent).every((p) => p.reason === `could not connect to the endpoint: connect ECONNREFUSED 127.0.0.1:${port} (gave up after 3 attempts; none reached a server)`)).toBe(true);
    const calls = [...callsOfRun(session.db, run.id).values()];
    expect(calls.map((c) => [c.status, c.attempts, c.cost])).toEqual(Array.from({ length: 12 }, () => ['failed', 0, null]));

    // The server is up now (the provider seam points the recorded endpoint at it): retrying the failed calls sends each once.
    const live = (endpoint: Endpoint, key: string | null) => openAiProvider({ ...endpoint, baseUrl: server.baseUrl }, key);
    const resumed = await runJudge(session.ctx, args({ resume: run.id, judge: undefined, baseUrl: undefined, model: undefined }), { ...fast, provider: live });
    expect(resumed).toMatchObject({ id: run.id, status: 'finished', error: null, ok: 12, failed: 0, pending: 0, requests: 12, problems: [] });
    expect(new Set(server.requests.map(itemMarker)).size).toBe(12);
    expect(server.requests).toHaveLength(12);
  });

  it('keeps the answers of a run whose endpoint goes away mid-run, and a retry sends only the calls left', async () => {
    await seedPlanTask(session.ctx, 10);
    // The server answers 4 requests, then nobody listens any more.
    let answers = 4;
    const goingAway = (endpoint: Endpoint, key: string | null): ChatProvider => {
      const real = openAiProvider(endpoint, key);
      return {
        complete: async (request, timeoutMs) => {
          if (answers-- <= 0) throw new CallError('could not connect to the endpoint: connect ECONNREFUSED 127.0.0.1:9', 'unreachable');
          return real.complete(request, timeoutMs);
        },
      };
    };
    const run = await runJudge(session.ctx, args({ concurrency: 2, maxAttempts: 3 }), { ...fast, provider: goingAway });
    expect(run).toMatchObject({ status: 'failed', ok: 4, failed: 6, pending: 0, requests: 4 });
    expect(run.error).toMatch(/^the endpoint could not be reached \(connect ECONNREFUSED 127\.0\.0\.1:9; 3 attempts of one call, none reached a server\), so the run stopped early; the [1-6] calls? left unanswered (is|are) recorded failed, none sent\./);
    expect(Object.keys(labelsOf(run))).toHaveLength(4);
    const answered = new Set(server.requests.map(itemMarker));
    const resumed = await runJudge(session.ctx, args({ resume: run.id, judge: undefined, baseUrl: undefined, model: undefined }), fast);
    expect(resumed).toMatchObject({ status: 'finished', ok: 10, failed: 0, requests: 10, error: null });
    // The retry sent the 6 calls left, none of the 4 answered.
    const retried = server.requests.slice(4).map(itemMarker);
    expect(retried).toHaveLength(6);
    expect(retried.some((m) => answered.has(m))).toBe(false);
  });

  it('rides out a short outage: calls whose retries reach the server again are answered, each sent once', async () => {
    await seedPlanTask(session.ctx, 8);
    // The first 5 attempts cannot connect (the server is restarting), then it answers.
    let refusals = 5;
    const restarting = (endpoint: Endpoint, key: string | null): ChatProvider => {
      const real = openAiProvider(endpoint, key);
      return {
        complete: async (request, timeoutMs) => {
          if (refusals-- > 0) throw new CallError('could not connect to the endpoint: connect ECONNREFUSED 127.0.0.1:9', 'unreachable');
          return real.complete(request, timeoutMs);
        },
      };
    };
    const run = await runJudge(session.ctx, args({ concurrency: 4, maxAttempts: 4 }), { ...fast, provider: restarting });
    expect(run).toMatchObject({ status: 'finished', ok: 8, failed: 0, requests: 8, error: null });
    expect(server.requests).toHaveLength(8);
    expect([...callsOfRun(session.db, run.id).values()].every((c) => c.attempts === 1)).toBe(true);
  });

  it('fails a call that cannot connect alone while other calls reach the server', async () => {
    await seedPlanTask(session.ctx, 6);
    let answered = 0;
    const oneBadRoute = (endpoint: Endpoint, key: string | null): ChatProvider => {
      const real = openAiProvider(endpoint, key);
      return {
        complete: async (request, timeoutMs) => {
          if (request.messages.some((m) => typeof m.content === 'string' && m.content.includes(`[${planId(1)}]`))) {
            throw new CallError('could not connect to the endpoint: connect EHOSTUNREACH 127.0.0.1:9', 'unreachable');
          }
          const completion = await real.complete(request, timeoutMs);
          answered++;
          return completion;
        },
      };
    };
    // Between q-0001's attempts, another call is answered (or 5 s pass: a loaded machine).
    const untilAnotherAnswer = async (_ms: number, signal?: AbortSignal) => {
      const seen = answered;
      for (let waited = 0; answered === seen && waited < 5000 && !signal?.aborted; waited += 5) await new Promise((r) => setTimeout(r, 5));
      return !signal?.aborted;
    };
    const run = await runJudge(session.ctx, args({ concurrency: 2, maxAttempts: 3 }), { ...fast, provider: oneBadRoute, sleep: untilAnotherAnswer });
    expect(run).toMatchObject({ status: 'finished', ok: 5, failed: 1, pending: 0, requests: 5, error: null });
    expect(run.problems).toEqual([{ status: 'failed', reason: 'could not connect to the endpoint: connect EHOSTUNREACH 127.0.0.1:9 (gave up after 3 attempts; none reached a server)', count: 1 }]);
  });

  it('cancels, then resumes exactly: no item sent twice, labels as an uninterrupted run', async () => {
    const { task } = await seedPlanTask(session.ctx, 30);
    server.setLatency(40);
    const jobId = 'cancel-me';
    const running = runJudge(session.ctx, { ...args({ concurrency: 3 }), jobId }, fast);
    while (server.requests.length < 9) await new Promise((r) => setTimeout(r, 5));
    expect(session.ctx.jobs.cancel(jobId)).toBe(true);
    const cancelled = await running;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.pending).toBeGreaterThan(0);
    // Calls in flight at the cancel finished and were recorded: nothing sent is lost.
    expect(cancelled.ok).toBe(server.requests.length);

    const resumed = await runJudge(session.ctx, args({ resume: cancelled.id, judge: undefined, baseUrl: undefined, model: undefined, concurrency: 5 }), fast);
    expect(resumed).toMatchObject({ id: cancelled.id, status: 'finished', ok: 30, pending: 0, requests: 30 });
    const perItem = new Map<string, number>();
    for (const r of server.requests) perItem.set(itemMarker(r)!, (perItem.get(itemMarker(r)!) ?? 0) + 1);
    expect(perItem.size).toBe(30);
    expect([...perItem.values()].every((n) => n === 1)).toBe(true);

    // The same labels as an uninterrupted run in another workspace.
    const other = tempSession();
    try {
      await seedPlanTask(other.ctx, 30, { task });
      const straight = await runJudge(other.ctx, { ...args(), baseUrl: server.baseUrl, noCache: true }, fast);
      const mine = labelsOf(resumed);
      const theirs = Object.fromEntries(labelQueries(other.db).ofTask(straight.taskId).map((l) => [l.external_id, JSON.parse(l.value!)]));
      expect(mine).toEqual(theirs);
      expect(resumed.cost).toBeCloseTo(straight.cost!, 12);
    } finally {
      other.dispose();
    }
  });

  it('runs a per-unit judge once per step, and records items it cannot render without sending them', async () => {
    await seedPlanTask(session.ctx, 3, { preset: 'plan-step-tags', task: 'judged' });
    server.addRule({ match: 'Tags for Step 2', replies: Array.from({ length: 3 }, () => answer({ tags: ['incorrect_tool'], why: 'RAG cannot count' })) });
    server.addRule({ match: 'Tags for Step 1', replies: Array.from({ length: 3 }, () => answer({ tags: ['no_change'], why: 'fine' })) });
    const perStep = {
      id: 'per-step',
      title: 'Per step',
      schemaId: 'plan-step-tags',
      per: 'step',
      template: { user: 'Tags for {{step}}\nin a plan for {{query}}' },
      output: { mode: 'json_object', schema: { type: 'object' } },
      mapping: [{ question: 'step_tags', field: 'tags', rationaleField: 'why' }],
    };
    const run = await runJudge(session.ctx, args({ judge: { json: perStep } }), fast);
    expect(run).toMatchObject({ status: 'finished', total: 6, ok: 6, requests: 6 });
    expect(server.requests[0].body.response_format).toEqual({ type: 'json_object' });
    const labels = labelQueries(session.db).ofTask(run.taskId).filter((l) => l.rater === run.rater);
    expect(labels.map((l) => `${l.external_id} ${l.unit} ${l.value} ${l.rationale}`).sort()).toEqual(
      [1, 2, 3].flatMap((n) => [`${planId(n)} step:1 ["no_change"] fine`, `${planId(n)} step:2 ["incorrect_tool"] RAG cannot count`]),
    );

    const needsLineage = { ...perStep, id: 'needs-lineage', per: 'item', template: { user: '{{lineage}}' }, mapping: [{ question: 'step_tags', field: 'tags', units: { list: 'steps', idField: 'step' } }] };
    const unrenderable = await runJudge(session.ctx, args({ judge: { json: needsLineage } }), fast);
    expect(unrenderable).toMatchObject({ status: 'finished', total: 3, invalid: 3, requests: 0 });
    const call = [...callsOfRun(session.db, unrenderable.id).values()][0];
    expect(call).toMatchObject({ status: 'invalid', attempts: 0, request_hash: null, error: expect.stringMatching(/^item q-000\d has no \{\{lineage\}\} to fill the prompt with$/) });
  });

  it('judges only the chosen items, and keeps that choice on resume', async () => {
    const { itemIds } = await seedPlanTask(session.ctx, 5);
    const run = await runJudge(session.ctx, args({ itemIds: [itemIds[1], itemIds[3]] }), fast);
    expect(run).toMatchObject({ total: 2, ok: 2, settings: { itemIds: [itemIds[1], itemIds[3]] } });
    expect(Object.keys(labelsOf(run)).sort()).toEqual([planId(2), planId(4)]);
    const resumed = await runJudge(session.ctx, args({ resume: run.id, judge: undefined, baseUrl: undefined, model: undefined }), fast);
    expect(resumed).toMatchObject({ total: 2, ok: 2, requests: 2 });
  });

  it('refuses a judge that cannot answer the task, naming what is wrong', async () => {
    await seedPlanTask(session.ctx, 2);
    await expect(runJudge(session.ctx, args({ judge: { preset: 'sop-graph-review' } }))).rejects.toThrow(
      /judge "sop-graph-review" cannot answer task "judged": the judge maps "logical_structure", which schema "plan-quality" does not have/,
    );
    const reply = await dispatch(session.ctx, 'judges.run', { ...args(), judge: { preset: 'nope' } }, { owner: true });
    expect(reply).toMatchObject({ ok: false, error: { code: 'not-found', message: expect.stringMatching(/^no preset judge "nope" \(judges: plan-quality-reference, /) } });
  });

  it('reports progress with done, total and ETA through the job', async () => {
    await seedPlanTask(session.ctx, 10);
    const events: { done: number; total: number | null; finished: boolean }[] = [];
    const ctx = { ...session.ctx, jobs: new JobRegistry((p) => events.push(p)) };
    server.setLatency(60);
    await runJudge(ctx, args({ concurrency: 2 }), fast);
    expect(events.at(-1)).toMatchObject({ done: 10, total: 10, finished: true });
    expect(events.some((e) => !e.finished && e.total === 10)).toBe(true);
  });
});
