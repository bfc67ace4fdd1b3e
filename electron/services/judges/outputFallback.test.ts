import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsOfRun } from '../../../db/queries/judges';
import { labelQueries } from '../../../db/queries/labels';
import { SCHEMA_INSTRUCTION } from '../../core/judges/jsonObjectFallback';
import type { RunSummary } from '../../api/contract';
import { dispatch } from '../dispatch';
import { tempSession } from '../../testing/tempWorkspace';
import { runJudge, type RunJudgeArgs } from './runJudge';
import { answer, JSON_SCHEMA_REFUSAL, startFakeOpenAiServer, status, type FakeOpenAiServer, type FakeRequest } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, FAST_RETRIES, planId, planQualityAnswer, planQualityRunArgs, seedPlanTask } from '../../testing/judgeFixtures';

let session: ReturnType<typeof tempSession>;
let server: FakeOpenAiServer;
beforeEach(async () => {
  session = tempSession();
  server = await startFakeOpenAiServer({ respond: answerPlanQuality, refuseJsonSchema: JSON_SCHEMA_REFUSAL });
});
afterEach(async () => {
  session.dispose();
  await server.close();
});

const args = (over: Partial<RunJudgeArgs> = {}): RunJudgeArgs => planQualityRunArgs(server.baseUrl, over);
const fast = FAST_RETRIES;
const resumeOf = (run: RunSummary, over: Partial<RunJudgeArgs> = {}) => args({ resume: run.id, judge: undefined, baseUrl: undefined, model: undefined, ...over });

const formatOf = (r: FakeRequest) => (r.body.response_format as { type: string }).type;
const asked = (type: string) => server.requests.filter((r) => formatOf(r) === type);
const labelsOf = (run: RunSummary) =>
  Object.fromEntries(labelQueries(session.db).ofTask(run.taskId).filter((l) => l.rater === run.rater).map((l) => [l.external_id, JSON.parse(l.value!) as string]));

describe('falling back from json_schema to json_object', () => {
  it('asks once with json_schema, then every item as json_object with the schema in the prompt, and records why', async () => {
    await seedPlanTask(session.ctx, 8);
    const run = await runJudge(session.ctx, args(), fast);
    // One refused request for the whole run, not one per item: 8 answers + 1 refusal.
    expect(server.requests).toHaveLength(9);
    expect(asked('json_schema')).toHaveLength(1);
    expect(asked('json_object')).toHaveLength(8);
    expect(run).toMatchObject({ status: 'finished', ok: 8, invalid: 0, failed: 0, requests: 9 });
    // The schema the server no longer enforces is in the prompt.
    const schema = (server.requests[0].body.response_format as { json_schema: { schema: unknown } }).json_schema.schema;
    for (const r of asked('json_object')) expect(r.prompt.endsWith(`${SCHEMA_INSTRUCTION}\n${JSON.stringify(schema, null, 2)}`)).toBe(true);
    expect(labelsOf(run)).toEqual(Object.fromEntries(Array.from({ length: 8 }, (_, i) => [planId(i + 1), planQualityAnswer(planId(i + 1)).overall_quality])));
    // The fallback is in the run's settings, with the endpoint's own words (read from vLLM's top-level error shape).
    expect(run.settings.outputFallback).toMatchObject({ from: 'json_schema', to: 'json_object', cause: 'refused', reason: expect.stringContaining("HTTP 400: response_format type 'json_schema' is not supported") });
    const fetched = await dispatch(session.ctx, 'judges.runGet', { run: run.id }, { owner: true });
    expect(fetched).toMatchObject({ ok: true, value: { settings: { outputFallback: run.settings.outputFallback } } });
    // The refused request is counted with the call it was for.
    expect([...callsOfRun(session.db, run.id).values()].map((c) => c.attempts).sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 2]);
  });

  it('with calls in flight, each is refused at most once, and later items go straight to json_object', async () => {
    await seedPlanTask(session.ctx, 12);
    const run = await runJudge(session.ctx, args({ concurrency: 4 }), fast);
    const refused = asked('json_schema').length;
    // At most the four requests in flight when the first refusal came back; far fewer than one per item.
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(refused).toBeLessThanOrEqual(4);
    expect(asked('json_object')).toHaveLength(12);
    expect(run).toMatchObject({ status: 'finished', ok: 12, requests: 12 + refused });
  });

  it('answers a rerun from the cache with zero requests, and a resume keeps asking json_object', async () => {
    await seedPlanTask(session.ctx, 10);
    const first = await runJudge(session.ctx, args(), fast);
    const sent = server.requests.length;
    const rerun = await runJudge(session.ctx, args(), fast);
    expect(server.requests.length).toBe(sent);
    expect(rerun).toMatchObject({ status: 'finished', ok: 10, cacheHits: 10, requests: 0 });
    expect(rerun.settings.outputFallback).toMatchObject({ cause: 'cached', reason: expect.stringMatching(/^answers cached by an earlier run on this endpoint were asked for as json_object/) });
    expect(labelsOf(rerun)).toEqual(labelsOf(first));

    // A cancelled run that had fallen back resumes in json_object mode: no second refusal.
    server.setLatency(30);
    const jobId = 'fallback-then-cancel';
    const answeredBefore = asked('json_object').length;
    const running = runJudge(session.ctx, { ...args({ noCache: true, model: 'other-model' }), jobId }, fast);
    while (asked('json_object').length < answeredBefore + 3) await new Promise((r) => setTimeout(r, 5));
    session.ctx.jobs.cancel(jobId);
    const cancelled = await running;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.settings.outputFallback).not.toBeNull();
    const refusedBefore = asked('json_schema').length;
    const resumed = await runJudge(session.ctx, resumeOf(cancelled, { noCache: true }), fast);
    expect(resumed).toMatchObject({ status: 'finished', ok: 10 });
    expect(asked('json_schema').length).toBe(refusedBefore);
    expect(resumed.settings.outputFallback).toEqual(cancelled.settings.outputFallback);
  });

  it('checks fallback answers against the schema the server no longer enforces', async () => {
    await seedPlanTask(session.ctx, 3);
    // A level the schema allows but no rationale, which the schema requires.
    server.addRule({ match: (r) => r.prompt.includes(`[${planId(2)}]`) && formatOf(r) === 'json_object', replies: [answer({ overall_quality: 'Good' })] });
    const run = await runJudge(session.ctx, args(), fast);
    expect(run).toMatchObject({ ok: 2, invalid: 1 });
    const invalid = [...callsOfRun(session.db, run.id).values()].find((c) => c.status === 'invalid')!;
    expect(invalid.error).toBe("the reply does not follow the judge's response schema: rationale: expected a string, found nothing");
  });

  it('fails a 400 for any other reason as before: no fallback, the item failed with the endpoint’s words', async () => {
    server.refuseJsonSchema(null);
    await seedPlanTask(session.ctx, 4);
    server.addRule({ match: `[${planId(3)}]`, replies: [status(400, {}, JSON.stringify({ error: { message: 'This model’s maximum context length is 8192 tokens' } }))] });
    const run = await runJudge(session.ctx, args(), fast);
    expect(run).toMatchObject({ status: 'finished', ok: 3, failed: 1, requests: 4 });
    expect(run.settings.outputFallback).toBeNull();
    expect(asked('json_object')).toHaveLength(0);
    const failed = [...callsOfRun(session.db, run.id).values()].find((c) => c.status === 'failed')!;
    expect(failed).toMatchObject({ attempts: 1, error: 'HTTP 400: This model’s maximum context length is 8192 tokens' });
  });

  it('says so when the endpoint refuses json_object too', async () => {
    await seedPlanTask(session.ctx, 2);
    const refusal = JSON.stringify({ detail: "response_format must be 'text'" });
    server.addRule({ match: (r) => formatOf(r) === 'json_object', replies: [status(400, {}, refusal), status(400, {}, refusal)] });
    const run = await runJudge(session.ctx, args(), fast);
    expect(run).toMatchObject({ status: 'finished', ok: 0, failed: 2 });
    for (const call of callsOfRun(session.db, run.id).values()) {
      expect(call.error).toBe("HTTP 400: response_format must be 'text' (asked as json_object: the endpoint refused json_schema)");
    }
  });

  it('never falls back for a judge that does not ask for json_schema', async () => {
    await seedPlanTask(session.ctx, 2);
    const preset = await dispatch(session.ctx, 'judges.export', { judge: { preset: 'plan-quality' } }, { owner: true });
    const judge = { ...JSON.parse((preset as { ok: true; value: { text: string } }).value.text), output: { mode: 'text', name: 'plan_quality', schema: { type: 'object' }, strict: false } };
    const textRun = await runJudge(session.ctx, args({ judge: { json: judge } }), fast);
    expect(textRun).toMatchObject({ ok: 2, requests: 2 });
    expect(textRun.settings.outputFallback).toBeNull();
    expect(server.requests.every((r) => r.body.response_format === undefined)).toBe(true);
  });
});
