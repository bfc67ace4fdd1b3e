import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAccord } from '../testing/cliRun';

// `accord agreement --ratings` with more than ten raters: a summary of the pairs instead of every one.
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-many-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function accord(...args: string[]) {
  return runAccord([...args]);
}

/** 30 units × 12 raters: r00–r09 agree on a cycle of answers (with a slip each), r10 and r11 answer against them. */
function ratings(): string {
  const levels = ['a', 'b', 'c'];
  const lines = ['unit,rater,value'];
  for (let u = 0; u < 30; u++) {
    const truth = u % 3;
    for (let r = 0; r < 12; r++) {
      const value = r >= 10 ? (truth + 1 + ((u + r) % 2)) % 3 : (u + r) % 10 === 0 ? (truth + 1) % 3 : truth;
      lines.push(`u${u},r${String(r).padStart(2, '0')},${levels[value]}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

describe('accord agreement with many raters', () => {
  it('summarises the pairs and names the raters who stand out; --pairs lists every pair', async () => {
    const file = path.join(dir, 'many.csv');
    fs.writeFileSync(file, ratings());
    const summary = await accord('agreement', '--ratings', file, '--levels', 'a,b,c', '--bootstrap', '0');
    expect(summary.code).toBe(0);
    expect(summary.stdout).toContain('Pairs: 12 raters make 66 pairs; every pair with --pairs.');
    // The crowd counted in the opening line, not named to the last.
    expect(summary.stdout).toContain('30 units (30 rated by two or more), 12 raters (r00, r01, r02 and 9 more), 3 levels');
    expect(summary.stdout).toMatch(/Cohen's κ over the pairs: median [−\d.]+, quartiles [−\d.]+ – [−\d.]+, range [−\d.]+ – [−\d.]+/);
    expect(summary.stdout).toMatch(/Raters who stand out \(κ with the majority below Q1 − 1\.5 IQR = [−\d.]+\): r1[01] \([−\d.]+\), r1[01] \([−\d.]+\)\n/);
    expect(summary.stdout).not.toContain('r00 – r01');
    // α without each rater (leave-one-out, nominal): the two dissenters raise α when left out.
    expect(summary.stdout).toMatch(/α without: Krippendorff's α \(nominal\) of the other raters, beside [−\d.]+ with everyone/);
    expect(summary.stdout).toMatch(/^ {2}Rater +Units +κ with majority +mean pairwise κ +α without +change$/m);
    expect(summary.stdout).toMatch(/^ {2}r10 +30 +[−\d.]+ +[−\d.]+ +[\d.]+ +\+[\d.]+$/m);
    expect(summary.stdout).toMatch(/Raters who stand out by α \(leaving them out raises α by more than Q3 \+ 1\.5 IQR = [−+\d.]+ of the changes\): r1[01] \([\d.]+, \+[\d.]+\), r1[01]/);
    const pairs = await accord('agreement', '--ratings', file, '--levels', 'a,b,c', '--bootstrap', '0', '--pairs');
    expect(pairs.stdout.match(/^r\d\d – r\d\d /gm)).toHaveLength(66);
    const json = JSON.parse((await accord('agreement', '--ratings', file, '--levels', 'a,b,c', '--bootstrap', '0', '--json')).stdout) as {
      manyRaters: { pairs: number; standOut: { rater: string }[]; standOutByAlpha: { rater: string }[]; alpha: { metric: string; value: number } };
      krippendorffAlpha: { ordinal: { value: number } };
    };
    expect(json.manyRaters.pairs).toBe(66);
    expect(json.manyRaters.standOut.map((s) => s.rater).sort()).toEqual(['r10', 'r11']);
    expect(json.manyRaters.standOutByAlpha.map((s) => s.rater).sort()).toEqual(['r10', 'r11']);
    expect(json.manyRaters.alpha.metric).toBe('nominal');
    const ordinal = JSON.parse((await accord('agreement', '--ratings', file, '--levels', 'a,b,c', '--type', 'ordinal', '--bootstrap', '0', '--json')).stdout) as typeof json;
    expect(ordinal.manyRaters.alpha.metric).toBe('ordinal');
    expect(ordinal.manyRaters.alpha.value).toBeCloseTo(ordinal.krippendorffAlpha.ordinal.value, 12);
  });

  it("names up to ten raters in the opening line, as the tables give each a column (eight were 'r00, r01, r02 and 5 more')", async () => {
    const file = path.join(dir, 'eight.csv');
    fs.writeFileSync(file, ratings().split('\n').filter((line) => !/,r(08|09|10|11),/.test(line)).join('\n'));
    const summary = await accord('agreement', '--ratings', file, '--levels', 'a,b,c', '--bootstrap', '0');
    expect(summary.code).toBe(0);
    expect(summary.stdout).toContain('8 raters (r00, r01, r02, r03, r04, r05, r06, r07), 3 levels');
  });

  it('the LaTeX report shortens a crowd as the text does and says where every name is: the ratings file', async () => {
    const file = path.join(dir, 'many.csv');
    fs.writeFileSync(file, ratings());
    const latex = await accord('agreement', '--ratings', file, '--levels', 'a,b,c', '--bootstrap', '0', '--report', 'latex');
    expect(latex.code).toBe(0);
    expect(latex.stdout).toContain('raters r00, r01, r02 and 9 more --- all 12 named in many.csv');
  });
});
