import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KRIPPENDORFF_RELIABILITY_DATA, SAS_PROC_FREQ_TABLE } from '../core/stats/testdata/published';
import { FIXTURES } from '../testing/fixtures';
import { runAccord } from '../testing/cliRun';

// `accord agreement` through the real binary, as a user runs it; setup and the many small
// refusals run in-process through the same program (`main`), which is much faster.
const BIN = path.resolve(import.meta.dirname, 'bin.mjs');
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-agreement-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function accord(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, ACCORD_WORKSPACE: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
const inProcess = (...args: string[]) => runAccord(args);
const write = (name: string, content: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};

/** The SAS PROC FREQ table (statsmodels test_inter_rater.py) as unit,rater,value rows, plus a unit only ana rated. */
function sasCsv(): string {
  const levels = ['low', 'mid', 'high'];
  const lines = ['unit,rater,value'];
  let unit = 0;
  SAS_PROC_FREQ_TABLE.forEach((row, i) =>
    row.forEach((n, j) => {
      for (let k = 0; k < n; k++) {
        unit++;
        lines.push(`u${unit},ana,${levels[i]}`, `u${unit},ben,${levels[j]}`);
      }
    }),
  );
  lines.push('u20,ana,mid', 'u20,ben,');
  return `${lines.join('\n')}\n`;
}

describe('accord agreement --ratings', () => {
  it('prints exactly the statistics report as JSON, with the keys of issue 5', () => {
    const file = write('sas.csv', sasCsv());
    const run = accord('agreement', '--ratings', file, '--levels', 'low,mid,high', '--type', 'ordinal', '--bootstrap', '300', '--seed', '5', '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const report = JSON.parse(run.stdout);
    expect(Object.keys(report)).toEqual(
      expect.arrayContaining([
        'units', 'raters', 'categories', 'percentAgreement', 'cohenKappa', 'weightedKappa', 'scottPi', 'fleissKappa', 'krippendorffAlpha',
        'gwetAC1', 'gwetAC2', 'pabak', 'prevalenceIndex', 'biasIndex', 'bootstrap', 'landisKoch', 'warnings',
      ]),
    );
    // SAS: Kappa 0.4842, ASE 0.1380; weighted (scores 1, 2, 3 are equally spaced like 0, 1, 2) 0.4701, ASE 0.1457.
    expect(report.units).toBe(20);
    expect(report.cohenKappa.value).toBeCloseTo(0.4842, 4);
    expect(report.cohenKappa.se).toBeCloseTo(0.138, 4);
    expect(Object.keys(report.cohenKappa)).toEqual(expect.arrayContaining(['value', 'se', 'se0', 'ci95']));
    expect(report.weightedKappa.linear.value).toBeCloseTo(0.4701, 4);
    expect(report.bootstrap).toMatchObject({ resamples: 300, seed: 5, method: 'percentile' });
    expect(report.warnings.map((w: { code: string }) => w.code)).toContain('single-rated-units');
  });

  it('prints a readable table without --json', () => {
    const run = accord('agreement', '--ratings', write('sas.csv', sasCsv()), '--levels', 'low,mid,high', '--bootstrap', '0');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/20 units \(19 rated by two or more\), 2 raters \(ana, ben\), 3 levels \(low, mid, high\), nominal/);
    expect(run.stdout).toMatch(/Cohen's κ\s+0\.484\s+0\.138\s+\[0\.173, 0\.707\]/);
    // κ 0.484 is "moderate" alone; with --bootstrap 0 the band is judged on the normal interval
    // [0.173, 0.707] (checked above), from slight (≤ 0.20) to substantial (0.61–0.80), Landis & Koch (1977).
    expect(run.stdout).toContain("Landis–Koch: slight – substantial (Cohen's κ = 0.484, 95% CI [0.173, 0.707], n = 19)");
    expect(run.stdout).toContain('Bootstrap: not run (--bootstrap 0)');
    // Nominal: weighted statistics do not apply and are not printed.
    expect(run.stdout).not.toContain('Weighted κ');
  });

  it("heads four raters on an ordinal scale by Krippendorff's α (ordinal): 0.815 on Krippendorff's (2011) reliability data", async () => {
    const lines = ['unit,rater,value', ...KRIPPENDORFF_RELIABILITY_DATA.flatMap((row, u) => row.map((x, r) => `u${u + 1},observer${r + 1},${x ?? ''}`))];
    const file = write('kripp.csv', `${lines.join('\n')}\n`);
    const run = await inProcess('agreement', '--ratings', file, '--levels', '1,2,3,4,5', '--type', 'ordinal', '--bootstrap', '200', '--seed', '3');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Landis–Koch: [a-z –]+ \(Krippendorff's α \(ordinal\) = 0\.815, 95% CI \[0\.\d{3}, (0\.\d{3}|1\.000)\], n = 11\)/);
    const json = JSON.parse((await inProcess('agreement', '--ratings', file, '--levels', '1,2,3,4,5', '--type', 'interval', '--bootstrap', '0', '--json')).stdout);
    expect(json.landisKoch).toMatchObject({ statistic: 'krippendorffAlpha.interval', value: expect.closeTo(0.849, 3), ci95: null, n: 11 });
  });

  it('claims no band on five units, however high κ is', () => {
    const five = ['unit,rater,value', ...['low', 'low', 'mid', 'high', 'high'].flatMap((v, u) => [`u${u},ana,${v}`, `u${u},ben,${v}`])].join('\n');
    const run = accord('agreement', '--ratings', write('five.csv', five), '--levels', 'low,mid,high', '--bootstrap', '100');
    expect(run.code).toBe(0);
    // Perfect agreement: κ = 1 by definition; under 10 units no interval (MIN_INTERVAL_UNITS), so no band.
    expect(run.stdout).toContain("Landis–Koch: not enough evidence (Cohen's κ = 1.000, 95% CI not estimable, n = 5)");
    expect(run.stdout).not.toContain('almost perfect');
  });

  it('infers the levels when none are given, and says so', async () => {
    const run = await inProcess('agreement', '--ratings', write('sas.csv', sasCsv()), '--json', '--bootstrap', '0');
    const report = JSON.parse(run.stdout);
    expect(report.categories.map((c: { name: string }) => c.name)).toEqual(['high', 'low', 'mid']);
    expect(report.warnings.map((w: { code: string }) => w.code)).toContain('levels-inferred');
  });

  it.each([
    ['a value outside the levels', 'unit,rater,value\nu1,ana,low\nu1,ben,huge\n', /x\.csv:3: value "huge" is not one of the levels \(low, mid, high\)/],
    ['a header without the value column', 'unit,rater,score\nu1,ana,low\n', /x\.csv:1: the header must name the columns unit, rater and value; missing: value/],
    ['a short record', 'unit,rater,value\nu1,ana\n', /x\.csv:2: expected 3 fields as in the header, found 2/],
    ['a rater rating a unit twice', 'unit,rater,value\nu1,ana,low\nu1,ana,mid\n', /x\.csv:3: rater "ana" rated unit "u1" twice \(first on line 2\)/],
  ])('exits 1 naming file:line on %s', async (_name, content, message) => {
    const run = await inProcess('agreement', '--ratings', write('x.csv', content), '--levels', 'low,mid,high');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 1 with file:line from the real binary, without a stack trace', () => {
    const run = accord('agreement', '--ratings', write('x.csv', 'unit,rater,value\nu1,ana,low\nu1,ben,huge\n'), '--levels', 'low,mid,high');
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toBe(`accord: ${path.join(dir, 'x.csv')}:3: value "huge" is not one of the levels (low, mid, high)\n`);
  });

  it('exits 1 on a missing file, a bad --type or --bootstrap, and a wrong mix of flags', async () => {
    expect((await inProcess('agreement', '--ratings', path.join(dir, 'nope.csv'))).stderr).toMatch(/cannot read .*nope\.csv: no such file/);
    const file = write('sas.csv', sasCsv());
    const bad = [
      await inProcess('agreement', '--ratings', file, '--type', 'ratio'),
      await inProcess('agreement', '--ratings', file, '--bootstrap', '-3'),
      await inProcess('agreement', '--ratings', file, '--type', 'binary', '--levels', 'low,mid,high'),
      await inProcess('agreement'),
      await inProcess('agreement', '--ratings', file, '--task', 'x'),
      await inProcess('agreement', '--ratings', file, '--question', 'q'),
    ];
    expect(bad.map((r) => r.code)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(bad[0].stderr).toMatch(/--type must be one of binary, nominal, ordinal, interval/);
    expect(bad[2].stderr).toMatch(/type binary needs exactly two levels/);
    expect(bad[3].stderr).toMatch(/give either --ratings FILE\.csv or --task NAME/);
    expect(bad[5].stderr).toMatch(/--question applies to --task/);
  });
});

describe('accord agreement --task', () => {
  let workspace: string;
  beforeEach(async () => {
    workspace = path.join(dir, 'w.accord');
    expect((await inProcess('import', path.join(FIXTURES, 'plans.jsonl'), '-w', workspace)).code).toBe(0);
    const schema = write(
      'schema.json',
      JSON.stringify({
        id: 'cli-agreement',
        title: 'CLI agreement',
        kinds: ['plan'],
        questions: [
          { id: 'grade', type: 'nominal', title: 'Grade', options: ['low', 'mid', 'high'], required: false },
          { id: 'why', type: 'text', title: 'Why', required: false },
        ],
      }),
    );
    expect((await inProcess('task', 'create', '--name', 'review', '--schema', schema, '--dataset', 'plans', '-w', workspace)).code).toBe(0);
    // The SAS table again, on pq-001 … pq-019.
    const rows = ['item,unit,question,rater,value,rationale'];
    const levels = ['low', 'mid', 'high'];
    let item = 0;
    SAS_PROC_FREQ_TABLE.forEach((row, i) =>
      row.forEach((n, j) => {
        for (let k = 0; k < n; k++) {
          item++;
          const id = `pq-${String(item).padStart(3, '0')}`;
          rows.push(`${id},,grade,ana,${levels[i]},`, `${id},,grade,ben,${levels[j]},`);
        }
      }),
    );
    expect((await inProcess('labels', 'import', write('labels.csv', `${rows.join('\n')}\n`), '--task', 'review', '-w', workspace)).code).toBe(0);
  });

  it('prints one row per question, and the question in full with --question', async () => {
    const run = accord('agreement', '--task', 'review', '-w', workspace, '--bootstrap', '200');
    expect(run.code).toBe(0);
    // Nothing but a progress line may reach stderr (one is logged when a loaded machine makes the job take over a second).
    expect(run.stderr).toMatch(/^(Computing agreement on "review": \d+% \(\d+ of \d+ questions.*\n)*$/);
    expect(run.stdout).toMatch(/Task "review" \(CLI agreement, cli-agreement v1\): all items, 30 of 30 items; raters ana, ben/);
    // The band is judged on the bootstrap interval, which spans bands: a range, not κ's "moderate".
    expect(run.stdout).toMatch(/grade\s+19\s+68\.4%\s+Cohen's κ\s+0\.484\s+\[0\.173, 0\.707\]\s+\[[\d.]+, [\d.]+\]\s+[a-z]+ – [a-z]+/);
    expect(run.stdout).toContain('skipped why: a text question has no categories to agree on');
    expect(run.stdout).toContain('Bootstrap: 200 percentile resamples of the units rated by two or more raters, seed 1');

    const question = await inProcess('agreement', '--task', '1', '--question', 'grade', '-w', workspace, '--bootstrap', '0');
    expect(question.code).toBe(0);
    expect(question.stdout).toMatch(/Cohen's κ\s+0\.484\s+0\.138/);
    expect(question.stdout).toContain('Disagreeing units: 6');
    // With --bootstrap 0 the band rests on the normal interval [0.173, 0.707]: slight (≤ 0.20) to substantial (0.61–0.80).
    expect(question.stdout).toContain("Headline: Landis–Koch slight – substantial (Cohen's κ = 0.484, 95% CI [0.173, 0.707], n = 19)");

    // The telecom plans among pq-001 … pq-019 (pq-001, 004, …, 019): 7 units, under the 10 an interval needs.
    const telecom = accord('agreement', '--task', 'review', '-w', workspace, '--metadata', 'domain=telecom', '--bootstrap', '100');
    expect(telecom.stdout).toMatch(/grade\s+7\s.*not estimable\s+not estimable\s+not enough evidence \(n = 7\)/);
    expect(telecom.stdout).not.toMatch(/moderate|substantial|almost perfect/);
    // The unit in words ("pq-001", the whole item), not the statistics' key "pq-001|".
    expect(question.stdout).toMatch(/\n {2}pq-001 {2}ana=low {2}ben=mid/);
    expect(question.stdout).not.toContain('pq-001|');
  });

  it('prints the report document as JSON, on a metadata selection', () => {
    const run = accord('agreement', '--task', 'review', '-w', workspace, '--json', '--metadata', 'domain=telecom', '--bootstrap', '0');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({ format: 'accord.agreement-report', selection: { description: 'domain = telecom', items: 10 } });
    expect(doc.questions[0].row.question).toBe('grade');
  });

  it('writes the HTML and Markdown reports with --report and --out', async () => {
    const html = path.join(dir, 'report.html');
    const run = accord('agreement', '--task', 'review', '-w', workspace, '--report', 'html', '--out', html, '--seed', '9', '--bootstrap', '100');
    expect(run).toMatchObject({ code: 0, stdout: `wrote ${html} (html)\n` });
    const text = fs.readFileSync(html, 'utf8');
    expect(text).toContain('<h2>Methods</h2>');
    expect(text).toMatch(/100 resamples of units with replacement, seed 9/);
    const md = await inProcess('agreement', '--task', 'review', '-w', workspace, '--report', 'md', '--bootstrap', '0');
    expect(md.stdout).toMatch(/^# Inter-annotator agreement: review/);
    expect(md.stdout).toMatch(/\| Grade \(`grade`\)(?: (?:\[\d+\])+)? \| nominal, 3 categories \| 19 \| 2 \| 68\.4% \| Cohen's κ \| \*\*0\.484\*\* \|/);
  });

  it('exits 1 with the questions there are on an unknown question, and on an unknown task or dataset', async () => {
    const question = await inProcess('agreement', '--task', 'review', '--question', 'nope', '-w', workspace);
    expect(question.code).toBe(1);
    expect(question.stderr).toMatch(/no question "nope" in task "review" \(questions: grade, why\)/);
    expect((await inProcess('agreement', '--task', 'nope', '-w', workspace)).stderr).toMatch(/no task named "nope"/);
    expect((await inProcess('agreement', '--task', 'review', '--dataset', 'nope', '-w', workspace)).stderr).toMatch(/no dataset named "nope"/);
    expect((await inProcess('agreement', '--task', 'review', '--levels', 'a,b', '-w', workspace)).stderr).toMatch(/--levels and --type apply to --ratings/);
  });
});
