/**
 * The LaTeX report compiles with plain pdflatex (booktabs, natbib, its own bibliography) and its
 * PDF says what the tables hold. Needs pdflatex (texlive-latex-base, texlive-latex-recommended)
 * and pdftotext (poppler-utils): without them the test fails, saying what to install.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agreementReport, buildRatingTable, ratingTableFromMatrix } from '../../../core/stats';
import { tableFromRows } from '../../../core/stats/contingencyTable';
import { KRIPPENDORFF_RELIABILITY_DATA, SAS_PROC_FREQ_TABLE } from '../../../core/stats/testdata/published';
import { statisticLines } from '../statisticLines';
import { type LatexInput, latexReport, tex } from './latexReport';

function sasTable() {
  const t = tableFromRows(SAS_PROC_FREQ_TABLE);
  const rows: number[][] = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let c = 0; c < t.counts[i * 3 + j]; c++) rows.push([i, j]);
  return ratingTableFromMatrix(rows, ['low', 'mid', 'high']);
}

function input(): LatexInput {
  const sas = agreementReport(sasTable(), { type: 'nominal', bootstrap: 200, seed: 1 });
  const levels = ['1', '2', '3', '4', '5'];
  const kripp = agreementReport(
    buildRatingTable(
      KRIPPENDORFF_RELIABILITY_DATA.flatMap((row, u) => row.map((x, r) => ({ unit: `u${u}`, rater: `r${r}`, value: x === null ? null : String(x) }))),
      { levels },
    ),
    { type: 'ordinal', bootstrap: 200, seed: 1 },
  );
  return {
    title: 'Inter-rater agreement: a_test & 100% check',
    source: 'two example data sets',
    questions: [
      { id: 'grade', title: 'Grade', kind: 'nominal, 3 categories', lines: statisticLines(sas), units: sas.pairableUnits, raters: 2, warnings: sas.warnings.map((w) => w.message) },
      { id: 'quality_1', title: 'Quality', kind: 'ordinal, 5 levels', lines: statisticLines(kripp), units: kripp.pairableUnits, raters: 4, warnings: kripp.warnings.map((w) => w.message) },
    ],
    bootstrap: { resamples: 200, seed: 1 },
    gwetVariance: 'gwet2008',
    alphaThreshold: 0.8,
    missing: 'Missing ratings are left out of that rater’s ratings.',
    version: '0.1.0',
    computedAt: '2026-01-02T03:04:05.000Z',
  };
}

function tool(name: string, pkg: string): void {
  const probe = spawnSync(name, ['-v'], { encoding: 'utf8' });
  if (probe.error) throw new Error(`${name} is missing: apt-get install -y ${pkg}`);
}

describe('latexReport', () => {
  it('escapes LaTeX specials and the Unicode of Accord’s labels', () => {
    expect(tex("Cohen's κ & 50% of a_b {x} −0.2 ≥ 0.8")).toBe("Cohen's $\\kappa$ \\& 50\\% of a\\_b \\{x\\} $-$0.2 $\\geq$ 0.8");
  });

  it("says '1 unit', not '1 units', in a table's caption", () => {
    const base = input();
    const one = latexReport({ ...base, questions: [{ ...base.questions[0], units: 1 }, { ...base.questions[1], units: 2 }] }).tex;
    expect(one).toContain('1 unit rated by two or more of 2 raters.');
    expect(one).toContain('2 units rated by two or more of 4 raters.');
  });

  it('writes booktabs tables, a methods paragraph and references that plain pdflatex compiles', () => {
    tool('pdflatex', 'texlive-latex-base texlive-latex-recommended');
    tool('pdftotext', 'poppler-utils');
    const { tex: source, bib } = latexReport(input());
    expect(source).toContain('\\toprule');
    expect(source).toContain('Statistic & Value & 95\\% CI & Method & $n$ units & $n$ raters');
    expect(source).toMatch(/Cohen's \$\\kappa\$ & 0\.484 & \[0\.173, 0\.707\] & Wald, Fisher \$z\$ & 19 & 2/);
    expect(source).toMatch(/ICC2 .* & \$F\$ distribution|ICC2 .*not estimable/);
    expect(source).toMatch(/200 resamples of units with replacement \(seed 1\)/);
    expect(source).toMatch(/Krippendorff's \$\\alpha\$ \(ordinal\) & 0\.815 & \[[\d.]+, [\d.]+\] & percentile bootstrap; \$P\(\\alpha < 0\.8\) = 0\.\d{3}\$/);
    expect(source).toContain('Accord 0.1.0');
    expect(bib).toContain('@article{fleiss1969,');
    expect(bib).toContain('@article{shrout1979,');
    // Krippendorff's (2004) reading of α, cited where α is reported.
    expect(source).toContain('We read $\\alpha$ by the conventions of \\citet{krippendorff2004}: data with $\\alpha \\geq .800$ are relied on');
    expect(bib).toContain('@book{krippendorff2004,');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-latex-'));
    try {
      fs.writeFileSync(path.join(dir, 'agreement.tex'), source);
      const run = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'agreement.tex'], { cwd: dir, encoding: 'utf8' });
      expect(run.status, run.stdout.slice(-3000)).toBe(0);
      // A second run resolves the citations; no undefined ones may remain.
      const again = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'agreement.tex'], { cwd: dir, encoding: 'utf8' });
      expect(again.status).toBe(0);
      expect(again.stdout).not.toMatch(/Citation .* undefined/);
      const text = spawnSync('pdftotext', ['-layout', 'agreement.pdf', '-'], { cwd: dir, encoding: 'utf8' }).stdout;
      expect(text).toContain('Inter-rater agreement: a_test & 100% check');
      if (process.env.ACCORD_LATEX_OUT) fs.copyFileSync(path.join(dir, 'agreement.pdf'), process.env.ACCORD_LATEX_OUT);
      expect(text).toMatch(/Cohen['’]s κ\s+0\.484\s+\[0\.173, 0\.707\]\s+Wald, Fisher z\s+19\s+2/);
      expect(text).toMatch(/Krippendor.*α \(ordinal\)\s+0\.815/);
      // The ICCs and W rest on the 8 units every rater rated, not the question's 11.
      expect(text).toMatch(/Kendall’?'?s W\s+0\.794\s+\[[\d.]+, [\d.]+\]\s+percentile bootstrap\s+8\s+4/);
      expect(text).toContain('References');
      if (process.env.ACCORD_LATEX_OUT) fs.copyFileSync(path.join(dir, 'agreement.pdf'), process.env.ACCORD_LATEX_OUT);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
