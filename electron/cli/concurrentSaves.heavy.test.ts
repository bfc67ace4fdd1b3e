import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeConversationsJsonl } from '../../build/bench/generateConversations';
import { openWorkspace } from '../../db/workspace';
import { main } from './main';
import { startServeProcess } from '../testing/serveProcess';

// The one write path's promise (DESIGN.md §1), end to end: two annotators save thousands of
// labels over HTTP to `accord serve` while a lead, from the CLI, imports a 250 MB conversations
// file and a labels file into the same workspace. Every save is acknowledged (none refused for a
// busy workspace) and every acknowledged save is there afterwards.
const BIN = path.resolve(import.meta.dirname, 'bin.mjs');
const CONVERSATIONS = 119_000; // ~2.1 KB each: 250 MB
const PLANS = 1000;
const SAVES_EACH = 2000;
const LEVELS = ['Extremely Bad', 'Very Bad', 'Bad', 'Acceptable', 'Good', 'Very Good', 'Extremely Good'];
let dir: string;
let workspace: string;
const children: ChildProcess[] = [];

const quiet = { stdout: () => {}, stderr: () => {}, stderrIsTTY: false };
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-concurrent-'));
  workspace = path.join(dir, 'w.accord');
  const plans = Array.from({ length: PLANS }, (_, i) =>
    JSON.stringify({ query_id: `p-${i}`, query: `Question ${i}?`, plan: { 1: { query: `T2S([], 'Fetch the rows for question ${i}')`, depends_on: [] } } }),
  );
  fs.writeFileSync(path.join(dir, 'plans.jsonl'), `${plans.join('\n')}\n`);
  expect(await main(['node', 'accord', 'import', path.join(dir, 'plans.jsonl'), '-w', workspace], quiet)).toBe(0);
  const create = ['task', 'create', '--name', 'quality', '--schema', 'plan-quality', '--dataset', 'plans', '--annotators', 'ana,ben', '--seed', '1'];
  expect(await main(['node', 'accord', ...create, '-w', workspace], quiet)).toBe(0);
}, 60_000);
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts `accord serve --port 0` and reads the URL (with its token) it prints. */
async function serve(): Promise<{ base: string; token: string }> {
  const served = await startServeProcess(workspace, { timeoutMs: 30_000 });
  children.push(served.child);
  return served;
}

/** Runs the CLI in a child process, as a lead at a terminal would; resolves with its exit code and output. */
function cli(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [BIN, ...args, '-w', workspace], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

type Reply<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** One API call over HTTP as `as` (the x-accord-as header, as the browser page sends it). */
async function call<T>(base: string, token: string, method: string, args: unknown, as: string): Promise<Reply<T>> {
  const response = await fetch(`${base}api/call/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-accord-as': encodeURIComponent(as) },
    body: JSON.stringify(args),
  });
  return (await response.json()) as Reply<T>;
}

/**
 * One label save, the way the labeling screen makes it. The only place that knows the shape of
 * `labels.save` (the caller travels in the header, not in the arguments).
 */
function saveLabel(base: string, token: string, annotator: string, itemId: number, value: string) {
  return call<{ changed: boolean; eventId: number | null }>(base, token, 'labels.save', { task: 'quality', itemId, question: 'overall_quality', value, secondsSpent: 1 }, annotator);
}

describe('two annotators saving over HTTP while a lead imports from the CLI', () => {
  it('refuses no save and loses no acknowledged one', async () => {
    const big = path.join(dir, 'conversations.jsonl');
    await writeConversationsJsonl(big, CONVERSATIONS);
    expect(fs.statSync(big).size).toBeGreaterThan(250e6);
    const { base, token } = await serve();
    const queues = new Map<string, number[]>();
    for (const annotator of ['ana', 'ben']) {
      const queue = await call<{ entries: { itemId: number }[] }>(base, token, 'queue.get', { task: 'quality' }, annotator);
      if (!queue.ok) throw new Error(queue.error.message);
      queues.set(annotator, queue.value.entries.map((e) => e.itemId));
    }
    const labels = ['item,unit,question,rater,value,rationale', ...Array.from({ length: PLANS }, (_, i) => `p-${i},,overall_quality,cara,Good,`)];
    fs.writeFileSync(path.join(dir, 'labels.csv'), `${labels.join('\n')}\n`);

    // The lead's work: the big import, and (once it is under way) a labels file, both chunked.
    let leadDone = false;
    const lead = Promise.all([cli('import', big, '--json'), new Promise((resolve) => setTimeout(resolve, 3000)).then(() => cli('labels', 'import', path.join(dir, 'labels.csv'), '--task', 'quality'))]).finally(
      () => (leadDone = true),
    );

    const acknowledged = new Map<string, { itemId: number; value: string; eventId: number }[]>();
    const refused: string[] = [];
    const latencies: number[] = [];
    const work = async (annotator: string, offset: number) => {
      const items = queues.get(annotator)!;
      const mine: { itemId: number; value: string; eventId: number }[] = [];
      acknowledged.set(annotator, mine);
      // Each item's value changes from one round to the next, so every save is a change.
      for (let n = 0; n < SAVES_EACH || !leadDone; n++) {
        const itemId = items[n % items.length];
        const value = LEVELS[(Math.floor(n / items.length) + offset) % LEVELS.length];
        try {
          const asked = performance.now();
          const reply = await saveLabel(base, token, annotator, itemId, value);
          if (!leadDone) latencies.push(performance.now() - asked);
          if (reply.ok && reply.value.changed && reply.value.eventId !== null) mine.push({ itemId, value, eventId: reply.value.eventId });
          else refused.push(reply.ok ? `unchanged save ${annotator}/${itemId}` : reply.error.message);
        } catch (error) {
          refused.push(`${annotator}: ${(error as Error).message}`);
        }
      }
    };
    const savesDuringImport = await Promise.all([work('ana', 0), work('ben', 3), lead]).then(([, , outcome]) => outcome);

    const [imported, labelled] = savesDuringImport;
    expect(imported.code, imported.output).toBe(0);
    expect(JSON.parse(imported.output).files[0]).toMatchObject({ status: 'imported', imported: CONVERSATIONS });
    expect(labelled.code, labelled.output).toBe(0);
    expect(refused).toEqual([]);
    latencies.sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.ceil(p * latencies.length) - 1].toFixed(0);
    console.info(`${latencies.length} saves during the lead's imports: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);

    const db = openWorkspace(workspace, { readonly: true });
    try {
      for (const [annotator, saves] of acknowledged) {
        expect(saves.length).toBeGreaterThanOrEqual(SAVES_EACH);
        const events = new Set(
          db.prepare('SELECT e.id FROM label_events e JOIN raters r ON r.id = e.rater_id WHERE r.name = ?').pluck().all(annotator) as number[],
        );
        expect(saves.filter((s) => !events.has(s.eventId))).toEqual([]);
        const last = new Map(saves.map((s) => [s.itemId, s.value]));
        const current = db
          .prepare("SELECT l.item_id, l.value FROM labels l JOIN raters r ON r.id = l.rater_id WHERE r.name = ? AND l.question = 'overall_quality'")
          .all(annotator) as { item_id: number; value: string }[];
        expect(new Map(current.map((l) => [l.item_id, JSON.parse(l.value) as string]))).toEqual(last);
      }
      expect(db.prepare("SELECT count(*) FROM labels l JOIN raters r ON r.id = l.rater_id WHERE r.name = 'cara'").pluck().get()).toBe(PLANS);
      expect(db.prepare("SELECT count(*) FROM datasets WHERE state = 'ready'").pluck().get()).toBe(2);
    } finally {
      db.close();
    }
  }, 600_000);
});
