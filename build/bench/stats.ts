import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agreementReport } from '../../electron/core/stats/agreementReport';
import { Xoshiro128 } from '../../electron/core/stats/prng';
import { buildRatingTable, type RatingRow } from '../../electron/core/stats/ratingTable';

const PYTHON = '/usr/bin/python3';
const REFERENCE = path.join(import.meta.dirname, '../../electron/core/stats/reference/bench_reference.py');
const LEVELS = ['1', '2', '3', '4', '5', '6', '7'];
const TARGET_SECONDS = 2;

/** Two raters on a 7-point scale who agree often and are off by one level otherwise. */
function generate(units: number, seed: number): { a: number[]; b: number[] } {
  const rng = new Xoshiro128(seed);
  const a: number[] = [];
  const b: number[] = [];
  for (let u = 0; u < units; u++) {
    const x = rng.nextBelow(7);
    const offset = rng.nextBelow(10) < 6 ? 0 : rng.nextBelow(2) === 0 ? -1 : 1;
    a.push(x);
    b.push(Math.min(6, Math.max(0, x + offset)));
  }
  return { a, b };
}

/**
 * Issue 5 item 6: 100,000 units × 2 raters on a 7-point scale, every statistic plus a
 * 1,000-resample bootstrap, from long-format rating rows to the full report; compared with
 * scikit-learn + statsmodels computing the same point estimates and a 1,000-resample bootstrap
 * in the same run. Targets: under 2 s, and faster than the Python reference.
 */
export async function benchStats(units = Number(process.env.BENCH_STATS_UNITS ?? 100_000), resamples = 1000): Promise<void> {
  const seed = 1;
  const { a, b } = generate(units, 20240501);
  const rows: RatingRow[] = [];
  for (let u = 0; u < units; u++) {
    rows.push({ unit: `u${u}`, rater: 'ana', value: LEVELS[a[u]] }, { unit: `u${u}`, rater: 'ben', value: LEVELS[b[u]] });
  }

  const start = performance.now();
  const table = buildRatingTable(rows, { levels: LEVELS });
  const built = performance.now();
  const report = agreementReport(table, { type: 'ordinal', bootstrap: resamples, seed });
  const end = performance.now();
  const seconds = (end - start) / 1000;

  console.log(`\nstats: ${units.toLocaleString('en')} units × 2 raters, 7-point scale, every statistic + ${resamples.toLocaleString('en')}-resample bootstrap`);
  console.log(
    `  accord (TypeScript)   ${seconds.toFixed(2)} s   (table ${((built - start) / 1000).toFixed(2)} s, statistics + bootstrap ${((end - built) / 1000).toFixed(2)} s)   κ = ${report.cohenKappa.value?.toFixed(4)}`,
  );

  const python = runPythonReference(a, b, resamples, seed);
  if ('error' in python) {
    console.log(`  python reference      unavailable: ${python.error}`);
    console.log(`  target < ${TARGET_SECONDS} s: ${seconds < TARGET_SECONDS ? 'met' : 'NOT met'}`);
    return;
  }
  const ratio = seconds / python.seconds;
  const v = python.versions;
  console.log('  (accord: all statistics and their bootstrap, resamples drawn as multinomial counts over rating patterns;');
  console.log("   python: the kappas and Fleiss' kappa scikit-learn and statsmodels offer, resampling unit indices)");
  console.log(
    `  python reference      ${python.seconds.toFixed(2)} s   (point estimates ${python.pointSeconds.toFixed(2)} s, bootstrap ${python.bootstrapSeconds.toFixed(2)} s; scikit-learn ${v.sklearn}, statsmodels ${v.statsmodels}, numpy ${v.numpy})   κ = ${python.kappa.toFixed(4)}`,
  );
  console.log(
    `  ratio to Python ${ratio.toFixed(3)}× (${(1 / ratio).toFixed(1)}× faster)   target < ${TARGET_SECONDS} s: ${seconds < TARGET_SECONDS ? 'met' : 'NOT met'}   faster than Python: ${ratio < 1 ? 'met' : 'NOT met'}`,
  );
}

interface PythonTiming {
  seconds: number;
  pointSeconds: number;
  bootstrapSeconds: number;
  kappa: number;
  versions: Record<string, string>;
}

function runPythonReference(a: number[], b: number[], resamples: number, seed: number): PythonTiming | { error: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bench-stats-'));
  try {
    const data = path.join(dir, 'ratings.json');
    fs.writeFileSync(data, JSON.stringify({ k: LEVELS.length, a, b, resamples, seed }));
    const run = spawnSync(PYTHON, [REFERENCE, data], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (run.error) return { error: `${PYTHON} cannot be run (${run.error.message})` };
    if (run.status !== 0) {
      const why = /ModuleNotFoundError/.test(run.stderr)
        ? 'scikit-learn or statsmodels missing (apt-get install -y python3-sklearn python3-statsmodels)'
        : run.stderr.trim().split('\n').at(-1) ?? `exit ${run.status}`;
      return { error: why };
    }
    return JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as PythonTiming;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
