import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSession } from '../services/session';
import { JUDGE_FIXTURES } from '../testing/fixtures';
import { LEVELS, planId, seedPlanTask } from '../testing/judgeFixtures';
import { runAccord } from '../testing/cliRun';

// `accord judge import` and `accord judge alt-test`, and the verdict `accord judge calibrate`
// gives a judge that answers the same to every unit (issue 19), in process through main().
let dir: string;
let workspace: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-judge-evidence-'));
  workspace = path.join(dir, 'w.accord');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function accord(...args: string[]) {
  return runAccord([...args, '-w', workspace]);
}

/** The task `judged` over `count` plans, labelled by ana and ben (who agree on most plans), submitted. */
async function seedLabelled(count: number) {
  const session = openSession({ workspacePath: workspace });
  try {
    await seedPlanTask(session.ctx, count, { annotators: ['ana', 'ben'] });
  } finally {
    session.close();
  }
  const rows = ['item,unit,question,rater,value'];
  for (let i = 1; i <= count; i++) {
    const level = LEVELS[i % LEVELS.length];
    rows.push(`${planId(i)},,overall_quality,ana,${level}`);
    rows.push(`${planId(i)},,overall_quality,ben,${i % 5 === 0 ? LEVELS[(i + 1) % LEVELS.length] : level}`);
  }
  const labels = path.join(dir, 'labels.csv');
  fs.writeFileSync(labels, `${rows.join('\n')}\n`);
  const imported = await accord('labels', 'import', labels, '--task', 'judged');
  expect(imported.code, imported.stderr).toBe(0);
}

describe('a judge that says the same to every unit', () => {
  it('gets no favourable word from accord judge calibrate --json on 22 units beside two annotators', async () => {
    await seedLabelled(22);
    const file = path.join(dir, 'constant.csv');
    fs.writeFileSync(file, `unit,value\n${Array.from({ length: 22 }, (_, i) => `${planId(i + 1)},Good`).join('\n')}\n`);
    const imported = await accord('judge', 'import', file, '--task', 'judged', '--name', 'always-good', '--json');
    expect(imported.code, imported.stderr).toBe(0);
    const run = JSON.parse(imported.stdout);
    expect(run).toMatchObject({ id: 1, status: 'finished', ok: 22, total: 22, model: 'imported', rater: 'judge:always-good@imported#1' });

    const calibrated = await accord('judge', 'calibrate', '--task', 'judged', '--run', '1', '--json');
    expect(calibrated.code, calibrated.stderr).toBe(0);
    const q = JSON.parse(calibrated.stdout).questions[0];
    expect(q.units).toBe(22);
    expect(['cannot', 'insufficient']).toContain(q.verdict.verdict);
    expect(q.verdict).toMatchObject({ test: 'non-inferiority', n: 22, margin: 0.05, constantAnswer: 'Good' });
    expect(q.verdict.message).not.toMatch(/^can replace/);
    expect(q.verdict.message).toMatch(/on 22 units \(margin 0\.05/);
    // The rest of the evidence is there too.
    expect(q.certainty.map((s: { certainty: string }) => s.certainty)).toEqual(['unanimous', 'majority', 'split']);
    expect(q.errorRates.reference).toBe('human majority');

    // With a smaller minimum the test itself decides: still never "can".
    const lower = await accord('judge', 'calibrate', '--task', 'judged', '--run', '1', '--min-units', '10', '--json');
    expect(JSON.parse(lower.stdout).questions[0].verdict.verdict).toBe('cannot');
    // Everything the JSON says is in the Markdown and HTML reports too.
    const json = JSON.parse(calibrated.stdout);
    const md = await accord('judge', 'calibrate', '--task', 'judged', '--run', '1', '--report', 'md');
    const out = path.join(dir, 'calibration.html');
    expect((await accord('judge', 'calibrate', '--task', 'judged', '--run', '1', '--report', 'html', '--out', out)).code).toBe(0);
    const html = fs.readFileSync(out, 'utf8');
    const ni = q.verdict.nonInferiority;
    for (const [name, report] of [['md', md.stdout], ['html', html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'")]]) {
      expect(report, name).toContain(`Verdict: ${q.verdict.message}.`);
      expect(report, name).toContain(json.method.verdict);
      expect(report, name).toContain(q.errorRates.message.slice(1));
      expect(report, name).toContain(q.correctedPassRate.reason);
      expect(report, name).toMatch(new RegExp(`Non-inferiority of judge–human to human–human agreement \\(paired percentile bootstrap over units, 2,000 resamples, seed ${ni.seed}\\)`));
      for (const s of q.certainty) expect(report, name).toContain(s.certainty);
      for (const c of q.errorRates.classes) expect(report, name).toContain(c.category);
      for (const d of q.disagreements.slice(0, 3)) expect(report, name).toContain(d.unit.replace(/\|$/, ''));
    }
    const text = await accord('judge', 'calibrate', '--task', 'judged', '--run', '1');
    expect(text.stdout).toMatch(/verdict: not enough evidence: non-inferiority of judge–human κw to human–human κw on 22 units/);
    // Each pair's band is judged on its interval and n (bandText), in the text and the reports alike.
    const pair = q.vsAnnotators[0];
    const { bandText } = await import('../common/bandText');
    expect(text.stdout).toMatch(new RegExp(`judge vs ${pair.raters[1]} +n=22 .*κw .* ${bandText(pair.landisKoch.judgement).replace(/[()]/g, '\\$&')}`));
    expect(md.stdout).toContain(`| ${bandText(pair.landisKoch.judgement)} |`);
  });
});

describe('a judge that matches the reference on every unit', () => {
  it('is told "not enough evidence" for its error rates, with the units it needs, not "not certified"', async () => {
    await seedLabelled(22);
    // Gold on every plan, and a judge that gives it: every TPR and TNR is 1, but few units per answer.
    const file = path.join(dir, 'perfect.csv');
    fs.writeFileSync(file, `unit,value\n${Array.from({ length: 22 }, (_, i) => `${planId(i + 1)},${LEVELS[(i + 1) % LEVELS.length]}`).join('\n')}\n`);
    expect((await accord('judge', 'import', file, '--task', 'judged', '--name', 'perfect')).code).toBe(0);
    const calibrated = await accord('judge', 'calibrate', '--task', 'judged', '--run', '1', '--json');
    const e = JSON.parse(calibrated.stdout).questions[0].errorRates;
    expect(e.status).toBe('not enough evidence');
    const text = await accord('judge', 'calibrate', '--task', 'judged', '--run', '1');
    expect(text.stdout).toMatch(/error rates: not enough evidence at 0\.80 against human majority on \d+ units: TPR of [^(]+ 1\.00 \(lower bound 0\.\d\d, n = \d+\) needs about \d+ “[^”]+” units \(\d+ now\)/);
    expect(text.stdout).not.toMatch(/not certified/);
    const md = await accord('judge', 'calibrate', '--task', 'judged', '--run', '1', '--report', 'md');
    expect(md.stdout).toContain('with exact (Clopper–Pearson) 95% lower bounds; not enough evidence at 0.80');
  });
});

describe('accord judge import', () => {
  it('rejects a file with a bad line whole, naming the file and line, and writes nothing', async () => {
    await seedLabelled(3);
    const file = path.join(dir, 'bad.csv');
    fs.writeFileSync(file, 'unit,value,rationale\nq-0001,Good,fine\nq-0002,Superb,\nq-0099,Bad,\n');
    const r = await accord('judge', 'import', file, '--task', 'judged', '--name', 'outside');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/bad\.csv:3: .*Superb/);
    expect(r.stderr).toMatch(/bad\.csv:4: item "q-0099" is not in task "judged"/);
    expect((await accord('judge', 'runs', '--json')).stdout.trim()).toBe('[]');
  });

  it('reads JSONL (a unit written item|unit too), and the alt-test runs on the imported run', async () => {
    await seedLabelled(3);
    const file = path.join(dir, 'labels.jsonl');
    fs.writeFileSync(file, ['{"unit": "q-0001", "value": "Good", "rationale": "clear"}', '{"unit": "q-0002|", "value": "Very Bad"}', '{"unit": "q-0003", "value": "Bad"}'].join('\n'));
    const r = await accord('judge', 'import', file, '--task', 'judged', '--name', 'outside');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/3 answered/);
    const alt = await accord('judge', 'alt-test', '--task', 'judged', '--run', '1', '--question', 'overall_quality', '--epsilon', '0.1', '--json');
    expect(alt.code, alt.stderr).toBe(0);
    const result = JSON.parse(alt.stdout).results[0].result;
    expect(result).toMatchObject({ scoring: 'neg-rmse', epsilon: 0.1, winningRate: null, passed: false });
    expect(result.skipped.map((s: { rater: string }) => s.rater)).toEqual(['ana', 'ben']);
  });
});

describe('accord judge probes', () => {
  it('gives the flip rate and κ between two runs on the same items, length bias per run, and each run’s cost', async () => {
    await seedLabelled(12);
    const levels = (shift: (i: number) => number) => `unit,value\n${Array.from({ length: 12 }, (_, i) => `${planId(i + 1)},${LEVELS[Math.max(0, Math.min(6, (i % 7) + shift(i)))]}`).join('\n')}\n`;
    for (const [name, shift] of [['first', () => 0], ['second', (i: number) => (i % 4 === 0 ? 1 : 0)]] as const) {
      const file = path.join(dir, `${name}.csv`);
      fs.writeFileSync(file, levels(shift));
      expect((await accord('judge', 'import', file, '--task', 'judged', '--name', name)).code).toBe(0);
    }
    const r = await accord('judge', 'probes', '--task', 'judged', '--run', '1', '--run', '2', '--question', 'overall_quality', '--json');
    expect(r.code, r.stderr).toBe(0);
    const probes = JSON.parse(r.stdout);
    // Plans 1, 5 and 9 move a level up in the second file (i % 4 === 0).
    expect(probes.results[0].rerun).toMatchObject({ units: 12, runs: [1, 2] });
    expect(probes.results[0].rerun.flips).toBe(3);
    expect(probes.kind).toBe('mixed');
    expect(probes.runs.map((x: { requests: number }) => x.requests)).toEqual([0, 0]);
    expect(probes.results[0].lengthBias).toHaveLength(2);
    expect(probes.positionSwap).toMatch(/pairwise judge/);
    const text = await accord('judge', 'probes', '--task', 'judged', '--run', '1', '--run', '2', '--question', 'overall_quality');
    // Two judges (first, second) are not reruns of one: their flips are agreement between judges, not stability.
    expect(probes.mixedBy).toBe('judges first, second');
    expect(text.stdout).toContain('not a stability probe: the runs are not reruns of one judge on one model (judges first, second)');
    expect(text.stdout).toMatch(/the runs disagree on 25\.0% of units \(3 of 12 units; 95% /);
  });
});

describe('accord judge alt-test on files', () => {
  const humans = path.join(JUDGE_FIXTURES, 'alt-test-humans.csv');
  const judge = path.join(JUDGE_FIXTURES, 'alt-test-judge.csv');

  it('prints the JSON the issue names, per annotator, with skipped annotators and dropped items', async () => {
    const r = await accord('judge', 'alt-test', '--humans', humans, '--judge', judge, '--epsilon', '0.15', '--scoring', 'accuracy', '--json');
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(Object.keys(result)).toEqual(expect.arrayContaining(['winningRate', 'advantageProbability', 'passed', 'epsilon', 'q', 'annotators', 'skipped', 'dropped']));
    expect(result.annotators.map((a: { rater: string }) => a.rater)).toEqual(['ana', 'ben', 'cy']);
    expect(Object.keys(result.annotators[0])).toEqual(expect.arrayContaining(['rater', 'n', 'pValue', 'rejected', 'advantage']));
    expect(result.skipped).toEqual([{ rater: 'dan', items: 12, reason: '12 items, fewer than 30' }]);
    expect(result.dropped).toEqual([{ unit: 'doc-040', reason: 'no judge label' }]);
  });

  it('does not pass a judge with two annotators tested: not enough evidence, the test needs 3', async () => {
    // ana and ben from the fixture (cy and dan left out), the same judge: before, “winning rate 1.00 (2 of 2) ≥ 0.5: passed”.
    const two = path.join(dir, 'two-humans.csv');
    const lines = fs.readFileSync(humans, 'utf8').trim().split('\n');
    const rater = lines[0].split(',').indexOf('rater');
    fs.writeFileSync(two, `${[lines[0], ...lines.slice(1).filter((l) => ['ana', 'ben'].includes(l.split(',')[rater]))].join('\n')}\n`);
    const json = JSON.parse((await accord('judge', 'alt-test', '--humans', two, '--judge', judge, '--epsilon', '0.15', '--scoring', 'accuracy', '--json')).stdout);
    expect(json.annotators).toHaveLength(2);
    expect(json).toMatchObject({ passed: false, reason: 'not enough evidence: 2 annotators tested, the test needs 3' });
    const text = await accord('judge', 'alt-test', '--humans', two, '--judge', judge, '--epsilon', '0.15', '--scoring', 'accuracy');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/\n {2}winning rate \d\.\d\d \(\d of 2\): not enough evidence: 2 annotators tested, the test needs 3; advantage probability /);
    expect(text.stdout).not.toMatch(/passed/);
    // No annotator with enough items: the same words, not “not tested”.
    const none = await accord('judge', 'alt-test', '--humans', two, '--judge', judge, '--epsilon', '0.15', '--scoring', 'accuracy', '--min-items-per-rater', '1000');
    expect(none.stdout).toMatch(/\n {2}not enough evidence: 0 annotators tested, the test needs 3 \(no annotator has 1,000 items/);
  });

  it('names the file and line of a bad value, and wants a scoring for files', async () => {
    const r = await accord('judge', 'alt-test', '--humans', humans, '--judge', judge, '--epsilon', '0.15', '--scoring', 'neg-rmse');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/alt-test-humans\.csv:2: --scoring neg-rmse needs numbers; the value "\w+" is not one/);
    const none = await accord('judge', 'alt-test', '--humans', humans, '--judge', judge, '--epsilon', '0.15');
    expect(none.stderr).toMatch(/--scoring accuracy or --scoring neg-rmse/);
  });
});

describe('accord judge calibrate --scoring', () => {
  it('names the alt-test’s scoring in the verdict, and --scoring accuracy gives what accord judge alt-test --scoring accuracy gives (walkthrough finding 6)', async () => {
    const session = openSession({ workspacePath: workspace });
    try {
      await seedPlanTask(session.ctx, 30, { annotators: ['ana', 'ben', 'cy'] });
    } finally {
      session.close();
    }
    // Three annotators on 30 plans, each off by a level now and then; the judge off by one level on every third plan.
    const level = (i: number, shift: number) => LEVELS[Math.max(0, Math.min(6, (i % 7) + shift))];
    const rows = ['item,unit,question,rater,value'];
    for (let i = 1; i <= 30; i++) for (const [k, rater] of ['ana', 'ben', 'cy'].entries()) rows.push(`${planId(i)},,overall_quality,${rater},${level(i, i % (4 + k) === 0 ? 1 : 0)}`);
    fs.writeFileSync(path.join(dir, 'labels.csv'), `${rows.join('\n')}\n`);
    expect((await accord('labels', 'import', path.join(dir, 'labels.csv'), '--task', 'judged')).code).toBe(0);
    fs.writeFileSync(path.join(dir, 'judge.csv'), `unit,value\n${Array.from({ length: 30 }, (_, i) => `${planId(i + 1)},${level(i + 1, (i + 1) % 3 === 0 ? -1 : 0)}`).join('\n')}\n`);
    expect((await accord('judge', 'import', path.join(dir, 'judge.csv'), '--task', 'judged', '--name', 'j')).code).toBe(0);

    const byDefault = await accord('judge', 'calibrate', '--task', 'judged', '--run', '1');
    expect(byDefault.code, byDefault.stderr).toBe(0);
    expect(byDefault.stdout).toMatch(/verdict: [^\n]*the alternative annotator test \(scoring neg-rmse, ε = 0\.10, Benjamini–Yekutieli q = 0\.05\)/);

    const calibrated = await accord('judge', 'calibrate', '--task', 'judged', '--run', '1', '--scoring', 'accuracy', '--json');
    expect(calibrated.code, calibrated.stderr).toBe(0);
    const report = JSON.parse(calibrated.stdout);
    const verdict = report.questions[0].verdict;
    expect(verdict.message).toMatch(/the alternative annotator test \(scoring accuracy, ε = 0\.10, Benjamini–Yekutieli q = 0\.05\)/);
    expect(report.method.verdict).toContain('scoring accuracy on every question');
    const alt = await accord('judge', 'alt-test', '--task', 'judged', '--run', '1', '--question', 'overall_quality', '--epsilon', '0.1', '--scoring', 'accuracy', '--json');
    expect(alt.code, alt.stderr).toBe(0);
    expect(verdict.altTest).toEqual(JSON.parse(alt.stdout).results[0].result);

    const bad = await accord('judge', 'calibrate', '--task', 'judged', '--run', '1', '--scoring', 'rmse');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--scoring must be accuracy or neg-rmse, not "rmse"');
  });
});

describe('commands that write a file say what they wrote (walkthrough finding 14)', () => {
  it('judge export --out and judge calibrate --report --out name the file and what is in it', async () => {
    await seedLabelled(4);
    const judgeFile = path.join(dir, 'pq.judge.json');
    const exported = await accord('judge', 'export', '--judge', 'plan-quality', '--out', judgeFile);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe(`wrote ${judgeFile} (judge plan-quality-reference)\n`);
    expect(JSON.parse(fs.readFileSync(judgeFile, 'utf8'))).toMatchObject({ format: 'accord.judge', id: 'plan-quality-reference' });

    fs.writeFileSync(path.join(dir, 'j.csv'), `unit,value\n${Array.from({ length: 4 }, (_, i) => `${planId(i + 1)},Good`).join('\n')}\n`);
    expect((await accord('judge', 'import', path.join(dir, 'j.csv'), '--task', 'judged', '--name', 'j')).code).toBe(0);
    const fromRun = await accord('judge', 'export', '--run', '1', '--out', judgeFile);
    expect(fromRun.stdout).toBe(`wrote ${judgeFile} (judge j of run 1)\n`);
    const reportFile = path.join(dir, 'cal.html');
    const report = await accord('judge', 'calibrate', '--task', 'judged', '--run', '1', '--report', 'html', '--out', reportFile);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toBe(`wrote ${reportFile} (HTML calibration report of run 1)\n`);
    expect(fs.readFileSync(reportFile, 'utf8')).toMatch(/^<!doctype html>/i);
  });
});
