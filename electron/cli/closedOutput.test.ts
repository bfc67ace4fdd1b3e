import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main';

// `accord items --json | head -c 100`: the reader goes away before the CLI has written all it
// has to say. The real binary (the bundle or the sources, as bin.mjs decides) must stop quietly:
// no EPIPE stack trace, the command's own exit code.
const BIN = path.resolve(import.meta.dirname, 'bin.mjs');
let dir: string;
let workspace: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-epipe-'));
  workspace = path.join(dir, 'w.accord');
  // Enough items that `items --json` writes far more than a pipe holds (64 KB on Linux).
  const plans = path.join(dir, 'plans.jsonl');
  fs.writeFileSync(plans, Array.from({ length: 600 }, (_, i) => JSON.stringify({ query_id: `q${i}`, query: `question ${i}`, plan: {} })).join('\n'));
  const silent = { stdout: () => {}, stderr: () => {}, stderrIsTTY: false };
  expect(await main(['node', 'accord', 'import', plans, '--workspace', workspace], silent)).toBe(0);
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the binary with its stdout read up to `keep` bytes, then closed. */
function readThenClose(args: string[], keep: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; read: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ACCORD_WORKSPACE: '' } });
  let read = '';
  let stderr = '';
  if (keep === 0) child.stdout.destroy();
  child.stdout.on('data', (chunk: Buffer) => {
    read += chunk.toString('utf8');
    if (read.length >= keep) child.stdout.destroy();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, read: read.slice(0, keep), stderr })));
}

describe('a reader that closes early', () => {
  it('`accord items --json | head -c 100`: no stack trace, exit code 0', async () => {
    const run = await readThenClose(['items', '--json', '--workspace', workspace], 100);
    expect(run.read).toMatch(/^\[\n {2}\{/);
    expect(run.stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
    expect(run.stderr).toBe('');
    expect(run).toMatchObject({ code: 0, signal: null });
  });

  it('closed before the first byte (`accord --help` into a closed pipe): no stack trace, exit code 0', async () => {
    const run = await readThenClose(['--help'], 0);
    expect(run.stderr).toBe('');
    expect(run).toMatchObject({ code: 0, signal: null });
  });
});
