import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMATS } from '../testing/fixtures';

// The real `accord` binary, as a user runs it after `npm ci` (tsx, no build step).
const BIN = path.resolve(import.meta.dirname, 'bin.mjs');
let dir: string;
let workspace: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-'));
  workspace = path.join(dir, 'w.accord');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function accord(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, ACCORD_WORKSPACE: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
const example = (name: string) => path.join(FORMATS, name);

describe('accord import', () => {
  it('exits 0 and prints the JSON report when every file imports', () => {
    const run = accord('import', example('plans.jsonl'), example('sop-graph.json'), '--workspace', workspace, '--json');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout);
    expect(report.files).toEqual([
      // One plan has a warning finding: said, so the report does not read as clean; the graph has none.
      { file: example('plans.jsonl'), format: 'plans-jsonl', kind: 'plan', dataset: 'plans', status: 'imported', imported: 3, skipped: 0, errors: [], findings: { errors: 0, warnings: 1 } },
      { file: example('sop-graph.json'), format: 'sop-graph-json', kind: 'graph', dataset: 'sop-graph', status: 'imported', imported: 1, skipped: 0, errors: [] },
    ]);
  });

  it('exits 2 when a file is rejected, still importing the others, and names file:line:column', () => {
    const bad = path.join(dir, 'bad.jsonl');
    fs.writeFileSync(bad, '{"query_id": "a", "query": "Q", "plan": {}}\n{"query_id": oops}\n');
    const run = accord('import', bad, example('plans.jsonl'), '--workspace', workspace);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain(`${bad}:2:14 — invalid JSON`);
    expect(run.stdout).toContain('plans.jsonl: 3 plans (plans-jsonl) into "plans"\n  findings: 1 warning (accord items --dataset "plans" lists them)\n');
    expect(run.stdout + run.stderr).not.toMatch(/\n\s+at /);
  });

  it('puts every file into --dataset and skips invalid records with --skip-invalid', () => {
    const mixed = path.join(dir, 'mixed.jsonl');
    fs.writeFileSync(mixed, '{"query_id": "a", "query": "Q", "plan": {}}\nnope\n');
    const run = accord('import', mixed, '--workspace', workspace, '--dataset', 'mine', '--skip-invalid', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).files[0]).toMatchObject({ dataset: 'mine', imported: 1, skipped: 1, errors: [{ line: 2, column: 1 }] });
  });

  it('exits 1 on usage errors', () => {
    expect(accord('import', '--workspace', workspace).code).toBe(1);
    expect(accord('import', example('plans.jsonl'), '--bogus').code).toBe(1);
    expect(accord('frobnicate').code).toBe(1);
  });

  it('refuses a workspace written by a newer version with a clear message', () => {
    accord('import', example('plans.jsonl'), '--workspace', workspace);
    const raw = spawnSync(process.execPath, ['-e', `const D=require('better-sqlite3'); const d=new D(${JSON.stringify(workspace)}); d.pragma('user_version = 99999'); d.close();`], { cwd: path.resolve(import.meta.dirname, '../..') });
    expect(raw.status).toBe(0);
    const run = accord('items', '--workspace', workspace);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/written by a newer version of Accord/);
  });
});

describe('accord items', () => {
  it('lists items with findings, metrics and a deep link, filtered by dataset and kind', () => {
    accord('import', example('plans.jsonl'), example('conversations-chat.jsonl'), '--workspace', workspace);
    const run = accord('items', '--workspace', workspace, '--kind', 'plan', '--json');
    expect(run.code).toBe(0);
    const items = JSON.parse(run.stdout);
    expect(items.map((i: { externalId: string }) => i.externalId)).toEqual(['q-001', 'q-002', 'q-003']);
    const q2 = items[1];
    expect(Object.keys(q2)).toEqual(expect.arrayContaining(['id', 'externalId', 'dataset', 'kind', 'findings', 'metrics', 'url']));
    expect(q2.findings).toContainEqual(expect.objectContaining({ validator: 'plan-invalid-json', severity: expect.any(String), message: expect.any(String) }));
    expect(q2.metrics.tier).toEqual(expect.any(String));
    expect(q2.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/#/items/${q2.id}$`));
    const conversations = JSON.parse(accord('items', '--workspace', workspace, '--dataset', 'conversations-chat', '--json').stdout);
    expect(conversations).toHaveLength(2);
    expect(accord('items', '--workspace', workspace, '--kind', 'nope').code).toBe(1);
    expect(accord('items', '--workspace', workspace, '--dataset', 'nope').stderr).toMatch(/no dataset named "nope"/);
  });
});

describe('accord serve', () => {
  let child: ReturnType<typeof spawn> | null = null;
  afterEach(() => child?.kill('SIGTERM'));

  it('binds 127.0.0.1, prints the token in the fragment only, answers the API with it alone; items links carry it', async () => {
    accord('import', example('plans.jsonl'), '--workspace', workspace);
    child = spawn(process.execPath, [BIN, 'serve', '--workspace', workspace, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk;
        const match = /Open: (\S+)/.exec(out);
        if (match) resolve(match[1]);
      });
      child!.on('exit', () => reject(new Error(`serve exited: ${out}`)));
    });
    const parsed = new URL(url);
    expect(parsed.hostname).toBe('127.0.0.1');
    expect(parsed.search).toBe('');
    const token = /^#token=([0-9a-f]{64})$/.exec(parsed.hash)?.[1];
    expect(token).toBeDefined();
    const base = `${parsed.origin}`;
    const call = (headers: Record<string, string>) =>
      fetch(`${base}/api/call/items.list`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

    expect((await call({})).status).toBe(401);
    expect((await call({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await call({ cookie: `accord_token=${token}` })).status).toBe(401);
    const ok = await call({ authorization: `Bearer ${token}` });
    expect(((await ok.json()) as { value: { total: number } }).value.total).toBe(3);
    // The page itself is no secret (the data is behind the API): served without a token, setting no cookie.
    const page = await fetch(`${base}/`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();

    const items = JSON.parse(accord('items', '--workspace', workspace, '--json').stdout);
    expect(items[0].url).toBe(`${base}/#token=${token}&route=/items/${items[0].id}`);
  });
});
