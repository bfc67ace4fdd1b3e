import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSession } from '../services/session';
import { BATCH_DELAY_MS } from '../services/judges/callRecorder';
import { answerPlanQuality, itemMarker, planQualityAnswer, seedPlanTask } from '../testing/judgeFixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../testing/fakeOpenAiServer';

// The real `accord` binary in a child process, against a fake endpoint in this process.
const BIN = path.resolve(import.meta.dirname, 'bin.mjs');
let dir: string;
let workspace: string;
let server: FakeOpenAiServer;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-judge-cli-'));
  workspace = path.join(dir, 'w.accord');
  server = await startFakeOpenAiServer({ respond: answerPlanQuality });
});
afterEach(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function start(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args, '--workspace', workspace], {
    env: { ...process.env, ACCORD_WORKSPACE: '', OPENAI_API_KEY: 'sk-cli-test-key' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}
const accord = (...args: string[]) => start(args).done;

async function seed(count: number, annotators: string[] = []) {
  const session = openSession({ workspacePath: workspace });
  try {
    await seedPlanTask(session.ctx, count, { annotators });
  } finally {
    session.close();
  }
}

describe('accord judge', () => {
  it('runs a preset judge, reruns from the cache, previews, lists, exports and compares', async () => {
    await seed(6);
    const run = await accord('judge', 'run', '--task', 'judged', '--judge', 'plan-quality', '--base-url', server.baseUrl, '--model', 'm', '--price', 'm=1,2', '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const first = JSON.parse(run.stdout);
    expect(first).toMatchObject({ id: 1, status: 'finished', ok: 6, requests: 6, rater: 'judge:plan-quality-reference@m#1' });
    expect(first.cost).toBeGreaterThan(0);

    const again = await accord('judge', 'run', '--task', 'judged', '--judge', 'plan-quality', '--base-url', server.baseUrl, '--model', 'm');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('6 answered, 0 unreadable, 0 failed, 0 pending of 6; 6 from cache, 0 requests sent');
    expect(server.requests).toHaveLength(6);

    const preview = await accord('judge', 'preview', '--task', 'judged', '--judge', 'plan-quality');
    expect(preview.code).toBe(0);
    expect(preview.stdout).toMatch(/^# plan-quality-reference \(version [0-9a-f]{16}\) on q-0001 — 6 request\(s\) for the task/);
    expect(preview.stdout).toContain('Query: Why did customers call about topic 1 last week? [q-0001]');

    const runs = JSON.parse((await accord('judge', 'runs', '--json')).stdout);
    expect(runs.map((r: { id: number; cacheHits: number }) => [r.id, r.cacheHits])).toEqual([[1, 0], [2, 6]]);

    const exported = await accord('judge', 'export', '--run', '1');
    expect(JSON.parse(exported.stdout)).toMatchObject({ format: 'accord.judge', id: 'plan-quality-reference' });
    const edited = path.join(dir, 'mine.judge.json');
    fs.writeFileSync(edited, JSON.stringify({ ...JSON.parse(exported.stdout), id: 'mine', sampling: { temperature: 0.3 } }));
    const custom = await accord('judge', 'run', '--task', 'judged', '--judge', edited, '--base-url', server.baseUrl, '--model', 'm', '--json');
    expect(JSON.parse(custom.stdout)).toMatchObject({ judge: { id: 'mine' }, ok: 6, requests: 6 });
    expect(server.requests.at(-1)!.body.temperature).toBe(0.3);

    const compare = await accord('judge', 'compare', '--run', '1', '--run', '3', '--json');
    expect(compare.code).toBe(0);
    const comparison = JSON.parse(compare.stdout);
    // Same scripted answers: the runs agree on every item; planners ranked identically (ρ = 1).
    expect(comparison.questions[0]).toMatchObject({ question: 'overall_quality', units: 6, changed: 0 });
    expect(comparison.rankings[0]).toMatchObject({ by: 'model', spearman: { value: 1 } });
  });

  it('refuses bad usage with a clear message', async () => {
    await seed(1);
    const missing = await accord('judge', 'run', '--task', 'judged', '--judge', 'plan-quality');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('a new run needs --judge, --base-url and --model (or --resume RUN)');
    const wrong = await accord('judge', 'run', '--task', 'judged', '--judge', 'sop-graph-review', '--base-url', server.baseUrl, '--model', 'm');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/cannot answer task "judged"/);
    expect(wrong.stderr).not.toMatch(/\n\s+at /);
    const compare = await accord('judge', 'compare', '--run', '1');
    expect(compare.stderr).toContain('give exactly two runs');
  });

  it('resumes after the process is killed mid-run: every item judged once in the records, labels complete', async () => {
    await seed(20);
    server.setLatency(150);
    const { child, done } = start(['judge', 'run', '--task', 'judged', '--judge', 'plan-quality', '--base-url', server.baseUrl, '--model', 'm', '--concurrency', '2', '--json']);
    while (server.requests.length < 8) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.signal).toBe('SIGKILL');

    const db = new Database(workspace, { readonly: true });
    const interrupted = db.prepare('SELECT status FROM judge_runs WHERE id = 1').get() as { status: string };
    const recordedBefore = (db.prepare('SELECT count(*) AS n FROM judge_calls').get() as { n: number }).n;
    db.close();
    expect(interrupted.status).toBe('running');
    expect(recordedBefore).toBeGreaterThan(0);
    expect(recordedBefore).toBeLessThan(20);

    const resumedAt = Date.now();
    const resumed = await accord('judge', 'run', '--task', 'judged', '--resume', '1', '--json');
    expect(resumed.stderr).toBe('');
    expect(JSON.parse(resumed.stdout)).toMatchObject({ id: 1, status: 'finished', ok: 20, pending: 0 });

    const after = new Database(workspace, { readonly: true });
    const calls = after.prepare('SELECT item_id, count(*) AS n FROM judge_calls GROUP BY item_id').all() as { n: number }[];
    const labels = after
      .prepare("SELECT i.external_id, l.value FROM labels l JOIN raters r ON r.id = l.rater_id JOIN items i ON i.id = l.item_id WHERE r.judge_run_id = 1")
      .all() as { external_id: string; value: string }[];
    after.close();
    expect(calls).toHaveLength(20);
    expect(calls.every((c) => c.n === 1)).toBe(true);
    expect(Object.fromEntries(labels.map((l) => [l.external_id, JSON.parse(l.value)]))).toEqual(
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => `q-${String(i + 1).padStart(4, '0')}`).map((id) => [id, planQualityAnswer(id).overall_quality])),
    );
    // Only calls the kill caught unrecorded were sent again: those in flight (at most the
    // concurrency, 2) and those answered within the last group-commit window (2 per 150 ms).
    const perItem = new Map<string, number>();
    for (const r of server.requests) perItem.set(itemMarker(r)!, (perItem.get(itemMarker(r)!) ?? 0) + 1);
    const resent = [...perItem.values()].filter((n) => n > 1).length;
    expect(resent).toBeLessThanOrEqual(2 * (1 + Math.ceil(BATCH_DELAY_MS / 150)));
    expect(server.requests.filter((r) => r.receivedAt >= resumedAt)).toHaveLength(20 - recordedBefore);
  });
});

describe('accord judge export --judge PRESET', () => {
  it('writes the preset out without a workspace and creates no default workspace file', async () => {
    const home = path.join(dir, 'home');
    fs.mkdirSync(home);
    const child = spawn(process.execPath, [BIN, 'judge', 'export', '--judge', 'plan-quality'], {
      env: { ...process.env, ACCORD_WORKSPACE: '', HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') },
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ format: 'accord.judge' });
    expect(fs.existsSync(path.join(home, '.config', 'Accord', 'default.accord'))).toBe(false);
  });
});
