import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// Issue 2 item 4: a 1 GB JSONL is streamed with bounded memory — imported whole, or rejected
// at its last line with the workspace untouched. Each run is its own process so that its peak
// memory (maxRSS) is the import's alone.
const WORKER = path.join(import.meta.dirname, 'largeFileWorker.ts');
const MEGABYTES = Number(process.env.ACCORD_LARGE_FILE_MB ?? 1024);
const PEAK_LIMIT_MB = 400;
let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-large-'));
  const out = execFileSync(process.execPath, ['--import', 'tsx', WORKER, dir, String(MEGABYTES), ...args], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

describe(`a ${MEGABYTES} MB JSONL file`, () => {
  it('is imported with bounded memory', () => {
    const result = run();
    expect(result.bytes).toBeGreaterThanOrEqual(MEGABYTES * 1e6);
    expect(result).toMatchObject({ status: 'imported', imported: result.records, itemsInWorkspace: result.records });
    expect(result.peakMb).toBeLessThan(PEAK_LIMIT_MB);
  }, 600_000);

  it('is rejected at its broken last line, leaving the workspace empty, with bounded memory', () => {
    const result = run('corrupt');
    expect(result.status).toBe('rejected');
    expect(result.errors[0].line).toBe(result.records + 1);
    expect(result.errors[0].message).toMatch(/invalid JSON/);
    expect(result.itemsInWorkspace).toBe(0);
    expect(result.peakMb).toBeLessThan(PEAK_LIMIT_MB);
  }, 600_000);
});
