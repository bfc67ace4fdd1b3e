import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agreementReport } from '../../electron/core/stats/agreementReport';
import { Xoshiro128 } from '../../electron/core/stats/prng';
import { buildRatingTable, type RatingRow, ratingTableFromMatrix } from '../../electron/core/stats/ratingTable';

const PYTHON = '/usr/bin/python3';
const REFERENCE = path.join(import.meta.dirname, '../../electron/core/stats/reference/bench_reference.py');
const LEVELS = ['1', '2', '3', '4', '5', '6', '7'];
const TARGET_SECONDS = 0.2;
const MULTI_TARGET_SECONDS = 1;
const RSCRIPT = '/usr/bin/Rscript';
const R_REFERENCE = path.join(import.meta.dirname, '../../electron/core/stats/reference/bench_reference_multi.R');

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
 * The statistics bench: (1) 100,000 units × 2 raters on a 7-point scale, every statistic plus a
 * 1,000-resample bootstrap, from long-format rating rows to the full report, beside
 * scikit-learn + statsmodels computing the same point estimates and a 1,000-resample bootstrap
 * in the same run (target: statistics + bootstrap under 0.2 s, faster than Python); (2) 1,000
 * units × 20 raters on a 5-point scale with Fleiss' κ, Krippendorff's α, Conger's κ, the ICCs,
 * Kendall's W and all their intervals (1,000 resamples), beside R (psych::ICC and a vectorised
 * bootstrap of Fleiss' κ and α) in the same run (target under 1 s), printed as a ratio.
 */
export async function benchStats(units = Number(process.env.BENCH_STATS_UNITS ?? 100_000), resamples = 1000): Promise<void> {
  await benchTwoRaters(units, resamples);
  benchManyRaters(1000, 20, resamples);
}

async function benchTwoRaters(units: number, resamples: number): Promise<void> {
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

  const statistics = (end - built) / 1000;
  const python = runPythonReference(a, b, resamples, seed);
  if ('error' in python) {
    console.log(`  python reference      unavailable: ${python.error}`);
    console.log(`  target statistics + bootstrap < ${TARGET_SECONDS} s: ${statistics < TARGET_SECONDS ? 'met' : 'NOT met'}`);
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
    `  ratio to Python ${ratio.toFixed(3)}× (${(1 / ratio).toFixed(1)}× faster)   target statistics + bootstrap < ${TARGET_SECONDS} s: ${statistics < TARGET_SECONDS ? 'met' : 'NOT met'} (${statistics.toFixed(3)} s)   faster than Python: ${ratio < 1 ? 'met' : 'NOT met'}`,
  );
}

/** 1,000 units × 20 raters: every multi-rater statistic with its interval, beside an R reference run. */
function benchManyRaters(units: number, raters: number, resamples: number): void {
  const rng = new Xoshiro128(7);
  const levels = ['1', '2', '3', '4', '5'];
  const matrix = Array.from({ length: units }, () => {
    const truth = rng.nextBelow(5);
    return Array.from({ length: raters }, () => (rng.nextBelow(10) < 7 ? truth : Math.max(0, Math.min(4, truth + rng.nextBelow(3) - 1))));
  });
  const table = ratingTableFromMatrix(matrix, levels.map((name, i) => ({ name, value: i + 1 })));
  agreementReport(table, { type: 'ordinal', bootstrap: 10, seed: 1 }); // warm the JIT as a user's second question would
  const runs: number[] = [];
  let report = agreementReport(table, { type: 'ordinal', bootstrap: resamples, seed: 1 });
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    report = agreementReport(table, { type: 'ordinal', bootstrap: resamples, seed: 1 });
    runs.push((performance.now() - start) / 1000);
  }
  const seconds = [...runs].sort((x, y) => x - y)[1];
  console.log(`\nstats: ${units.toLocaleString('en')} units × ${raters} raters, 5-point scale, Fleiss' κ, Krippendorff's α (4 metrics), Conger's κ, ICC1–ICC3k, Kendall's W, AC1/AC2 + ${resamples.toLocaleString('en')}-resample bootstrap`);
  console.log(
    `  accord (TypeScript)   ${seconds.toFixed(3)} s (median of 3)   Fleiss' κ = ${report.fleissKappa.value?.toFixed(4)} ${fmtCi(report.bootstrap.fleissKappa?.ci95)}, α ordinal ${fmtCi(report.bootstrap.krippendorffAlpha?.ordinal.ci95)}, Conger ${fmtCi(report.congerKappa.ci95)}, ICC2 ${fmtCi(report.icc.estimates[1].ci95)}, W ${fmtCi(report.bootstrap.kendallW?.ci95)}`,
  );
  const reference = runRReference(matrix, levels.length, resamples);
  if ('error' in reference) {
    console.log(`  R reference           unavailable: ${reference.error}`);
  } else {
    console.log(`  R reference           ${reference.seconds.toFixed(3)} s   (psych::ICC + vectorised bootstrap of Fleiss' κ and α; R ${reference.r}, psych ${reference.psych})   Fleiss' κ = ${reference.fleiss.toFixed(4)}`);
    console.log(`  ratio to R ${(seconds / reference.seconds).toFixed(3)}× (${(reference.seconds / seconds).toFixed(1)}× faster, computing more)`);
  }
  console.log(`  target < ${MULTI_TARGET_SECONDS} s: ${seconds < MULTI_TARGET_SECONDS ? 'met' : 'NOT met'}`);
}

function fmtCi(ci: readonly [number, number] | null | undefined): string {
  return ci ? `[${ci[0].toFixed(3)}, ${ci[1].toFixed(3)}]` : '(no interval)';
}

function runRReference(matrix: number[][], levels: number, resamples: number): { seconds: number; fleiss: number; r: string; psych: string } | { error: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bench-stats-r-'));
  try {
    const data = path.join(dir, 'ratings.csv');
    fs.writeFileSync(data, `${matrix.map((row) => row.join(',')).join('\n')}\n`);
    const run = spawnSync(RSCRIPT, [R_REFERENCE, data, String(levels), String(resamples), '1'], { encoding: 'utf8' });
    if (run.error) return { error: `${RSCRIPT} cannot be run (apt-get install -y r-base-core r-cran-psych)` };
    if (run.status !== 0) return { error: run.stderr.trim().split('\n').at(-1) ?? `exit ${run.status}` };
    const [seconds, fleiss, r, psych] = run.stdout.trim().split(/\s+/);
    return { seconds: Number(seconds), fleiss: Number(fleiss), r, psych };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
