import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import packageJson from '../../../../package.json' with { type: 'json' };
import { KRIPPENDORFF_RELIABILITY_DATA, SAS_PROC_FREQ_TABLE } from '../../../core/stats/testdata/published';
import { agreementWorkspace, labelsFromTable, plan, type TestLabel } from '../../../testing/agreementWorkspace';

const SCHEMA = {
  id: 'report-test',
  title: 'Report test',
  kinds: ['plan'],
  questions: [
    { id: 'grade', type: 'nominal', title: 'Grade', options: ['low', 'mid', 'high'], required: false },
    { id: 'quality', type: 'ordinal', title: 'Quality', levels: ['Bad', 'Ok', 'Good'], required: false },
    { id: 'tags', type: 'multilabel', title: 'Problems', tags: ['a', 'b'], required: false },
    { id: 'why', type: 'text', title: 'Why', required: false },
  ],
};

let ws: Awaited<ReturnType<typeof agreementWorkspace>> | undefined;
afterEach(() => ws?.dispose());

async function labelled() {
  const w = (ws = await agreementWorkspace(SCHEMA));
  const tags: TestLabel[] = ['a', 'a;b', '', 'b', 'a'].flatMap((v, i): TestLabel[] => [
    [plan(i + 1), '', 'tags', 'ana', v],
    [plan(i + 1), '', 'tags', 'ben', i === 3 ? '' : v],
  ]);
  await w.labels([
    ...labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'grade', ['ana', 'ben']),
    ...labelsFromTable(SAS_PROC_FREQ_TABLE, ['Bad', 'Ok', 'Good'], 'quality', ['ana', 'ben']),
    ...tags,
  ]);
  return w;
}
const args = { task: 't', bootstrap: 250, seed: 42 } as const;

describe('agreement.export', () => {
  it('writes a self-contained HTML report with inline SVG charts that states its methods', async () => {
    const w = await labelled();
    const out = await w.api('agreement.export', { ...args, format: 'html' });
    expect(out).toMatchObject({ format: 'html', mimeType: 'text/html;charset=utf-8', fileName: expect.stringMatching(/^agreement-t-\d{4}-\d{2}-\d{2}\.html$/) });
    const html = out.content;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    // Self-contained: no script, no stylesheet link, no image or font fetched from anywhere.
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|src=/i);
    expect(html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '')).not.toMatch(/https?:\/\//);
    // The forest plot, two confusion matrices (grade, quality) and three κ bar charts.
    expect(html.match(/<svg /g)).toHaveLength(6);
    // Numbers: SAS κ 0.4842 with its normal interval on Fisher's z, 0.1734–0.7073 (three decimals).
    expect(html).toContain('<strong>0.484</strong>');
    expect(html).toContain('[0.173, 0.707]');
    // A band range is untinted (a tint would read as a verdict); see the Markdown test for the interval.
    expect(html).toContain('<span class="band neutral">fair – substantial</span>');
    expect(html).not.toMatch(/<span class="band moderate">/);
    // p of the test of κ = 0 below 0.001, written as text and escaped like any other.
    expect(html).toContain('<td class="num">&lt; 0.001</td>');
    expect(html).not.toContain('< 0.001');
    // Methods, n, interval methods, resamples, seed, date and version.
    expect(html).toContain('<h2>Methods</h2>');
    expect(html).toContain("Cohen's κ");
    expect(html).toMatch(/quadratic agreement weights/);
    expect(html).toMatch(/N\/A answers and missing labels count as &quot;not rated&quot;/);
    expect(html).toMatch(/percentile intervals \(2\.5th–97\.5th\) over 250 resamples of units with replacement, seed 42/);
    expect(html).toMatch(/large-sample non-null standard error/);
    expect(html).toContain(`Accord ${packageJson.version}`);
    expect(html).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(html).toContain('n = 19 units rated by two or more raters');
    expect(html).toContain('Why <code>why</code>: a text question has no categories to agree on.');
  });

  it('writes a Markdown table ready for a paper, with the methods under it', async () => {
    const w = await labelled();
    const md = (await w.api('agreement.export', { ...args, format: 'md' })).content;
    const lines = md.split('\n');
    const header = lines.findIndex((l) => l.startsWith('| Question |'));
    expect(lines[header]).toBe('| Question | Measured as | n | Raters | % agreement | Statistic | κ | 95% CI (normal) | 95% CI (bootstrap) | Band | α | AC1 | PABAK | PI | BI |');
    expect(lines[header + 1]).toMatch(/^\|---\|---\|--:\|/);
    // κ 0.484 (SAS PROC FREQ) is "moderate" alone; its percentile bootstrap interval (250
    // resamples, seed 42) [0.226, 0.774] runs from fair (0.21–0.40) to substantial (0.61–0.80),
    // Landis & Koch (1977): the band column says so.
    expect(lines[header + 2]).toMatch(/^\| Grade \(`grade`\)(?: (?:\[\d+\])+)? \| nominal, 3 categories \| 19 \| 2 \| 68\.4% \| Cohen's κ \| \*\*0\.484\*\* \| \[0\.173, 0\.707\] \| \[0\.226, 0\.774\] \| fair – substantial \|/);
    expect(lines[header + 3]).toMatch(/^\| Quality \(`quality`\)(?: (?:\[\d+\])+)? \| ordinal, 3 levels \| 19 \| 2 \| 68\.4% \| weighted κ \(quadratic\) \|/);
    expect(md).toContain('### Problems: agreement per tag');
    expect(md).toMatch(/\| \*\*macro\*\* \(2 tags\) \|/);
    expect(md).toContain('## Methods');
    expect(md).toMatch(/250 resamples of units with replacement, seed 42/);
    expect(md).toContain(`with Accord ${packageJson.version}`);
  });

  it('writes CSV with one row per question and per tag, each carrying the method columns', async () => {
    const w = await labelled();
    const csv = (await w.api('agreement.export', { ...args, format: 'csv' })).content;
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r.question, r.tag])).toEqual([
      ['grade', ''],
      ['quality', ''],
      ['tags', ''],
      ['tags', 'a'],
      ['tags', 'b'],
    ]);
    const grade = records[0];
    expect(Number(grade.value)).toBeCloseTo(0.4842, 4);
    // `band` only for a single band; the bootstrap interval [0.226, 0.774] spans fair – substantial.
    expect(grade).toMatchObject({ statistic: "Cohen's κ", units: '19', pairable_units: '19', raters: 'ana;ben', band: '', band_low: 'fair', band_high: 'substantial', bootstrap_resamples: '250', bootstrap_seed: '42', accord_version: packageJson.version });
    expect(grade.na_handling).toMatch(/not rated/);
    expect(grade.interval_methods).toMatch(/normal: Wald on Fisher's z.*percentile bootstrap/);
    // Three levels: the prevalence and bias indices are defined for two levels only, so empty.
    expect([grade.prevalence_index, grade.bias_index]).toEqual(['', '']);
    expect(records[1].weights).toMatch(/quadratic/);
    expect(records[2].statistic).toBe('macro κ (mean over tags)');
    // A tag on 5 units: the normal and the bootstrap interval have the same reason, said once.
    expect(records[3].ci95_note).toBe('not estimable: 5 units; an interval needs at least 10');
  });

  it('has one column headed α, not two, when α heads every question (Markdown and HTML)', async () => {
    const w = (ws = await agreementWorkspace({ id: 'alpha-test', title: 'Alpha', kinds: ['plan'], questions: [{ id: 'five', type: 'ordinal', title: 'Five-point', levels: ['1', '2', '3', '4', '5'], required: false }] }));
    await w.labels(KRIPPENDORFF_RELIABILITY_DATA.flatMap((ratings, u) => ratings.flatMap((value, r): TestLabel[] => (value === null ? [] : [[plan(u + 1), '', 'five', `observer${r + 1}`, String(value)]]))));
    const md = (await w.api('agreement.export', { ...args, format: 'md' })).content;
    const head = md.split('\n').find((line) => line.startsWith('| Question |'))!;
    expect(head.split('|').map((c) => c.trim()).filter((c) => c === 'α')).toEqual(['α']);
    const html = (await w.api('agreement.export', { ...args, format: 'html' })).content;
    const summaryHead = /<thead><tr><th>Question<\/th>.*?<\/thead>/.exec(html)![0];
    expect(summaryHead.match(/>α</g)).toHaveLength(1);
    // The row: Krippendorff's α (ordinal) 0.815 (Krippendorff 2011) once, as the headline.
    expect(md).toMatch(/\| Krippendorff's α \(ordinal\) \| \*\*0\.815\*\* \|/);
  });

  it('writes JSON: the report document with every statistics report, the methods and the units behind the numbers', async () => {
    const w = await labelled();
    const doc = JSON.parse((await w.api('agreement.export', { ...args, format: 'json' })).content);
    expect(doc).toMatchObject({ format: 'accord.agreement-report', formatVersion: 1, task: { name: 't', schemaId: 'report-test' } });
    expect(doc.methods).toMatchObject({ bootstrap: { resamples: 250, seed: 42, method: 'percentile' }, accordVersion: packageJson.version });
    expect(doc.questions[0].report.cohenKappa.value).toBeCloseTo(0.4842, 4);
    expect(doc.questions[0].disagreements).toHaveLength(6);
    expect(doc.skipped).toEqual([{ question: 'why', title: 'Why', reason: 'a text question has no categories to agree on' }]);
  });

  it('exports only the questions asked for, on the selection asked for', async () => {
    const w = await labelled();
    const doc = JSON.parse((await w.api('agreement.export', { ...args, format: 'json', questions: ['quality'], filter: { metadata: { domain: 'telecom' } } })).content);
    expect(doc.questions.map((q: { row: { question: string } }) => q.row.question)).toEqual(['quality']);
    expect(doc.selection).toMatchObject({ description: 'domain = telecom', items: 10 });
    const html = (await w.api('agreement.export', { ...args, format: 'html', filter: { metadata: { domain: 'telecom' } } })).content;
    expect(html).toContain('(domain = telecom)');
  });
});
