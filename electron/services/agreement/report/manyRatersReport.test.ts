import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManyRaterSummary } from '../../../core/stats';
import { coef, signed } from '../../../common/numberFormat';
import { agreementWorkspace, plan, type TestLabel } from '../../../testing/agreementWorkspace';

// Reports on a task with 120 raters, the size of crowd-rated releases: the many-rater summary
// (pairwise κ, each rater against the rest, who stands out) instead of a 120 × 120 matrix, and
// the disagreeing units' answers tallied instead of 120 columns.

const SCHEMA = {
  id: 'crowd',
  title: 'Crowd',
  kinds: ['plan'],
  questions: [{ id: 'grade', type: 'nominal', title: 'Grade', options: ['a', 'b', 'c'], required: false }],
};
const RATERS = Array.from({ length: 120 }, (_, r) => `r${String(r).padStart(3, '0')}`);
/** The six raters answering against everyone else. */
const DISSENTERS = RATERS.slice(114);

/** 30 plans × 120 raters: r000–r113 give the plan's answer (one slip in ten), r114–r119 another one. */
function crowdLabels(): TestLabel[] {
  const levels = ['a', 'b', 'c'];
  const rows: TestLabel[] = [];
  for (let u = 0; u < 30; u++) {
    const truth = u % 3;
    RATERS.forEach((rater, r) => {
      const value = r >= 114 ? (truth + 1 + ((u + r) % 2)) % 3 : (u + r) % 10 === 0 ? (truth + 1) % 3 : truth;
      rows.push([plan(u + 1), '', 'grade', rater, levels[value]]);
    });
  }
  return rows;
}

let ws: Awaited<ReturnType<typeof agreementWorkspace>>;
let summary: ManyRaterSummary;
const exported = async (format: 'html' | 'md' | 'latex') => (await ws.api('agreement.export', { task: 't', bootstrap: 0, format })).content;

beforeAll(async () => {
  ws = await agreementWorkspace(SCHEMA);
  await ws.labels(crowdLabels());
  const doc = JSON.parse((await ws.api('agreement.export', { task: 't', bootstrap: 0, format: 'json' })).content) as { questions: { manyRaters: ManyRaterSummary }[] };
  summary = doc.questions[0].manyRaters;
});
afterAll(() => ws.dispose());

describe('agreement reports with 120 raters', () => {
  it('the JSON carries the summary the other formats render: 7,140 pairs, the dissenters standing out', () => {
    expect(summary).toMatchObject({ raters: 120, pairs: (120 * 119) / 2 });
    expect(summary.standOut.map((p) => p.rater).sort()).toEqual(DISSENTERS);
    expect(summary.perRater).toHaveLength(120);
  });

  it('HTML: the summary and every rater against the rest, no 120 × 120 matrix, answers tallied', async () => {
    const html = await exported('html');
    // The one rule of raterList: the first three and how many more, and, for a paper's reader, where every name is.
    expect(html).toContain("<span>raters: r000, r001, r002 and 117 more — all 120 named in each question's per-rater table</span>");
    expect(html).toContain('raters: r000, r001, r002 and 117 more — all 120 named in the per-rater table below;');
    expect(html).not.toContain('r002, r003');
    expect(html).toContain('120 raters make 7,140 pairs');
    expect(html).toContain(`Cohen's κ over the pairs: median ${coef(summary.pairwiseKappa.median)}`);
    expect(html).not.toContain('<table class="matrix">');
    // No confusion matrix of an arbitrary pair: the forest plot is the only chart besides the per-category bars.
    expect(html).not.toContain('Confusion matrix of r000');
    // Every rater once in the per-rater table, the dissenters marked, lowest κ with the majority first.
    const table = html.slice(html.indexOf('<div class="many-raters">'), html.indexOf('</div>', html.indexOf('<table', html.indexOf('<div class="many-raters">'))));
    const rows = [...table.matchAll(/<tr( class="stand-out")?><td>(r\d{3})<\/td><td class="num">[^<]*<\/td><td class="num">([^<]*)<\/td>/g)];
    expect(rows).toHaveLength(120);
    expect(rows.filter((r) => r[1]).map((r) => r[2]).sort()).toEqual(DISSENTERS);
    const lowest = [...summary.perRater].sort((a, b) => a.kappaWithMajority! - b.kappaWithMajority!)[0];
    expect([rows[0][2], rows[0][3]]).toEqual([lowest.rater, coef(lowest.kappaWithMajority)]);
    expect(html).toContain(`<td>${lowest.rater}</td><td class="num">30</td><td class="num">${coef(lowest.kappaWithMajority)}</td><td class="num">${coef(lowest.meanPairwiseKappa)}</td><td class="num">${coef(lowest.alphaWithout)}</td><td class="num">${signed(lowest.alphaChange, 3)}</td>`);
    expect(html).toMatch(/Raters who stand out \(κ with the majority below Q1 − 1\.5 IQR = [−\d.]+\): r11[4-9]/);
    // The disagreeing units: one column of tallied answers, not a column per rater.
    expect(html).toContain('<th>Answers (raters giving each)</th>');
    expect(html).not.toContain('<th>r000</th>');
    // In words a screen reader reads as meant ("a: 14 raters"; "a × 14" was read "a times 14").
    expect(html).toMatch(/<td>[abc]: <span class="dim">\d+ raters?<\/span><br>[abc]: <span class="dim">\d+ raters?<\/span>/);
    expect(html).not.toMatch(/× \d/);
    // Counted as the app and the CLI count them (answerCounts): in the scale's order, not most given first
    // (plan 3, graded c: 103 raters give c, the slips and half the dissenters a, the other dissenters b).
    expect(html).toContain('<td>a: <span class="dim">14 raters</span><br>b: <span class="dim">3 raters</span><br>c: <span class="dim">103 raters</span></td>');
    // A page a reader can open: far from the megabytes a 120 × 120 matrix with 120 columns of answers would make.
    expect(html.length).toBeLessThan(200_000);
  });

  it('Markdown: the summary section with every rater, and a short header', async () => {
    const md = await exported('md');
    expect(md).toContain("raters: r000, r001, r002 and 117 more — all 120 named in each question's per-rater table.");
    expect(md).toContain('### Grade: 120 raters make 7,140 pairs');
    expect(md).toContain('| Rater | Units | κ with majority | mean pairwise κ | α without | change |');
    expect(md.match(/^\| r\d{3} \| 30 \|/gm)).toHaveLength(120);
    expect(md).toMatch(/^- Raters who stand out \(κ with the majority below Q1 − 1\.5 IQR = [−\d.]+\): r11[4-9]/m);
    expect(md).toMatch(/^- Raters who stand out by α/m);
  });

  it('LaTeX: the source line shortens the raters instead of naming 120, and says where they all are', async () => {
    const tex = await exported('latex');
    expect(tex).toContain('raters r000, r001, r002 and 117 more --- all 120 named in the JSON export');
    expect(tex).not.toContain('r002, r003');
  });
});
