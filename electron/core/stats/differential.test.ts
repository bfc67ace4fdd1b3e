/**
 * Differential test: the statistics engine against scikit-learn, statsmodels and nltk (and, for
 * Krippendorff's α, Gwet's AC, Conger's κ and the Fleiss–Nee–Landis SE, against Python code
 * written from the definitions and from irrCAC's R) on many seeded random tables, agreeing to
 * 1e-9. All cases go to one Python process as JSON. ICC and Kendall's W are checked against R
 * in differential.r.test.ts.
 *
 * Needs Debian's /usr/bin/python3 with python3-sklearn and python3-statsmodels (the `python3`
 * first on PATH may be another interpreter without them). Without them the test fails, saying
 * what to install: a reference that is missing must not pass as a skip.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { agreementReport } from './agreementReport';
import { categoryCounts, countsFromRows } from './categoryCounts';
import { coincidenceFromCounts } from './coincidenceMatrix';
import { cohenKappa } from './cohenKappa';
import { congerKappa } from './congerKappa';
import { fleissKappa } from './fleissKappa';
import { gwetAC1, gwetAC2 } from './gwetAC';
import { type KappaEstimate } from './kappaEstimate';
import { krippendorffAlpha } from './krippendorffAlpha';
import { freeMarginalKappa, pabak } from './pabak';
import { Xoshiro128 } from './prng';
import { ratingPatterns } from './ratingPatterns';
import { ratingTableFromMatrix } from './ratingTable';
import { scottPi } from './scottPi';
import { tableFromLabels } from './testdata/helpers';
import { weightedKappa } from './weightedKappa';
import { customWeights, weightMatrix } from './weights';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./reference/differential_reference.py', import.meta.url));
const TOLERANCE = 1e-9;
const SEED = 20240501;

interface PairCase { kind: 'pair'; k: number; a: number[]; b: number[]; values: number[]; custom: number[][] | null }
interface MultiCase { kind: 'multi'; counts: number[][] }
interface RawCase { kind: 'raw'; units: (number | null)[][]; values: number[] }
type Case = PairCase | MultiCase | RawCase;

interface KappaRef {
  kappa: number | null; se: number | null; se0: number | null; z: number | null; p: number | null;
  /** statsmodels' untransformed Wald interval (not what Accord reports; kept for the record). */
  low: number | null; high: number | null;
  /** The Wald interval on Fisher's z from statsmodels' κ and SE (computed in the reference script). */
  fisher_low: number | null; fisher_high: number | null;
}
interface PairRef {
  sklearn: { none: number | null; linear: number | null; quadratic: number | null };
  gwet_table: { ac1: number | null; ac1_se: number | null };
  statsmodels: { simple: KappaRef; linear: KappaRef; quadratic: KappaRef; custom?: KappaRef };
  fleiss: number | null;
  randolph: number | null;
}
interface MultiRef { fleiss: number | null; fleiss_se0: number | null; randolph: number | null }
interface RawRef {
  alpha: { nominal: number | null; ordinal: number | null; interval: number | null };
  nltk_alpha: { nominal: number | null; ordinal: number | null; interval: number | null; ratio: number | null };
  ac1: number | null; ac1_se: number | null; ac2: number | null; ac2_se: number | null;
  conger: number | null; conger_se: number | null;
}

function probeReference(): string | null {
  const probe = spawnSync(PYTHON, ['-c', 'import sklearn, statsmodels, nltk'], { encoding: 'utf8' });
  if (probe.error) return `${PYTHON} cannot be run (${probe.error.message})`;
  if (probe.status !== 0) return `${PYTHON} lacks scikit-learn, statsmodels or nltk: apt-get install -y python3-sklearn python3-statsmodels python3-nltk`;
  return null;
}

/** Increasing level values with random gaps, so weights really use the values. */
function randomValues(rng: Xoshiro128, k: number): number[] {
  const values = [rng.nextBelow(5)];
  for (let i = 1; i < k; i++) values.push(values[i - 1] + 1 + rng.nextBelow(4) + rng.nextBelow(1000) / 1000);
  return values;
}

/** Two raters who agree with probability `agreement`, else pick at random (skewed). */
function randomPair(rng: Xoshiro128, k: number, n: number, withCustom: boolean): PairCase {
  const agreement = rng.nextBelow(1000) / 1000;
  const skew = 1 + rng.nextBelow(3);
  const pick = (): number => Math.min(k - 1, Math.floor(k * (rng.nextBelow(1_000_000) / 1_000_000) ** skew));
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = pick();
    a.push(x);
    b.push(rng.nextBelow(1000) < agreement * 1000 ? x : pick());
  }
  let custom: number[][] | null = null;
  if (withCustom) {
    custom = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    for (let i = 0; i < k; i++) {
      custom[i][i] = 1;
      for (let j = i + 1; j < k; j++) custom[i][j] = custom[j][i] = rng.nextBelow(1001) / 1000;
    }
  }
  return { kind: 'pair', k, a, b, values: randomValues(rng, k), custom };
}

function randomMulti(rng: Xoshiro128): MultiCase {
  const q = 2 + rng.nextBelow(5);
  const raters = 3 + rng.nextBelow(6);
  const units = 5 + rng.nextBelow(150);
  const counts = Array.from({ length: units }, () => {
    const row = new Array<number>(q).fill(0);
    const favourite = rng.nextBelow(q);
    for (let r = 0; r < raters; r++) row[rng.nextBelow(3) === 0 ? rng.nextBelow(q) : favourite] += 1;
    return row;
  });
  return { kind: 'multi', counts };
}

function randomRaw(rng: Xoshiro128): RawCase {
  const q = 2 + rng.nextBelow(6);
  const raters = 2 + rng.nextBelow(5);
  const n = 3 + rng.nextBelow(120);
  const missing = rng.nextBelow(40) / 100;
  const units = Array.from({ length: n }, () => {
    const truth = rng.nextBelow(q);
    return Array.from({ length: raters }, () => {
      if (rng.nextBelow(100) < missing * 100) return null;
      const noise = rng.nextBelow(3) - 1;
      return rng.nextBelow(4) === 0 ? rng.nextBelow(q) : Math.max(0, Math.min(q - 1, truth + noise));
    });
  });
  return { kind: 'raw', units, values: randomValues(rng, q) };
}

function generateCases(): Case[] {
  const rng = new Xoshiro128(SEED);
  const cases: Case[] = [];
  for (let i = 0; i < 300; i++) {
    cases.push(randomPair(rng, 2 + rng.nextBelow(6), 5 + rng.nextBelow(400), i % 3 === 0));
  }
  // Degenerate pairs: both raters always pick the same single category (undefined κ everywhere).
  cases.push({ kind: 'pair', k: 3, a: [1, 1, 1, 1], b: [1, 1, 1, 1], values: [1, 2, 3], custom: null });
  for (let i = 0; i < 100; i++) cases.push(randomMulti(rng));
  for (let i = 0; i < 150; i++) cases.push(randomRaw(rng));
  return cases;
}

function runReference(cases: Case[]): { versions: Record<string, string>; results: unknown[] } {
  const run = spawnSync(PYTHON, [SCRIPT], { input: JSON.stringify({ cases }), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`the Python reference failed (exit ${run.status}):\n${run.stderr}`);
  return JSON.parse(run.stdout) as { versions: Record<string, string>; results: unknown[] };
}

/** Same value to 1e-9, or both undefined (our null, their NaN → null). */
function expectClose(ours: number | null | undefined, theirs: number | null, label: string): void {
  if (theirs === null) {
    expect(ours ?? null, `${label}: reference undefined`).toBeNull();
    return;
  }
  expect(ours, `${label}: ours undefined, reference ${theirs}`).not.toBeNull();
  expect(Math.abs((ours as number) - theirs), `${label}: ours ${ours}, reference ${theirs}`).toBeLessThanOrEqual(TOLERANCE);
}

function expectKappa(ours: KappaEstimate, ref: KappaRef, label: string, units: number): void {
  expectClose(ours.value, ref.kappa, `${label} κ`);
  if (ref.kappa === null) return;
  // statsmodels takes √ of a variance that rounding can push a hair below 0 (perfect
  // agreement); we read that as 0. Accept only that.
  if (ref.se === null && ours.se !== null && ours.se < 1e-7) return;
  expectClose(ours.se, ref.se, `${label} se`);
  // Below 10 units, or with a (near-)zero SE, Accord gives no interval ("not estimable").
  const estimable = units >= 10 && ref.fisher_low !== null && (ref.se as number) > 1e-12;
  expectClose(ours.ci95?.[0] ?? null, estimable ? ref.fisher_low : null, `${label} ci95 low`);
  expectClose(ours.ci95?.[1] ?? null, estimable ? ref.fisher_high : null, `${label} ci95 high`);
  if (ours.ci95) expect(ours.ci95[0] >= -1 && ours.ci95[1] <= 1 && ours.ci95[0] < ours.ci95[1], `${label} ci95 in [−1, 1]`).toBe(true);
  expectClose(ours.se0, ref.se0, `${label} se0`);
  expectClose(ours.z, ref.z, `${label} z`);
  expectClose(ours.p, ref.p, `${label} p`);
}

const missingReference = probeReference();

describe('statistics vs scikit-learn and statsmodels (differential, 1e-9)', () => {
  const cases = generateCases();
  let results: unknown[] = [];

  beforeAll(() => {
    if (missingReference) throw new Error(`differential reference unavailable: ${missingReference}`);
    const reference = runReference(cases);
    console.info(`[differential.test] reference: ${JSON.stringify(reference.versions)}, ${cases.length} cases`);
    results = reference.results;
    expect(results).toHaveLength(cases.length);
  }, 120_000);

  it("matches scikit-learn's cohen_kappa_score (weights None, linear, quadratic on level indices)", () => {
    cases.forEach((c, i) => {
      if (c.kind !== 'pair') return;
      const ref = results[i] as PairRef;
      const table = tableFromLabels(c.a, c.b, c.k);
      const index = Array.from({ length: c.k }, (_, j) => j);
      expectClose(cohenKappa(table).value, ref.sklearn.none, `case ${i} sklearn none`);
      expectClose(weightedKappa(table, weightMatrix('linear', index)).value, ref.sklearn.linear, `case ${i} sklearn linear`);
      expectClose(weightedKappa(table, weightMatrix('quadratic', index)).value, ref.sklearn.quadratic, `case ${i} sklearn quadratic`);
    });
  });

  it("matches statsmodels' cohens_kappa with its SE, SE under H0, z, p and interval (simple, linear, quadratic, custom)", () => {
    cases.forEach((c, i) => {
      if (c.kind !== 'pair') return;
      const ref = results[i] as PairRef;
      const table = tableFromLabels(c.a, c.b, c.k);
      const n = c.a.length;
      expectKappa(cohenKappa(table), ref.statsmodels.simple, `case ${i} simple`, n);
      expectKappa(weightedKappa(table, weightMatrix('linear', c.values)), ref.statsmodels.linear, `case ${i} linear`, n);
      expectKappa(weightedKappa(table, weightMatrix('quadratic', c.values)), ref.statsmodels.quadratic, `case ${i} quadratic`, n);
      if (c.custom && ref.statsmodels.custom) {
        expectKappa(weightedKappa(table, customWeights(c.custom, c.k)), ref.statsmodels.custom, `case ${i} custom`, n);
      }
    });
  });

  it("matches statsmodels' fleiss_kappa (fleiss and randolph) for two raters and on complete multi-rater tables", () => {
    cases.forEach((c, i) => {
      if (c.kind === 'pair') {
        const ref = results[i] as PairRef;
        const table = tableFromLabels(c.a, c.b, c.k);
        const counts = categoryCounts(ratingTableFromMatrix(c.a.map((x, j) => [x, c.b[j]]), c.values.map(String)));
        expectClose(fleissKappa(counts).value, ref.fleiss, `case ${i} fleiss`);
        expectClose(scottPi(table).value, ref.fleiss, `case ${i} scott = fleiss`);
        expectClose(freeMarginalKappa(counts).value, ref.randolph, `case ${i} randolph`);
        expectClose(pabak(table).value, ref.randolph, `case ${i} pabak = randolph`);
      } else if (c.kind === 'multi') {
        const ref = results[i] as MultiRef;
        const counts = countsFromRows(c.counts);
        expectClose(fleissKappa(counts).value, ref.fleiss, `case ${i} fleiss`);
        expectClose(fleissKappa(counts).se0, ref.fleiss_se0, `case ${i} fleiss se0 (Fleiss, Nee & Landis 1979)`);
        expectClose(freeMarginalKappa(counts).value, ref.randolph, `case ${i} randolph`);
      }
    });
  });

  it("matches Gwet's (2008) closed-form two-rater AC1 variance (irrCAC gwet.ac1.table) under the default convention", () => {
    cases.forEach((c, i) => {
      if (c.kind !== 'pair') return;
      const ref = results[i] as PairRef;
      const counts = categoryCounts(ratingTableFromMatrix(c.a.map((x, j) => [x, c.b[j]]), c.values.map(String)));
      const ac1 = gwetAC1(counts, { raters: 2 });
      expectClose(ac1.value, ref.gwet_table.ac1, `case ${i} AC1`);
      if (ref.gwet_table.ac1_se !== null && ref.gwet_table.ac1_se < 1e-7 && (ac1.se ?? 1) < 1e-7) return;
      expectClose(ac1.se, ref.gwet_table.ac1_se, `case ${i} AC1 se`);
      expect(ac1.conventions.se).toBe('gwet2008-two-raters');
      // The alternative convention is the linearised form: √(n/(n − 1)) times larger.
      const raw = gwetAC1(counts, { raters: 2, variance: 'irrcac-raw' });
      if (ac1.se !== null && raw.se !== null) expect(Math.abs(raw.se - ac1.se * Math.sqrt(c.a.length / (c.a.length - 1)))).toBeLessThan(TOLERANCE);
    });
  });

  it("matches Krippendorff's α (pairs-of-values definition; nltk in four metrics), Conger's κ with SE (irrCAC's formulas) and Gwet's AC1/AC2 with SE on data with missing ratings", () => {
    cases.forEach((c, i) => {
      if (c.kind !== 'raw') return;
      const ref = results[i] as RawRef;
      const table = ratingTableFromMatrix(c.units, c.values.map((value, j) => ({ name: `L${j}`, value })));
      const counts = categoryCounts(table);
      const coincidence = coincidenceFromCounts(counts);
      for (const metric of ['nominal', 'ordinal', 'interval'] as const) {
        expectClose(krippendorffAlpha(coincidence, metric, c.values).value, ref.alpha[metric], `case ${i} α ${metric}`);
      }
      for (const metric of ['nominal', 'ordinal', 'interval', 'ratio'] as const) {
        expectClose(krippendorffAlpha(coincidence, metric, c.values).value, ref.nltk_alpha[metric], `case ${i} α ${metric} (nltk)`);
      }
      const conger = congerKappa(ratingPatterns(table), weightMatrix('identity', c.values));
      expectClose(conger.value, ref.conger, `case ${i} Conger's κ`);
      expectClose(conger.se, ref.conger_se, `case ${i} Conger's κ se`);
      const ac1 = gwetAC1(counts);
      const ac2 = gwetAC2(counts, weightMatrix('quadratic', c.values));
      expectClose(ac1.value, ref.ac1, `case ${i} AC1`);
      expectClose(ac1.se, ref.ac1_se, `case ${i} AC1 se`);
      expectClose(ac2.value, ref.ac2, `case ${i} AC2`);
      expectClose(ac2.se, ref.ac2_se, `case ${i} AC2 se`);
    });
  });

  it('gives the same figures through agreementReport as through the statistic functions', () => {
    cases.forEach((c, i) => {
      if (c.kind !== 'pair' || i % 10 !== 0) return;
      const ref = results[i] as PairRef;
      const table = ratingTableFromMatrix(c.a.map((x, j) => [x, c.b[j]]), c.values.map((value, j) => ({ name: `L${j}`, value })));
      const report = agreementReport(table, { type: c.k === 2 ? 'binary' : 'ordinal', bootstrap: 0 });
      expectKappa(report.cohenKappa, ref.statsmodels.simple, `case ${i} report simple`, c.a.length);
      expectKappa(report.weightedKappa.linear, ref.statsmodels.linear, `case ${i} report linear`, c.a.length);
      expectKappa(report.weightedKappa.quadratic, ref.statsmodels.quadratic, `case ${i} report quadratic`, c.a.length);
      expectClose(report.gwetAC1.value, ref.gwet_table.ac1, `case ${i} report AC1 (gwet.ac1.table)`);
      expectClose(report.gwetAC1.se, ref.gwet_table.ac1_se, `case ${i} report AC1 se (Gwet 2008 closed form, default convention)`);
      expectClose(report.fleissKappa.value, ref.fleiss, `case ${i} report fleiss`);
      expectClose(report.pabak.value, ref.randolph, `case ${i} report pabak`);
    });
  });
});
