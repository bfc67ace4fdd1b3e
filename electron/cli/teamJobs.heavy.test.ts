import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../api/contract';
import type { PostgresSession } from '../services/postgresSession';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../testing/fakeOpenAiServer';
import { answerPlanQuality, itemMarker, seedPlanTask } from '../testing/judgeFixtures';
import { usePostgres } from '../testing/postgres';
import { callOver, leaseHolderPid, seededTeamDatabase, TeamServers, until } from '../testing/teamServers';

// Issue 16, "Done when": a test kills one of two team servers during a judge run, and the job
// finishes on the other — nothing twice, nothing lost. Two real `accord serve --team --database`
// processes on one throwaway PostgreSQL, a scripted local judge endpoint with latency; the server
// holding the run's job is killed (SIGKILL) mid-run; the other takes the job over once the lease
// has run out. (The import: teamImportJob.heavy.test.ts.)

const postgres = usePostgres({ beforeAll, afterAll });
const ITEMS = 60;
const servers = new TeamServers();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  servers.stopAll();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A PostgreSQL workspace with the plan-quality task "judged" over ITEMS plans and the lead lee, and lee's invite. */
const teamDatabase = () => seededTeamDatabase(postgres, (ctx) => seedPlanTask(ctx, ITEMS), cleanups);

/** Item external id → how many calls run `runId` has recorded for it. */
function callsPerItem(session: PostgresSession, runId: number): Map<string, number> {
  const db = session.ctx.sql;
  const rows = db.all(db.q.selectFrom('judge_calls as c').innerJoin('items as i', 'i.id', 'c.item_id').select('i.external_id').where('c.run_id', '=', runId));
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.external_id, (counts.get(row.external_id) ?? 0) + 1);
  return counts;
}

function requestsPerItem(endpoint: FakeOpenAiServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of endpoint.requests) counts.set(itemMarker(request)!, (counts.get(itemMarker(request)!) ?? 0) + 1);
  return counts;
}

describe('two team servers on one PostgreSQL, one killed mid-job', () => {
  it('a judge run goes on at the other server: every item judged once, no recorded call sent again', async () => {
    const endpoint = await startFakeOpenAiServer({ respond: answerPlanQuality, latencyMs: 150 });
    cleanups.push(() => endpoint.close());
    const { url, session, token } = await teamDatabase();
    const both = await Promise.all([servers.start(url), servers.start(url)]);

    const queued = await callOver<RunSummary>(both[0].base, token, 'judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: endpoint.baseUrl, model: 'fake-model', concurrency: 2 });
    // The request answers at once: the run is a job whichever server's runner takes first.
    expect(queued).toMatchObject({ status: 'running', total: ITEMS, ok: 0 });
    const db = session.ctx.sql;
    const job = () => db.one(db.q.selectFrom('jobs').selectAll().where('id', '=', 1))!;
    await until(() => job().state === 'running', 'a server to lease the job');
    const a = both.find((s) => s.pid === leaseHolderPid(job().leased_by))!;
    const b = both.find((s) => s !== a)!;
    await until(() => callsPerItem(session, queued.id).size >= 10, 'server A to record ten calls');
    await a.kill();
    // B takes the job only once A's lease has run out: every request so far is A's.
    const askedByA = new Set(endpoint.requests.map((request) => itemMarker(request)!));
    const recordedByA = [...callsPerItem(session, queued.id).keys()];
    expect(recordedByA.length).toBeLessThan(ITEMS);

    await until(async () => (await callOver<RunSummary>(b.base, token, 'judges.runGet', { run: queued.id })).status !== 'running', 'the run to end on server B');
    const run = await callOver<RunSummary>(b.base, token, 'judges.runGet', { run: queued.id });
    expect(run).toMatchObject({ status: 'finished', total: ITEMS, ok: ITEMS, failed: 0, invalid: 0, pending: 0, requests: ITEMS });

    // Nothing twice, nothing lost: one recorded call per item, and one label of the run's judge per item.
    const calls = callsPerItem(session, queued.id);
    expect(calls.size).toBe(ITEMS);
    expect(new Set(calls.values())).toEqual(new Set([1]));
    const labels = db.all(db.q.selectFrom('labels as l').innerJoin('raters as r', 'r.id', 'l.rater_id').select('l.item_id').where('r.judge_run_id', '=', queued.id));
    expect(labels).toHaveLength(ITEMS);
    expect(new Set(labels.map((l) => l.item_id)).size).toBe(ITEMS);
    // The endpoint was never asked again for an item A had recorded. Asked twice: only items A
    // asked and had not recorded — its calls in flight, and answers waiting for their batch's
    // group commit (callRecorder.ts: up to 200 ms of answers, more on a loaded machine).
    const requests = requestsPerItem(endpoint);
    expect(requests.size).toBe(ITEMS);
    for (const item of recordedByA) expect(requests.get(item), item).toBe(1);
    const askedTwice = [...requests].filter(([, n]) => n > 1);
    for (const [item, n] of askedTwice) expect({ item, n, askedByA: askedByA.has(item) }).toEqual({ item, n: 2, askedByA: true });
    expect(endpoint.requests.length - ITEMS).toBe(askedTwice.length);
    // The job: taken twice (A, then B), done.
    expect(job()).toMatchObject({ kind: 'judge-run', state: 'done', attempts: 2, leased_by: null });
    // Two server starts and a run of a few seconds: minutes on a loaded machine.
  }, 150_000);
});
