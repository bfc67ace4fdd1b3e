import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyWorkspace } from '../../db/copy/workspaceCopy';
import type { ApiReply, RunSummary } from '../api/contract';
import { dispatch } from '../services/dispatch';
import { openPostgresSession, type PostgresSession } from '../services/postgresSession';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../testing/fakeOpenAiServer';
import { answerPlanQuality, itemMarker, seedPlanTask } from '../testing/judgeFixtures';
import { usePostgres } from '../testing/postgres';
import { ACCORD_BIN } from '../testing/serveProcess';
import { tempSession } from '../testing/tempWorkspace';

// Issue 16, "Done when": a test kills one of two team servers during a judge run, and the job
// finishes on the other — nothing twice, nothing lost. Two real `accord serve --team --database`
// processes on one throwaway PostgreSQL, a scripted local judge endpoint with latency; server A
// runs the job and is killed (SIGKILL) mid-run; B takes the job over once A's lease has run out.

const postgres = usePostgres({ beforeAll, afterAll });
const LEASE_MS = 1_500;
const ITEMS = 60;
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A real team server on `url`, with a short job lease; resolves once it prints its address. */
async function teamServer(url: string): Promise<{ child: ChildProcess; base: string }> {
  const env = { ...process.env, ACCORD_JOB_LEASE_MS: String(LEASE_MS), ACCORD_JOB_POLL_MS: '100', OPENAI_API_KEY: '' };
  const child = spawn(process.execPath, [ACCORD_BIN, 'serve', '--team', '--database', url, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env });
  children.push(child);
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Open: (\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`accord serve exited (${code}):\n${output}`)));
  });
  return { child, base };
}

/** Calls a method over HTTP with an invite, as a script does. */
async function callOver<T>(base: string, token: string, method: string, args: unknown): Promise<T> {
  const response = await fetch(`${base}api/call/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(args) });
  const reply = (await response.json()) as ApiReply<T>;
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.value;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A PostgreSQL workspace with the plan-quality task "judged" over ITEMS plans and the lead lee, and lee's invite. */
async function teamDatabase(): Promise<{ url: string; session: PostgresSession; token: string }> {
  const local = tempSession();
  try {
    await seedPlanTask(local.ctx, ITEMS);
    const made = await dispatch(local.ctx, 'annotators.upsert', { name: 'lee', role: 'lead' }, { owner: true });
    if (!made.ok) throw new Error(made.error.message);
    const url = await postgres.current.createDatabase();
    await copyWorkspace(local.ctx.workspacePath, url);
    const session = await openPostgresSession(url);
    cleanups.push(() => session.close());
    const invite = await dispatch(session.ctx, 'invites.create', { person: 'lee' }, { owner: true });
    if (!invite.ok) throw new Error(invite.error.message);
    return { url, session, token: (invite.value as { token: string }).token };
  } finally {
    local.dispose();
  }
}

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
    const servers = await Promise.all([teamServer(url), teamServer(url)]);

    const queued = await callOver<RunSummary>(servers[0].base, token, 'judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: endpoint.baseUrl, model: 'fake-model', concurrency: 2 });
    // The request answers at once: the run is a job whichever server's runner takes first.
    expect(queued).toMatchObject({ status: 'running', total: ITEMS, ok: 0 });
    const job = () => session.ctx.sql.one(session.ctx.sql.q.selectFrom('jobs').selectAll().where('id', '=', 1))!;
    await until(() => job().state === 'running', 'a server to lease the job');
    // A lease names its server host:pid:…: A is the one holding it, B the other.
    const holder = Number(job().leased_by!.split(':')[1]);
    const a = servers.find((s) => s.child.pid === holder)!;
    const b = servers.find((s) => s.child.pid !== holder)!;
    expect(a).toBeDefined();
    await until(() => [...callsPerItem(session, queued.id).values()].length >= 10, 'server A to record ten calls');
    a.child.kill('SIGKILL');
    await new Promise<void>((resolve) => (a.child.exitCode !== null || a.child.signalCode !== null ? resolve() : a.child.once('exit', () => resolve())));
    const recordedByA = [...callsPerItem(session, queued.id).keys()];
    expect(recordedByA.length).toBeLessThan(ITEMS);

    await until(async () => (await callOver<RunSummary>(b.base, token, 'judges.runGet', { run: queued.id })).status !== 'running', 'the run to end on server B');
    const run = await callOver<RunSummary>(b.base, token, 'judges.runGet', { run: queued.id });
    expect(run).toMatchObject({ status: 'finished', total: ITEMS, ok: ITEMS, failed: 0, invalid: 0, pending: 0, requests: ITEMS });

    // Nothing twice, nothing lost: one recorded call per item, and one label of the run's judge per item.
    const calls = callsPerItem(session, queued.id);
    expect(calls.size).toBe(ITEMS);
    expect(new Set(calls.values())).toEqual(new Set([1]));
    const db = session.ctx.sql;
    const labels = db.all(db.q.selectFrom('labels as l').innerJoin('raters as r', 'r.id', 'l.rater_id').select('l.item_id').where('r.judge_run_id', '=', queued.id));
    expect(labels).toHaveLength(ITEMS);
    expect(new Set(labels.map((l) => l.item_id)).size).toBe(ITEMS);
    // The endpoint was never asked again for an item A had recorded; only A's calls in flight at its death were asked twice.
    const requests = requestsPerItem(endpoint);
    expect(requests.size).toBe(ITEMS);
    for (const item of recordedByA) expect(requests.get(item), item).toBe(1);
    expect(endpoint.requests.length - ITEMS).toBeLessThanOrEqual(2);
    // The job: taken twice (A, then B), done.
    expect(db.one(db.q.selectFrom('jobs').selectAll().where('id', '=', 1))).toMatchObject({ kind: 'judge-run', state: 'done', attempts: 2, leased_by: null });
  });
});
