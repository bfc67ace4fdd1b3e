import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runParallel } from './runParallel.mjs';

/** A job that prints `text`, waits for `waitMs`, then exits with `code`. */
function job(name: string, text: string, code = 0, waitMs = 0) {
  return { name, command: process.execPath, args: ['-e', `process.stdout.write(${JSON.stringify(text)}); setTimeout(() => process.exit(${code}), ${waitMs})`] };
}

function sink() {
  let text = '';
  const out = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { out, text: () => text };
}

describe('runParallel', () => {
  it('runs the jobs side by side and prints each one’s output whole under its name', async () => {
    const { out, text } = sink();
    // The slow job starts first and ends last: with two at once, the fast one's output comes first.
    const failed = await runParallel([job('slow', 'slow output\n', 0, 300), job('fast', 'fast output\n')], { concurrency: 2, out });
    expect(failed).toEqual([]);
    expect(text()).toMatch(/── fast: passed in [\d.]+ s ──\nfast output\n\n── slow: passed in [\d.]+ s ──\nslow output\n/);
  });

  it('runs every job even when one fails, and names the failures', async () => {
    const { out, text } = sink();
    const failed = await runParallel([job('bad', 'type error here\n', 2), job('good', 'fine\n'), { name: 'missing', command: '/nonexistent/command', args: [] }], { concurrency: 1, out });
    expect(failed).toEqual(['bad', 'missing']);
    expect(text()).toContain('── bad: FAILED (exit 2)');
    expect(text()).toContain('type error here');
    expect(text()).toContain('── good: passed');
    expect(text()).toMatch(/── missing: FAILED \(spawn \/nonexistent\/command ENOENT\)/);
  });
});
