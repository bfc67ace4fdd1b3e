import fs from 'node:fs';
import path from 'node:path';
import { startFakeOpenAiServer, type FakeOpenAiServer, type FakeRequest } from '../electron/testing/fakeOpenAiServer';
import { callApi, importFiles } from './api';
import { FIXTURES, test, type AppFixture } from './fixtures';

// A plan-quality scenario on the fixture plans (fixtures/plans.jsonl, 30 queries): two
// annotators and gold agree on a "true" level per plan up to a few deliberate slips, and two
// scripted judges miss it in different places, so calibration and comparison have something to say.

/** The 7-point levels, lowest first (the plan-quality schema). */
export const LEVELS = ['Extremely Bad', 'Very Bad', 'Bad', 'Acceptable', 'Good', 'Very Good', 'Extremely Good'];
/** The level index each fixture plan deserves, pq-001 first. */
const TRUE_LEVEL = [5, 3, 2, 4, 6, 1, 5, 4, 3, 5, 2, 6, 4, 3, 5, 1, 4, 6, 2, 5, 3, 4, 5, 2, 6, 3, 4, 1, 5, 4];
const clamp = (level: number) => Math.max(0, Math.min(6, level));

/** Each rater's level for plan i (0-based): the truth with that rater's slips. */
const RATERS = {
  ana: (i: number) => clamp(TRUE_LEVEL[i] + (i % 5 === 1 ? 1 : i % 7 === 3 ? -1 : 0)),
  ben: (i: number) => clamp(TRUE_LEVEL[i] + (i % 4 === 2 ? -1 : i % 9 === 5 ? 1 : 0)),
  // Judge A is generous on every third plan and harsh now and then; judge B slips less.
  'judge-a': (i: number) => clamp(TRUE_LEVEL[i] + (i % 3 === 0 ? 1 : i % 8 === 5 ? -2 : 0)),
  'judge-b': (i: number) => clamp(TRUE_LEVEL[i] + (i % 6 === 0 ? 1 : i % 11 === 7 ? -1 : 0)),
};
/** Plans with gold (adjudicated): the first 20. */
export const GOLD_COUNT = 20;

interface FixturePlan {
  query_id: string;
  query: string;
  domain: string;
}

/** The fixture plans in file order. */
export function fixturePlans(): FixturePlan[] {
  return fs
    .readFileSync(path.join(FIXTURES, 'plans.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as FixturePlan);
}

const reason = (level: number, truth: number) =>
  level === truth
    ? 'The steps use the right tools and match the gold plan; the prompts are precise.'
    : level > truth
      ? 'Reads as complete, though step 2 could be sharper; close to the gold plan.'
      : 'Step 1 misses the time filter the query asks for, so the answer would be too broad.';

/**
 * A fake-server responder playing the judge named by the request's model (`judge-a` or
 * `judge-b`): it finds the plan by its query in the prompt and answers with that judge's level.
 */
export function scriptedJudge(plans: FixturePlan[]) {
  return (request: FakeRequest) => {
    const i = plans.findIndex((p) => request.prompt.includes(`Query: ${p.query}\n`));
    const judge = request.body.model === 'judge-b' ? RATERS['judge-b'] : RATERS['judge-a'];
    const level = judge(Math.max(0, i));
    // The first rationale carries markup, which must show as text.
    const markup = i === 1 ? ' <b>bold claim</b>' : '';
    return { rationale: `${reason(level, TRUE_LEVEL[i])}${markup}`, overall_quality: LEVELS[level] };
  };
}

/**
 * Imports the fixture plans, creates the plan-quality task "plan-review" for ana and ben, saves
 * and submits both annotators' labels on every plan, and sets gold on the first 20 (as ada,
 * adjudicator) — all through the API.
 *
 * @returns item ids by query id.
 */
export async function seedPlanReview(app: AppFixture): Promise<Map<string, number>> {
  await importFiles(app, [path.join(FIXTURES, 'plans.jsonl')], { dataset: 'plans' });
  await callApi(app, 'tasks.create', { name: 'plan-review', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
  await callApi(app, 'annotators.upsert', { name: 'ada', role: 'adjudicator' });
  const page = await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { limit: 100 });
  const ids = new Map(page.rows.map((r) => [r.externalId, r.id]));
  const plans = fixturePlans();
  for (const [i, plan] of plans.entries()) {
    const itemId = ids.get(plan.query_id)!;
    for (const annotator of ['ana', 'ben'] as const) {
      const level = RATERS[annotator](i);
      await callApi(app, 'labels.save', { task: 'plan-review', itemId, question: 'overall_quality', value: LEVELS[level], rationale: `${annotator}: ${reason(level, TRUE_LEVEL[i]).toLowerCase()}` }, annotator);
      await callApi(app, 'labels.submit', { task: 'plan-review', itemId }, annotator);
    }
    if (i < GOLD_COUNT) {
      await callApi(app, 'adjudication.setGold', { task: 'plan-review', itemId, question: 'overall_quality', value: LEVELS[TRUE_LEVEL[i]], rationale: 'Adjudicated against the gold plan.' }, 'ada');
    }
  }
  return ids;
}

/**
 * A fake OpenAI-compatible endpoint on 127.0.0.1 answering as the scripted judges, started for
 * each test of the spec that calls this (at its top level), with `key` as the API key its runs
 * send: browser mode reads OPENAI_API_KEY from the server's environment, and the server runs
 * in the test's worker process. Returns a getter for the current test's endpoint.
 */
export function fakeJudgeEndpoint(key: string, options: { latencyMs?: number } = {}): () => FakeOpenAiServer {
  let savedKey: string | undefined;
  let server: FakeOpenAiServer | undefined;
  test.beforeAll(() => {
    savedKey = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = key;
  });
  test.afterAll(() => {
    if (savedKey === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = savedKey;
  });
  test.beforeEach(async () => {
    server = await startFakeOpenAiServer({ respond: scriptedJudge(fixturePlans()), latencyMs: options.latencyMs });
  });
  test.afterEach(() => server?.close());
  return () => server!;
}
