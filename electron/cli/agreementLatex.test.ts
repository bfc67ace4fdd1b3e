import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAS_PROC_FREQ_TABLE } from '../core/stats/testdata/published';
import { runAccord } from '../testing/cliRun';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-latex-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function accord(...args: string[]) {
  return runAccord([...args]);
}

function sasCsv(): string {
  const levels = ['low', 'mid', 'high'];
  const lines = ['unit,rater,value'];
  let unit = 0;
  SAS_PROC_FREQ_TABLE.forEach((row, i) => row.forEach((n, j) => {
    for (let k = 0; k < n; k++) {
      unit++;
      lines.push(`u${unit},ana,${levels[i]}`, `u${unit},ben,${levels[j]}`);
    }
  }));
  return `${lines.join('\n')}\n`;
}

describe('accord agreement --report latex, and the conventions flags', () => {
  it('writes FILE.tex and FILE.bib from a ratings CSV', async () => {
    const csv = path.join(dir, 'sas.csv');
    fs.writeFileSync(csv, sasCsv());
    const out = path.join(dir, 'paper.tex');
    const run = await accord('agreement', '--ratings', csv, '--levels', 'low,mid,high', '--type', 'ordinal', '--bootstrap', '50', '--report', 'latex', '--out', out);
    expect(run).toMatchObject({ code: 0, stdout: `wrote ${out} (latex) and ${path.join(dir, 'paper.bib')}\n` });
    const tex = fs.readFileSync(out, 'utf8');
    expect(tex).toContain('\\begin{tabular}');
    expect(tex).toMatch(/Weighted \$\\kappa\$ \(quadratic\) & /);
    expect(fs.readFileSync(path.join(dir, 'paper.bib'), 'utf8')).toContain('@article{fleiss1969,');
  });

  it('takes a custom weight matrix from a file for weighted κ and AC2, and the Gwet variance convention', async () => {
    const csv = path.join(dir, 'sas.csv');
    fs.writeFileSync(csv, sasCsv());
    const weights = path.join(dir, 'w.csv');
    fs.writeFileSync(weights, '# agreement weights\n1,0.5,0\n0.5,1,0.5\n0,0.5,1\n');
    const run = await accord('agreement', '--ratings', csv, '--levels', 'low,mid,high', '--type', 'ordinal', '--bootstrap', '0', '--weights', weights, '--gwet-variance', 'irrcac-raw', '--json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    // 1, 0.5, 0 are the linear weights of three equally spaced levels: custom = linear.
    expect(report.weightedKappa.custom.value).toBeCloseTo(report.weightedKappa.linear.value, 14);
    expect(report.gwetAC2.weights).toBe('custom');
    expect(report.gwetAC1.conventions.se).toBe('gwet2014-linearized');
    expect(report.conventions.gwetVariance).toBe('irrcac-raw');
    const published = JSON.parse((await accord('agreement', '--ratings', csv, '--levels', 'low,mid,high', '--bootstrap', '0', '--json')).stdout);
    expect(published.gwetAC1.conventions.se).toBe('gwet2008-two-raters');
  });

  it('refuses other report formats with --ratings, and a bad weight file', async () => {
    const csv = path.join(dir, 'sas.csv');
    fs.writeFileSync(csv, sasCsv());
    expect((await accord('agreement', '--ratings', csv, '--report', 'html')).stderr).toMatch(/with --ratings, --report takes latex only/);
    const weights = path.join(dir, 'w.csv');
    fs.writeFileSync(weights, '1,x\n');
    expect((await accord('agreement', '--ratings', csv, '--weights', weights)).stderr).toMatch(/"x" is not a number/);
    expect((await accord('agreement', '--ratings', csv, '--gwet-variance', 'nope')).stderr).toMatch(/--gwet-variance must be one of gwet2008, irrcac-raw/);
  });
});
