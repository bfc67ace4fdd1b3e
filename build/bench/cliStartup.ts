import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODE_CACHE_ENV } from '../../electron/cli/bundleLoader.cjs';
import { cliBundleState } from '../../electron/cli/cliBundle.cjs';
import { bundleCli, smallRatingsCsv } from '../scripts/lib/bundleCli';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** What `accord` runs (package.json "bin"). */
const BIN = path.join(ROOT, 'electron', 'cli', 'bin.cjs');
/** `accord` start-up within this many times a bare `node -e 0`. */
const TARGET_RATIO = 2;

interface Case {
  label: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  runs?: number;
  /** Held to TARGET_RATIO (npx adds npm's own start-up; the sources are the before). */
  target?: boolean;
}

/**
 * How fast `accord` starts, which scripts calling it once per file or item pay every time:
 * `accord --help` and `accord agreement` on a small ratings CSV through the bin (the bundle in
 * dist/cli; built first when missing or stale), the latter also without the bundle's code
 * caches (what they save), `npx accord --help`, and `accord --help` from
 * the TypeScript sources (what every run cost before the bundle), each as the median wall time
 * of `runs` runs after one warm-up, against a bare `node -e 0` measured in the same rounds.
 * Target: the bin within 2× of bare node.
 */
export async function benchCliStartup(runs = Number(process.env.BENCH_CLI_RUNS ?? 10)): Promise<void> {
  const state = cliBundleState(ROOT);
  if (!state.entry) {
    console.log(`\ncli: building the bundle first (${state.reason})`);
    await bundleCli(ROOT);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bench-cli-'));
  try {
    const ratings = path.join(dir, 'ratings.csv');
    fs.writeFileSync(ratings, smallRatingsCsv());
    // ACCORD_CLI=bundle: the bin runs the bundle or fails, never the sources in its place.
    const accord = (...args: string[]) => ({ command: process.execPath, args: [BIN, ...args], env: { ACCORD_CLI: 'bundle' } });
    const cases: Case[] = [
      { label: 'node -e 0 (bare node)', command: process.execPath, args: ['-e', '0'] },
      { label: 'accord --help', ...accord('--help'), target: true },
      { label: 'accord agreement (20 units × 3 raters)', ...accord('agreement', '--ratings', ratings), target: true },
      { label: '  the same, --bootstrap 0', ...accord('agreement', '--ratings', ratings, '--bootstrap', '0'), target: true },
      // What the code caches save (electron/cli/bundleLoader.cjs): the same command compiling every chunk from its source.
      { label: '  the same, without the code cache', command: process.execPath, args: [BIN, 'agreement', '--ratings', ratings], env: { ACCORD_CLI: 'bundle', [CODE_CACHE_ENV]: 'off' } },
      { label: 'npx accord --help', command: 'npx', args: ['accord', '--help'], env: { ACCORD_CLI: 'bundle' } },
      { label: 'accord --help from the sources (tsx)', ...accord('--help'), env: { ACCORD_CLI: 'sources' }, runs: Math.min(runs, 5) },
    ];
    const cpuHook = path.join(dir, 'cpuAtExit.cjs');
    fs.writeFileSync(cpuHook, CPU_HOOK);
    const { times, cpu } = await interleavedTimes(cases, runs, cpuHook, dir);
    const medians = times.map(median);
    // The fastest runs too: on a busy machine every case waits for a core alike, which pulls the
    // median ratios towards 1×; the fastest runs are the ones least disturbed.
    const fastest = times.map((t) => Math.min(...t));
    // CPU time suffers far less from other work on the machine than wall time.
    const cpuMedians = cpu.map((t) => (t.length > 0 ? median(t) : Number.NaN));
    console.log(`\ncli: start-up, median wall time of ${runs} runs (sources: ${Math.min(runs, 5)}) after a warm-up, the cases taking turns; ratio to bare node; the fastest run; median CPU time (user + system, as each node process counts it at exit)`);
    cases.forEach((c, i) => {
      const ratio = medians[i] / medians[0];
      const verdict = c.target ? `   (target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'})` : '';
      const least = `fastest ${fastest[i].toFixed(0).padStart(5)} ms ${(fastest[i] / fastest[0]).toFixed(2).padStart(5)}×`;
      const cpuText = Number.isNaN(cpuMedians[i]) ? ''.padEnd(20) : `cpu ${cpuMedians[i].toFixed(0).padStart(5)} ms ${(cpuMedians[i] / cpuMedians[0]).toFixed(2).padStart(5)}×`;
      console.log(`  ${c.label.padEnd(42)} ${medians[i].toFixed(0).padStart(6)} ms   ${ratio.toFixed(2).padStart(5)}×   ${least}   ${cpuText}${verdict}`.trimEnd());
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Node started with `--require` of this writes its CPU time (ms) to $ACCORD_BENCH_CPU_FILE as
 * it exits: bare node and every `accord` case alike (npx's own processes are not counted).
 */
const CPU_HOOK = "process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeFileSync(process.env.ACCORD_BENCH_CPU_FILE, String((u.user + u.system) / 1000)); });\n";

/**
 * The wall times (ms) of each case, and the CPU times of those node runs directly: one unmeasured
 * run of each, then rounds in which each case runs once (a case with fewer `runs` drops out
 * early), so that a machine busier in one moment than another weighs on every case alike.
 * Throws if a run fails.
 */
async function interleavedTimes(cases: readonly Case[], runs: number, cpuHook: string, dir: string): Promise<{ times: number[][]; cpu: number[][] }> {
  const times = cases.map(() => [] as number[]);
  const cpu = cases.map(() => [] as number[]);
  const cpuFile = path.join(dir, 'cpu.txt');
  for (let round = 0; round <= runs; round++) {
    for (const [i, c] of cases.entries()) {
      if (round > (c.runs ?? runs)) continue;
      const counted = c.command === process.execPath;
      fs.rmSync(cpuFile, { force: true });
      const run = counted ? { ...c, args: ['--require', cpuHook, ...c.args], env: { ...c.env, ACCORD_BENCH_CPU_FILE: cpuFile } } : c;
      const ms = await timeOnce(run);
      if (round === 0) continue;
      times[i].push(ms);
      if (counted) cpu[i].push(Number(fs.readFileSync(cpuFile, 'utf8')));
    }
  }
  return { times, cpu };
}

function median(values: readonly number[]): number {
  const t = [...values].sort((x, y) => x - y);
  const mid = t.length >> 1;
  return t.length % 2 ? t[mid] : (t[mid - 1] + t[mid]) / 2;
}

/**
 * Wall time of one run. A source edited while the bench runs (by hand, by a checkout) makes the
 * bundle stale and the bin refuses it (ACCORD_CLI=bundle, exit 3): the bundle is rebuilt and the
 * run repeated, a few times at most, so the figures are always the bundle's.
 */
async function timeOnce(c: Case, rebuilds = 3): Promise<number> {
  const start = performance.now();
  // npx is npx.cmd on Windows, which only a shell runs.
  const shell = process.platform === 'win32' && c.command === 'npx';
  const result = spawnSync(c.command, c.args, { cwd: ROOT, env: { ...process.env, ...c.env }, encoding: 'utf8', shell });
  const ms = performance.now() - start;
  if (result.status === STALE_EXIT && c.env?.ACCORD_CLI === 'bundle' && rebuilds > 0) {
    console.log(`cli: the bundle went stale during the bench (${result.stderr.trim()}); rebuilding and running again`);
    await bundleCli(ROOT);
    return timeOnce(c, rebuilds - 1);
  }
  if (result.status !== 0) throw new Error(`${c.label} exited ${result.status}: ${result.stderr || result.error?.message}`);
  return ms;
}

/** bin.cjs's exit code for ACCORD_CLI=bundle without a fresh bundle. */
const STALE_EXIT = 3;
