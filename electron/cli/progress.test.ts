import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobProgress } from '../api/contract';
import { progressPrinter } from './progress';

const progress = (done: number, finished = false): JobProgress => ({ jobId: 'j', label: 'Importing a.jsonl', done, total: 100, unit: 'rows', rate: 10, etaSeconds: finished ? null : 5, finished });

function recorder(stderrIsTTY: boolean) {
  const lines: string[] = [];
  return { io: { stdout: () => {}, stderr: (text: string) => lines.push(text), stderrIsTTY }, lines };
}

describe('progressPrinter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes to a log nothing in the first second, then a line every five seconds and one at the end', () => {
    const { io, lines } = recorder(false);
    const printer = progressPrinter(io, true);
    printer.update(progress(10));
    vi.advanceTimersByTime(1000);
    printer.update(progress(20));
    vi.advanceTimersByTime(1000);
    printer.update(progress(30));
    vi.advanceTimersByTime(5000);
    printer.update(progress(90));
    printer.update(progress(100, true));
    printer.done();
    expect(lines).toEqual(['Importing a.jsonl: 20% (20 of 100 rows, 5 s left)\n', 'Importing a.jsonl: 90% (90 of 100 rows, 5 s left)\n', 'Importing a.jsonl: 100% (100 of 100 rows)\n']);
  });

  it('does not write the same line to a log twice: the last read and the finish both at 100%', () => {
    const { io, lines } = recorder(false);
    const printer = progressPrinter(io, true);
    vi.advanceTimersByTime(1000);
    const last = { ...progress(100, true), etaSeconds: null };
    printer.update({ ...last, finished: false });
    printer.update(last);
    printer.done();
    expect(lines).toEqual(['Importing a.jsonl: 100% (100 of 100 rows)\n']);
  });

  it('repeats an unchanged line to a log every five seconds, so a stalled job still shows it is alive', () => {
    const { io, lines } = recorder(false);
    const printer = progressPrinter(io, true);
    vi.advanceTimersByTime(1000);
    printer.update(progress(40));
    vi.advanceTimersByTime(5000);
    printer.update(progress(40));
    expect(lines).toEqual(['Importing a.jsonl: 40% (40 of 100 rows, 5 s left)\n', 'Importing a.jsonl: 40% (40 of 100 rows, 5 s left)\n']);
  });

  it('redraws one line in place on a terminal and ends it with a newline', () => {
    const { io, lines } = recorder(true);
    const printer = progressPrinter(io, true);
    vi.advanceTimersByTime(1000);
    printer.update(progress(50));
    printer.update(progress(100, true));
    printer.done();
    expect(lines).toEqual(['\r\x1b[KImporting a.jsonl: 50% (50 of 100 rows, 5 s left)', '\r\x1b[KImporting a.jsonl: 100% (100 of 100 rows)', '\n']);
  });
});
