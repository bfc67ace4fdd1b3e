import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWorkspace } from '../../db/workspace';
import type { InputOf, MethodName, ResultOf } from '../api/contract';
import { FORMATS } from '../testing/fixtures';
import { main } from './main';
import { startServeProcess } from '../testing/serveProcess';

// Issue 4 item 10: a label acknowledged over HTTP survives SIGKILL of the server right after,
// and two annotators saving at once on one task lose nothing. Runs the real `accord serve`.
let dir: string;
let workspace: string;
let server: ChildProcess | null = null;

const quiet = { stdout: () => {}, stderr: () => {}, stderrIsTTY: false };
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-durability-'));
  workspace = path.join(dir, 'w.accord');
  expect(await main(['node', 'accord', 'import', path.join(FORMATS, 'plans.jsonl'), '-w', workspace], quiet)).toBe(0);
  const create = ['task', 'create', '--name', 'quality', '--schema', 'plan-quality', '--dataset', 'plans', '--annotators', 'ana,ben', '--seed', '1'];
  expect(await main(['node', 'accord', ...create, '-w', workspace], quiet)).toBe(0);
});
afterEach(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  server = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts `accord serve --port 0` and reads the URL (with its token) it prints. */
async function serve(): Promise<{ base: string; token: string; child: ChildProcess }> {
  const served = await startServeProcess(workspace, { timeoutMs: 30_000 });
  server = served.child;
  return served;
}

/** One API call over HTTP, as the browser makes it. */
/** Calls `method` over HTTP as `as`, the way the browser page does (the x-accord-as header). */
async function call<M extends MethodName>(base: string, token: string, method: M, args: InputOf<M>, as = 'ana'): Promise<ResultOf<M>> {
  const response = await fetch(`${base}api/call/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-accord-as': encodeURIComponent(as) },
    body: JSON.stringify(args),
  });
  const reply = (await response.json()) as { ok: true; value: ResultOf<M> } | { ok: false; error: { message: string } };
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.value;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('labels over HTTP', () => {
  it('keeps an acknowledged label when the server is killed with SIGKILL right after replying', async () => {
    const { base, token, child } = await serve();
    const queue = await call(base, token, 'queue.get', { task: 'quality' });
    const itemId = queue.entries[0].itemId;
    const saved = await call(base, token, 'labels.save', { task: 'quality', itemId, question: 'overall_quality', value: 'Very Good', rationale: 'Precise prompts.', secondsSpent: 7 });
    child.kill('SIGKILL');
    await exited(child);
    expect(saved.changed).toBe(true);
    expect(child.signalCode).toBe('SIGKILL');

    const db = openWorkspace(workspace);
    try {
      expect(db.prepare('SELECT item_id, value, rationale, seconds_spent FROM labels').all()).toEqual([
        { item_id: itemId, value: '"Very Good"', rationale: 'Precise prompts.', seconds_spent: 7 },
      ]);
      expect(db.prepare('SELECT id FROM label_events').all()).toEqual([{ id: saved.eventId }]);
    } finally {
      db.close();
    }
  });

  it('loses nothing when two annotators save interleaved labels on one task', async () => {
    const { base, token } = await serve();
    const levels = ['Extremely Bad', 'Very Bad', 'Bad', 'Acceptable', 'Good', 'Very Good', 'Extremely Good'];
    // Each annotator changes their mind on every item four times; the two run at once, each
    // save fired without waiting for the other's.
    const work = async (annotator: string, offset: number) => {
      const { entries } = await call(base, token, 'queue.get', { task: 'quality' }, annotator);
      const saves: Promise<unknown>[] = [];
      for (let round = 0; round < 4; round++) {
        for (const entry of entries) {
          saves.push(call(base, token, 'labels.save', { task: 'quality', itemId: entry.itemId, question: 'overall_quality', value: levels[(round + offset + entry.position) % 7], secondsSpent: 1 }, annotator));
        }
        await Promise.all(saves.splice(0));
      }
      for (const entry of entries) await call(base, token, 'labels.submit', { task: 'quality', itemId: entry.itemId }, annotator);
      return entries;
    };
    const [anaEntries, benEntries] = await Promise.all([work('ana', 0), work('ben', 3)]);

    const detail = await call(base, token, 'tasks.get', { task: 'quality' });
    expect(detail.progress.map((p) => [p.name, p.submitted, p.labels, p.secondsSpent])).toEqual([
      ['ana', 3, 3, 12],
      ['ben', 3, 3, 12],
    ]);
    for (const [annotator, entries, offset] of [
      ['ana', anaEntries, 0],
      ['ben', benEntries, 3],
    ] as const) {
      for (const entry of entries) {
        const { own } = await call(base, token, 'labels.list', { task: 'quality', itemId: entry.itemId }, annotator);
        expect(own.map((l) => l.value)).toEqual([levels[(3 + offset + entry.position) % 7]]);
      }
    }
    // 2 annotators × 3 items × 4 rounds, every change recorded.
    const db = openWorkspace(workspace, { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM label_events').get()).toEqual({ n: 24 });
    } finally {
      db.close();
    }
  });
});
