import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWorkspace } from '../../db/workspace';
import { FORMATS } from '../testing/fixtures';
import { main } from './main';

// A big import commits in chunks (db/writePath.ts), invisible until its last write publishes
// them: killing the process after some chunks have committed must leave the workspace, once it
// is opened again, exactly as it was before (the dead import's rows are discarded on open).
const BIN = path.resolve(import.meta.dirname, 'bin.mjs');
const CONVERSATIONS = 20_000;
let dir: string;
let workspace: string;

const quiet = { stdout: () => {}, stderr: () => {}, stderrIsTTY: false };
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-import-crash-'));
  workspace = path.join(dir, 'w.accord');
  expect(await main(['node', 'accord', 'import', path.join(FORMATS, 'plans.jsonl'), '-w', workspace], quiet)).toBe(0);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A JSONL of `count` chat conversations, ~2 KB each, built from the shared example's first record. */
function writeBigConversations(file: string, count: number): void {
  const first = JSON.parse(fs.readFileSync(path.join(FORMATS, 'conversations-chat.jsonl'), 'utf8').split('\n')[0]);
  const filler = { role: 'user', content: 'Could you check that again for me, please? '.repeat(20) };
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(JSON.stringify({ ...first, id: `crash-${i}`, messages: [...first.messages, filler] }));
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

/** Items committed by an import not yet published, as a reader that does not clean up sees them. */
function hiddenItems(): number {
  const db = openWorkspace(workspace, { readonly: true });
  try {
    return db.prepare("SELECT count(*) FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.state = 'importing'").pluck().get() as number;
  } finally {
    db.close();
  }
}

function snapshot() {
  const db = openWorkspace(workspace);
  try {
    const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      datasets: count('datasets'),
      imports: count('imports'),
      items: count('items'),
      findings: count('findings'),
      integrity: db.pragma('integrity_check', { simple: true }),
      journalMode: db.pragma('journal_mode', { simple: true }),
    };
  } finally {
    db.close();
  }
}

describe('a big import killed halfway', () => {
  it('leaves the workspace as it was, back in WAL mode, and the file imports afterwards', async () => {
    const big = path.join(dir, 'big.jsonl');
    writeBigConversations(big, CONVERSATIONS);
    const before = snapshot();
    expect(before).toMatchObject({ datasets: 1, integrity: 'ok', journalMode: 'wal' });

    const child = spawn(process.execPath, [BIN, 'import', big, '-w', workspace], { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Killed once several chunks have committed: their rows are in the file, in a hidden dataset.
    const deadline = Date.now() + 60_000;
    while (hiddenItems() < 6000) {
      expect(child.exitCode, 'the import finished before it could be killed').toBeNull();
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    child.kill('SIGKILL');
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
    expect(hiddenItems()).toBeGreaterThanOrEqual(6000);

    expect(snapshot()).toEqual(before);
    expect(hiddenItems()).toBe(0);

    const report: string[] = [];
    const io = { ...quiet, stdout: (text: string) => report.push(text) };
    expect(await main(['node', 'accord', 'import', big, '-w', workspace, '--json'], io)).toBe(0);
    expect(JSON.parse(report.join('')).files[0]).toMatchObject({ status: 'imported', imported: CONVERSATIONS });
    expect(snapshot()).toMatchObject({ datasets: 2, items: before.items + CONVERSATIONS, integrity: 'ok', journalMode: 'wal' });
  }, 120_000);
});
