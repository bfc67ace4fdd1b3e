import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../electron/testing/postgres';
import { writeConversationsJsonl } from './generateConversations';
import { bundleWorker, run } from './importBench';
import type { BackendTimes, PgAccordRun } from './importWorker';

const TARGET_RATIO = 1.5;

/**
 * Issue 16 part 7: imports 100,000 generated conversations (~210 MB JSONL) into a PostgreSQL
 * workspace — the rows through COPY, chunk by chunk, each chunk a short transaction of the write
 * path — and compares, in the same run and on the same throwaway cluster, with the fastest honest
 * baseline: the same rows, already in COPY's text format, sent by one COPY per table into the
 * same tables and indexes in one transaction. Both run bundled in child processes (as
 * `accord import` runs), so each side's CPU is its own; the server's CPU is counted by neither.
 */
export async function benchPgImport(count = Number(process.env.BENCH_CONVERSATIONS ?? 100_000)): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bench-pg-import-'));
  const bundled = await bundleWorker();
  const cluster = await startPostgres();
  try {
    const file = path.join(dir, 'conversations.jsonl');
    const mb = (await writeConversationsJsonl(file, count)) / 1e6;
    const accordUrl = await cluster.createDatabase('bench_accord');
    const accord = run<PgAccordRun>('pgAccord', file, accordUrl);
    const baseline = run<{ seconds: number; cpuSeconds: number; rows: number; server: BackendTimes | null }>('pgBaseline', await cluster.createDatabase('bench_baseline'), accordUrl);
    if (baseline.rows !== accord.rows) throw new Error(`the baseline wrote ${baseline.rows} rows, the import ${accord.rows}`);
    const parsing = run<{ seconds: number; cpuSeconds: number }>('parse', file);
    const ratio = accord.seconds / baseline.seconds;
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(`\nimport into PostgreSQL through COPY: ${count.toLocaleString('en')} conversations, ${mb.toFixed(0)} MB JSONL (a throwaway cluster on this machine)`);
    console.log(`  bare COPY of the same rows (pre-encoded, one COPY per table, one transaction, same tables and indexes): ${baseline.seconds.toFixed(2)} s, ${baseline.cpuSeconds.toFixed(2)} s of client CPU`);
    console.log(
      `  accord import (bundled, as shipped)  ${accord.seconds.toFixed(2)} s   ${Math.round(accord.rows / accord.seconds).toLocaleString('en')} rows/s   ${(mb / accord.seconds).toFixed(1)} MB/s   (${accord.writes.writes} writes, ${accord.writes.retries} retried, the longest ${accord.writes.longestHoldMs.toFixed(0)} ms (${accord.writes.longestHoldLabel ?? '?'}))`,
    );
    console.log(`  ratio to the bare COPY ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×: ${met(ratio <= TARGET_RATIO)})`);
    console.log(
      `    the import used ${accord.cpuSeconds.toFixed(1)} s of CPU in its process (parsing, validating and scoring on two threads, encoding, the connection thread) = ${(accord.cpuSeconds / Math.max(0.01, baseline.cpuSeconds)).toFixed(1)}× the bare COPY's client`,
    );
    if (accord.threads) {
      const others = accord.threads.others.filter((s) => s >= 0.05);
      console.log(`    by thread: the importing thread ${accord.threads.main.toFixed(1)} s; the others ${others.map((s) => s.toFixed(1)).join(', ')} s (the parse worker, the connection thread, V8's helpers)`);
    }
    // The bound: the import computes what parsing alone computes, and the server does at least
    // what the bare COPY made it do (its wall time, nearly all of it the server's CPU); both
    // sharing the cores perfectly, an import can be no faster.
    const cores = os.availableParallelism();
    const floor = Math.max(baseline.seconds, (parsing.cpuSeconds + baseline.seconds) / cores);
    console.log(
      `    what bounds it: parsing, validating, scoring and hashing alone (one thread, no database) take ${parsing.cpuSeconds.toFixed(1)} s of CPU; with the bare COPY's ${baseline.seconds.toFixed(2)} s ` +
        `(nearly all the server's CPU) on ${cores} cores perfectly shared, an import needs at least ${floor.toFixed(2)} s = ${(floor / baseline.seconds).toFixed(2)}× the bare COPY`,
    );
    if (accord.server && baseline.server) {
      // Both sides' server process: its own work, and how long it stood runnable without a core
      // (other work on the machine); a quiet machine shows waits near 0.
      const side = (name: string, wall: number, s: BackendTimes) =>
        `${name}: on a core ${s.cpu.toFixed(2)} s, waiting for one ${s.waited.toFixed(2)} s, neither (waiting for its client or the disk) ${Math.max(0, wall - s.cpu - s.waited).toFixed(2)} s`;
      console.log(`    the server process — ${side('bare COPY', baseline.seconds, baseline.server)}; ${side('import', accord.seconds, accord.server)}`);
    }
    console.log(`  peak memory ${accord.peakMb.toFixed(0)} MB`);
  } finally {
    cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(bundled, { recursive: true, force: true });
  }
}
