/**
 * Differential test against R: the six intraclass correlations (values, F tests and F-based 95%
 * intervals) against psych::ICC (lmer = FALSE), and Kendall's W and its χ² p value against base
 * R's friedman.test (W = χ²_F / (m (n − 1))), on seeded random complete rating tables, to 1e-9.
 *
 * Needs /usr/bin/Rscript with R's psych (Debian: r-base-core, r-cran-psych; .ci/run installs
 * them). Without them the test fails, saying what to install: never a silent skip.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ICC_TYPES, icc } from './icc';
import { MIN_INTERVAL_UNITS } from './intervals';
import { kendallW } from './kendallW';
import { Xoshiro128 } from './prng';

const RSCRIPT = '/usr/bin/Rscript';
const SCRIPT = fileURLToPath(new URL('./reference/differential_reference.R', import.meta.url));
const TOLERANCE = 1e-9;

interface Case {
  /** Level indices, units × raters. */
  levels: number[][];
  /** The levels' numeric values. */
  values: number[];
}

function generateCases(): Case[] {
  const rng = new Xoshiro128(20241105);
  const cases: Case[] = [];
  for (let c = 0; c < 250; c++) {
    const q = 2 + rng.nextBelow(6);
    const raters = 2 + rng.nextBelow(7);
    const units = 3 + rng.nextBelow(70);
    const values = [rng.nextBelow(3)];
    for (let l = 1; l < q; l++) values.push(values[l - 1] + 1 + rng.nextBelow(3));
    const noise = rng.nextBelow(4);
    const bias = Array.from({ length: raters }, () => rng.nextBelow(3) - 1);
    const levels = Array.from({ length: units }, () => {
      const truth = rng.nextBelow(q);
      return bias.map((b) => Math.max(0, Math.min(q - 1, truth + b * (rng.nextBelow(2)) + (noise > 0 ? rng.nextBelow(2 * noise + 1) - noise : 0))));
    });
    cases.push({ levels, values });
  }
  // A table with no variation at all, and one where only raters differ.
  cases.push({ levels: Array.from({ length: 12 }, () => [1, 1, 1]), values: [0, 1, 2] });
  cases.push({ levels: Array.from({ length: 12 }, () => [0, 1, 2]), values: [0, 1, 2] });
  return cases;
}

function probe(): string | null {
  const run = spawnSync(RSCRIPT, ['-e', 'library(psych)'], { encoding: 'utf8' });
  if (run.error) return `${RSCRIPT} cannot be run (${run.error.message}): apt-get install -y r-base-core r-cran-psych`;
  if (run.status !== 0) return `R lacks the psych package: apt-get install -y r-cran-psych`;
  return null;
}

function runR(cases: Case[]): { versions: string; rows: (number | null)[][] } {
  const input = cases
    .map((c) => [`case ${c.levels.length} ${c.levels[0].length}`, ...c.levels.map((row) => row.map((l) => c.values[l]).join(','))].join('\n'))
    .join('\n');
  const run = spawnSync(RSCRIPT, [SCRIPT], { input: `${input}\n`, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`the R reference failed (exit ${run.status}):\n${run.stderr}`);
  const [versions, ...lines] = run.stdout.trim().split('\n');
  return { versions, rows: lines.map((line) => line.trim().split(/\s+/).map((x) => (x === 'NA' ? null : Number(x)))) };
}

function close(ours: number | null, theirs: number | null, label: string): void {
  if (theirs === null) {
    expect(ours, `${label}: R gives NA, ours ${ours}`).toBeNull();
    return;
  }
  expect(ours, `${label}: ours undefined, R ${theirs}`).not.toBeNull();
  const scale = Math.max(1, Math.abs(theirs));
  expect(Math.abs((ours as number) - theirs) / scale, `${label}: ours ${ours}, R ${theirs}`).toBeLessThanOrEqual(TOLERANCE);
}

const missing = probe();

describe('ICC and Kendall’s W vs R (psych::ICC, friedman.test; differential, 1e-9)', () => {
  const cases = generateCases();
  let rows: (number | null)[][] = [];

  beforeAll(() => {
    if (missing) throw new Error(`R reference unavailable: ${missing}`);
    const out = runR(cases);
    console.info(`[differential.r.test] reference: ${out.versions}, ${cases.length} cases`);
    rows = out.rows;
    expect(rows).toHaveLength(cases.length);
  }, 120_000);

  it('matches psych::ICC: ICC1, ICC2, ICC3, ICC1k, ICC2k, ICC3k with F, df, p and the 95% bounds', () => {
    let intervals = 0;
    cases.forEach((c, i) => {
      const ours = icc(c.levels.map((row) => row.map((l) => c.values[l])));
      const ref = rows[i];
      ICC_TYPES.forEach((type, t) => {
        const [value, f, df1, df2, p, lower, upper] = ref.slice(t * 7, t * 7 + 7);
        const e = ours.estimates[t];
        const label = `case ${i} ${type}`;
        if (value === null || !Number.isFinite(value)) {
          expect(e.value, `${label}: R gives no ICC`).toBeNull();
          return;
        }
        if (ours.reason === 'no variation: every rating is the same') {
          // R divides rounding noise by rounding noise here, so its value says nothing: 1.6e-16
          // with one BLAS, 0.053 with another (a fresh Debian machine, same R and psych); Accord
          // says 0/0.
          expect(e.value, label).toBeNull();
          return;
        }
        const ms = ours.meanSquares;
        const exactZero = ms !== null && (ms.error < 1e-12 * Math.max(1, ms.between, ms.raters) || ms.within < 1e-12 * Math.max(1, ms.between, ms.raters));
        if (exactZero && (e.value === null || e.f === null)) {
          // A residual mean square of exactly 0 (in exact arithmetic): F or the ICC is 0/0 and
          // Accord says so, where R divides rounding noise by rounding noise.
          return;
        }
        close(e.value, value, `${label} value`);
        close(e.f, f, `${label} F`);
        expect([e.df1, e.df2], `${label} df`).toEqual([df1, df2]);
        close(e.p, p, `${label} p`);
        if (e.ci95) {
          // Accord gives the interval only from 10 units on and only inside the form's range;
          // where it does, its bounds are psych's.
          close(e.ci95[0], lower, `${label} lower`);
          close(e.ci95[1], upper, `${label} upper`);
          intervals++;
        } else {
          expect(e.ciReason, `${label}: no interval without a reason`).toMatch(/^not estimable/);
          if (c.levels.length >= MIN_INTERVAL_UNITS && lower !== null && upper !== null && lower < upper) {
            // psych's bound lies outside the form's range (or the interval is empty): say so.
            expect(e.ciReason).toMatch(/range|zero width|finite/);
          }
        }
      });
    });
    expect(intervals).toBeGreaterThan(800);
  });

  it("matches Kendall's W = χ²_F / (m (n − 1)) and its p value from friedman.test", () => {
    cases.forEach((c, i) => {
      const ref = rows[i];
      const [w, p] = ref.slice(42, 44);
      const ours = kendallW(c.levels, c.values.length);
      close(ours.value, w, `case ${i} W`);
      if (w !== null) close(ours.p, p, `case ${i} p`);
    });
  });
});
