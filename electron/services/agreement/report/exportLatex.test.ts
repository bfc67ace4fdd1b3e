import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SAS_PROC_FREQ_TABLE } from '../../../core/stats/testdata/published';
import { agreementWorkspace, labelsFromTable } from '../../../testing/agreementWorkspace';

const SCHEMA = {
  id: 'latex-test',
  title: 'LaTeX test',
  kinds: ['plan'],
  questions: [
    { id: 'grade', type: 'nominal', title: 'Grade', options: ['low', 'mid', 'high'], required: false },
    { id: 'quality', type: 'ordinal', title: 'Quality', levels: ['Bad', 'Ok', 'Good'], required: false },
  ],
};

let ws: Awaited<ReturnType<typeof agreementWorkspace>> | undefined;
afterEach(() => ws?.dispose());

describe('agreement.export as LaTeX', () => {
  it('gives the .tex with its .bib beside it, one booktabs table per question, and it compiles with pdflatex', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels([
      ...labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'grade', ['ana', 'ben']),
      ...labelsFromTable(SAS_PROC_FREQ_TABLE, ['Bad', 'Ok', 'Good'], 'quality', ['ana', 'ben']),
    ]);
    const out = await w.api('agreement.export', { task: 't', bootstrap: 100, seed: 7, format: 'latex', gwetVariance: 'irrcac-raw', alphaThreshold: 0.667 });
    expect(out).toMatchObject({ format: 'latex', fileName: expect.stringMatching(/^agreement-t-\d{4}-\d{2}-\d{2}\.tex$/) });
    expect(out.extraFiles?.[0].fileName).toMatch(/\.bib$/);
    expect(out.extraFiles?.[0].content).toContain('@article{cohen1960,');
    expect(out.content.match(/\\begin\{table\}/g)).toHaveLength(2);
    expect(out.content).toContain('\\emph{Grade} (\\texttt{grade}; nominal, 3 categories)');
    expect(out.content).toContain("Variances of Gwet's coefficients are the linearised variance of Gwet (2014) for every design");
    expect(out.content).toContain('100 resamples of units with replacement (seed 7)');
    expect(out.content).toContain('$\\alpha < 0.667$');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-latex-export-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.tex'), out.content);
      const run = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'a.tex'], { cwd: dir, encoding: 'utf8' });
      if (run.error) throw new Error('pdflatex is missing: apt-get install -y texlive-latex-base texlive-latex-recommended');
      expect(run.status, run.stdout.slice(-2000)).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
