import { afterEach, describe, expect, it } from 'vitest';
import { FLEISS_1971_DIAGNOSES, KRIPPENDORFF_RELIABILITY_DATA, SAS_PROC_FREQ_TABLE } from '../../core/stats/testdata/published';
import { landisKochBand } from '../../core/stats/landisKoch';
import { agreementWorkspace, labelsFromTable, plan, type TestLabel } from '../../testing/agreementWorkspace';
import { csvRecords } from '../../core/stats/csvRecords';

const SCHEMA = {
  id: 'agreement-test',
  title: 'Agreement test',
  kinds: ['plan'],
  questions: [
    { id: 'grade', type: 'nominal', title: 'Grade (nominal)', options: ['low', 'mid', 'high'], required: false, allowNA: true },
    {
      id: 'level',
      type: 'ordinal',
      title: 'Level (ordinal)',
      levels: [
        { value: 'low', numeric: 0 },
        { value: 'mid', numeric: 1 },
        { value: 'high', numeric: 2 },
      ],
      required: false,
    },
    { id: 'five', type: 'ordinal', title: 'Five-point', levels: ['1', '2', '3', '4', '5'], required: false },
    { id: 'dx', type: 'nominal', title: 'Diagnosis', options: ['1', '2', '3', '4', '5'], required: false },
    { id: 'note', type: 'text', title: 'Note', required: false },
  ],
};

let ws: Awaited<ReturnType<typeof agreementWorkspace>> | undefined;
afterEach(() => ws?.dispose());
const open = async () => (ws = await agreementWorkspace(SCHEMA));
const defaults = { task: 't', bootstrap: 200, seed: 7 } as const;

describe('agreement.summary on labels that reproduce published tables', () => {
  it("gives the SAS PROC FREQ κ on a nominal question and weighted κ on an ordinal one (statsmodels test_inter_rater.py)", async () => {
    const w = await open();
    await w.labels([
      ...labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'grade', ['ana', 'ben']),
      ...labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'level', ['ana', 'ben']),
    ]);
    const summary = await w.api('agreement.summary', defaults);
    expect(summary.questions.map((q) => q.question)).toEqual(['grade', 'level', 'five', 'dx']);
    expect(summary.skipped).toEqual([{ question: 'note', title: 'Note', reason: 'a text question has no categories to agree on' }]);

    const grade = summary.questions[0];
    // SAS: Kappa 0.4842, ASE 0.1380 over 19 units, 13 of them on the diagonal. SAS's 95% CI
    // 0.2137–0.7547 is the untransformed Wald interval; Accord's is the Wald interval on Fisher's
    // z from the same κ and ASE, tanh(atanh 0.4842 ± 1.96 × 0.1380 / (1 − 0.4842²)) = 0.1734–0.7073.
    expect(grade).toMatchObject({ kind: 'nominal', units: 19, pairableUnits: 19, raters: ['ana', 'ben'], disagreements: 6 });
    expect(grade.percentAgreement).toBeCloseTo(13 / 19, 12);
    expect(grade.headline).toMatchObject({ statistic: 'cohenKappa', label: "Cohen's κ", n: 19 });
    // κ 0.484 alone is "moderate"; its band is judged on the bootstrap interval, which spans bands.
    expect(grade.headline.judgement).toEqual({ kind: 'range', low: landisKochBand(grade.headline.ci95Bootstrap![0]), high: landisKochBand(grade.headline.ci95Bootstrap![1]) });
    expect(grade.headline.value).toBeCloseTo(0.4842, 4);
    expect(grade.headline.ci95Normal![0]).toBeCloseTo(0.1734, 3);
    expect(grade.headline.ci95Normal![1]).toBeCloseTo(0.7073, 3);
    const [low, high] = grade.headline.ci95Bootstrap!;
    expect(low).toBeLessThan(grade.headline.value!);
    expect(high).toBeGreaterThan(grade.headline.value!);
    expect(grade.alpha?.metric).toBe('nominal');

    const level = summary.questions[1];
    expect(level.headline.statistic).toBe('weightedKappa.quadratic');
    expect(level.alpha?.metric).toBe('ordinal');
    const detail = await w.api('agreement.question', { ...defaults, question: 'level' });
    // SAS (Cicchetti–Allison weights on scores 0, 1, 2): Weighted Kappa 0.4701, ASE 0.1457.
    expect(detail.report!.weightedKappa.linear.value).toBeCloseTo(0.4701, 4);
    expect(detail.report!.weightedKappa.linear.se).toBeCloseTo(0.1457, 4);
    expect(level.headline.value).toBe(detail.report!.weightedKappa.quadratic.value);
    expect(detail.statistics.map((s) => s.key)).toContain('weightedKappa.linear');
  });

  it("gives Fleiss' κ = 0.430 on Fleiss (1971)'s diagnoses rated by six annotators", async () => {
    const w = await open();
    const rows: TestLabel[] = FLEISS_1971_DIAGNOSES.flatMap((ratings, u) => ratings.map((value, r): TestLabel => [plan(u + 1), '', 'dx', `rater${r + 1}`, String(value)]));
    await w.labels(rows);
    const dx = (await w.api('agreement.summary', defaults)).questions.find((q) => q.question === 'dx')!;
    // R irr kappam.fleiss(diagnoses): 0.4302445.
    expect(dx.headline).toMatchObject({ statistic: 'fleissKappa', ci95Normal: null, n: 30 });
    // Judged on the bootstrap interval (Fleiss' κ has no normal one), which spans bands.
    expect(dx.headline.judgement).toEqual({ kind: 'range', low: landisKochBand(dx.headline.ci95Bootstrap![0]), high: landisKochBand(dx.headline.ci95Bootstrap![1]) });
    expect(dx.headline.value).toBeCloseTo(0.4302445, 7);
    expect(dx.headline.reason).toMatch(/standard error only under H0/);
    expect(dx.headline.ci95Bootstrap).not.toBeNull();
    expect(dx).toMatchObject({ units: 30, pairableUnits: 30 });
    expect(dx.raters).toHaveLength(6);
  });

  it("gives Krippendorff's α with missing labels: 0.743 nominal, 0.815 ordinal, 0.849 interval (Krippendorff 2011)", async () => {
    const w = await open();
    const rows: TestLabel[] = KRIPPENDORFF_RELIABILITY_DATA.flatMap((ratings, u) =>
      ratings.flatMap((value, r): TestLabel[] => (value === null ? [] : [[plan(u + 1), '', 'five', `observer${r + 1}`, String(value)]])),
    );
    await w.labels(rows);
    const five = (await w.api('agreement.summary', defaults)).questions.find((q) => q.question === 'five')!;
    expect(five.alpha).toEqual({ metric: 'ordinal', value: expect.closeTo(0.815, 3) });
    // Unit 12 has a single rating: it is labeled but cannot show agreement.
    expect(five).toMatchObject({ units: 12, pairableUnits: 11 });
    expect(five.warnings.map((w) => w.code)).toContain('single-rated-units');
    const detail = await w.api('agreement.question', { ...defaults, question: 'five' });
    expect(detail.report!.krippendorffAlpha.nominal.value).toBeCloseTo(0.743, 3);
    expect(detail.report!.krippendorffAlpha.interval.value).toBeCloseTo(0.849, 3);
  });

  it("heads an ordinal question with four raters by Krippendorff's α (ordinal) = 0.815 (Krippendorff 2011), on its bootstrap interval, and says why", async () => {
    const w = await open();
    const rows: TestLabel[] = KRIPPENDORFF_RELIABILITY_DATA.flatMap((ratings, u) =>
      ratings.flatMap((value, r): TestLabel[] => (value === null ? [] : [[plan(u + 1), '', 'five', `observer${r + 1}`, String(value)]])),
    );
    await w.labels(rows);
    const summary = await w.api('agreement.summary', defaults);
    const five = summary.questions.find((q) => q.question === 'five')!;
    expect(five.headline).toMatchObject({ statistic: 'krippendorffAlpha.ordinal', label: "Krippendorff's α (ordinal)", ci95Normal: null, n: 11 });
    expect(five.headline.value).toBeCloseTo(0.815, 3);
    expect(five.headline.reason).toMatch(/^Krippendorff's α has no large-sample standard error in this report, so its interval is the bootstrap's/);
    const detail = await w.api('agreement.question', { ...defaults, question: 'five' });
    expect(five.headline.ci95Bootstrap).not.toBeNull();
    expect(five.headline.ci95Bootstrap).toEqual(detail.report!.bootstrap.krippendorffAlpha?.ordinal.ci95);
    const methods = summary.methods.statements.join(' ');
    expect(methods).toMatch(/with three or more raters, by Fleiss' κ \(Fleiss 1971\) for binary and nominal questions, and by Krippendorff's α \(ordinal\) for ordinal questions \(Krippendorff 2011\): Fleiss' κ ignores the order of the levels/);
    expect(methods).toMatch(/the usual reading of α is Krippendorff's \(2004\): rely on α ≥ \.800, and draw only tentative conclusions from α ≥ \.667/);
  });
});

/**
 * Pass/fail labels whose κ is known by hand: on the 10 telecom plans (pq-001, 004, …, 028) the
 * raters agree (5 pass/pass, 5 fail/fail: κ = 1); on the 10 retail plans (pq-002, 005, …) they
 * always disagree, half each way (p_o = 0, p_e = 0.5: κ = −1); all 20 together have p_o = 0.5
 * and both raters at 50% pass, so p_e = 0.5 and κ = 0.
 */
const OK_SCHEMA = {
  id: 'ok-test',
  title: 'Pass or fail',
  kinds: ['plan'],
  questions: [{ id: 'ok', type: 'binary', title: 'OK?', options: ['pass', 'fail'], required: false, allowNA: true }],
};
function okLabels(): TestLabel[] {
  const rows: TestLabel[] = [];
  for (let k = 0; k < 10; k++) {
    const telecom = plan(1 + 3 * k);
    const retail = plan(2 + 3 * k);
    const same = k < 5 ? 'pass' : 'fail';
    rows.push([telecom, '', 'ok', 'ana', same], [telecom, '', 'ok', 'ben', same]);
    rows.push([retail, '', 'ok', 'ana', k < 5 ? 'pass' : 'fail'], [retail, '', 'ok', 'ben', k < 5 ? 'fail' : 'pass']);
  }
  return rows;
}

describe('agreement on a selection', () => {
  it('recomputes on the items a metadata filter keeps, with the item browser’s filter semantics', async () => {
    const w = (ws = await agreementWorkspace(OK_SCHEMA));
    await w.labels(okLabels());
    const all = (await w.api('agreement.summary', defaults)).questions[0];
    expect(all).toMatchObject({ units: 20, percentAgreement: 0.5 });
    expect(all.headline.value).toBeCloseTo(0, 12);

    const telecom = await w.api('agreement.summary', { ...defaults, filter: { metadata: { domain: 'telecom' } } });
    expect(telecom.selection).toMatchObject({ items: 10, taskItems: 30, description: 'domain = telecom' });
    expect(telecom.questions[0]).toMatchObject({ units: 10, percentAgreement: 1, disagreements: 0 });
    expect(telecom.questions[0].headline.value).toBeCloseTo(1, 12);

    const retail = await w.api('agreement.summary', { ...defaults, filter: { metadata: { domain: 'retail' } } });
    expect(retail.questions[0].headline.value).toBeCloseTo(-1, 12);
    expect(retail.questions[0].headline.judgement).toEqual({ kind: 'band', band: 'poor' });

    const datasetId = (await w.api('datasets.list', {})).find((d) => d.name === 'plans')!.id;
    const search = await w.api('agreement.summary', { ...defaults, filter: { datasetId, search: 'pq-00' } });
    // pq-001 … pq-009: telecom 1, 4, 7 agree; retail 2, 5, 8 disagree; banking is unlabeled.
    expect(search.selection).toMatchObject({ items: 9, description: 'dataset plans, matching "pq-00"' });
    expect(search.questions[0]).toMatchObject({ units: 6, disagreements: 3 });
  });

  it('counts N/A as not rated, never as a category', async () => {
    const w = (ws = await agreementWorkspace(OK_SCHEMA));
    await w.labels([...okLabels(), [plan(3), '', 'ok', 'ana', 'N/A'], [plan(3), '', 'ok', 'ben', 'pass'], [plan(6), '', 'ok', 'ana', 'N/A'], [plan(6), '', 'ok', 'ben', 'N/A']]);
    const detail = await w.api('agreement.question', { ...defaults, question: 'ok' });
    // pq-003 has one rating (ben's): a unit, not pairable; pq-006 has none at all.
    expect(detail.row).toMatchObject({ units: 21, pairableUnits: 20, percentAgreement: 0.5 });
    expect(detail.row.headline.value).toBeCloseTo(0, 12);
    expect(detail.distribution.find((d) => d.rater === 'ana')).toMatchObject({ answered: 20, notApplicable: 2 });
    expect(detail.categories.map((c) => c.name)).toEqual(['fail', 'pass']);
    expect(detail.report!.categories.map((c) => c.name)).toEqual(['fail', 'pass']);
  });

  it("heads an ordinal question by α once a judge makes the raters three, and names it so", async () => {
    const w = await open();
    await w.labels(labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'level', ['ana', 'ben']));
    await w.judgeLabels('judge:strict@model#1', Array.from({ length: 19 }, (_, i): [string, string, string] => [plan(i + 1), 'level', i % 3 === 0 ? 'high' : 'mid']));
    const humans = (await w.api('agreement.summary', defaults)).questions.find((q) => q.question === 'level')!;
    expect(humans.headline).toMatchObject({ statistic: 'weightedKappa.quadratic', label: 'weighted κ (quadratic)' });
    const withJudge = await w.api('agreement.summary', { ...defaults, includeJudges: true });
    const level = withJudge.questions.find((q) => q.question === 'level')!;
    expect(level.raters).toHaveLength(3);
    expect(level.headline).toMatchObject({ statistic: 'krippendorffAlpha.ordinal', label: "Krippendorff's α (ordinal)" });
    const detail = await w.api('agreement.question', { ...defaults, includeJudges: true, question: 'level' });
    expect(level.headline.value).toBe(detail.report!.krippendorffAlpha.ordinal.value);
    // The exports' column of headline values says α where some are α: κ / α beside the nominal ones.
    const md = (await w.api('agreement.export', { ...defaults, includeJudges: true, format: 'md' })).content;
    expect(md).toContain("| Statistic | κ / α | 95% CI (normal) |");
    expect(md).toContain("| Krippendorff's α (ordinal) |");
    const html = (await w.api('agreement.export', { ...defaults, includeJudges: true, format: 'html' })).content;
    expect(html).toContain('<th class="num">κ / α</th>');
    expect(html).toContain('Headline κ / α per question');
    const csv = (await w.api('agreement.export', { ...defaults, includeJudges: true, format: 'csv' })).content;
    expect(csv).toContain("Krippendorff's α (ordinal)");
    // The CSV's headline column is `value`, named by `statistic` beside it: α is no `kappa`.
    const [head, ...rows] = csvRecords(csv);
    expect(head.fields).not.toContain('kappa');
    const levelRow = rows.find((r) => r.fields[head.fields.indexOf('question')] === 'level')!;
    expect(Number(levelRow.fields[head.fields.indexOf('value')])).toBe(level.headline.value);
    expect(csv).toContain("α's ordinal metric on the levels' order");
  });

  it('compares the humans only, unless judges are asked for', async () => {
    const w = (ws = await agreementWorkspace(OK_SCHEMA));
    await w.labels(okLabels());
    await w.judgeLabels('judge:strict@model#1', [[plan(1), 'ok', 'pass'], [plan(2), 'ok', 'fail']]);
    expect((await w.api('agreement.summary', defaults)).raters).toEqual(['ana', 'ben']);
    const withJudge = await w.api('agreement.summary', { ...defaults, includeJudges: true });
    expect(withJudge.raters).toEqual(['ana', 'ben', 'judge:strict@model#1']);
    expect(withJudge.questions[0].headline.statistic).toBe('fleissKappa');
    expect(withJudge.methods.statements.join(' ')).toMatch(/judge runs’ labels/);
    expect(withJudge.methods.statements.join(' ')).toMatch(/with three or more raters, by Fleiss' κ \(Fleiss 1971\) for binary and nominal questions\. Every pairwise κ is in the annotator matrix\./);
    const pair = await w.api('agreement.summary', { ...defaults, includeJudges: true, raters: ['ana', 'judge:strict@model#1'] });
    expect(pair.questions[0]).toMatchObject({ raters: ['ana', 'judge:strict@model#1'], pairableUnits: 2 });
    // A disagreeing unit marks the judge's answer, which a crowd's counts leave out and name apart.
    const detail = await w.api('agreement.question', { ...defaults, includeJudges: true, question: 'ok' });
    const ratings = detail.disagreements.flatMap((d) => d.ratings);
    expect(ratings.filter((r) => r.judge).map((r) => r.rater)).toEqual(expect.arrayContaining(['judge:strict@model#1']));
    expect(ratings.filter((r) => r.judge).every((r) => r.rater === 'judge:strict@model#1')).toBe(true);
  });

  it('compares only the judge runs asked for beside the humans, and lists every judge run there is to choose from', async () => {
    const w = (ws = await agreementWorkspace(OK_SCHEMA));
    await w.labels(okLabels());
    await w.judgeLabels('judge:strict@model#1', [[plan(1), 'ok', 'pass'], [plan(2), 'ok', 'fail']]);
    await w.judgeLabels('judge:random@model#2', [[plan(1), 'ok', 'fail'], [plan(2), 'ok', 'pass']]);
    const every = await w.api('agreement.summary', { ...defaults, includeJudges: true });
    expect(every.raters).toEqual(['ana', 'ben', 'judge:random@model#2', 'judge:strict@model#1']);
    expect(every.selection).toMatchObject({ judges: null, judgeRaters: ['judge:random@model#2', 'judge:strict@model#1'] });
    const one = await w.api('agreement.summary', { ...defaults, includeJudges: true, judges: ['judge:strict@model#1'] });
    expect(one.raters).toEqual(['ana', 'ben', 'judge:strict@model#1']);
    expect(one.questions[0].raters).toEqual(['ana', 'ben', 'judge:strict@model#1']);
    // Still offered: the run left out.
    expect(one.selection).toMatchObject({ judges: ['judge:strict@model#1'], judgeRaters: ['judge:random@model#2', 'judge:strict@model#1'] });
    expect(one.methods.statements.join(' ')).toMatch(/and the labels of the LLM judge run judge:strict@model#1\./);
    const detail = await w.api('agreement.question', { ...defaults, includeJudges: true, judges: ['judge:strict@model#1'], question: 'ok' });
    expect(detail.row.raters).toEqual(['ana', 'ben', 'judge:strict@model#1']);
    // Without includeJudges the list of judges asks for nothing.
    expect((await w.api('agreement.summary', { ...defaults, judges: ['judge:strict@model#1'] })).raters).toEqual(['ana', 'ben']);
  });

  it('bootstraps with the seed it reports: the same seed gives the same interval, another seed another', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels(labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'grade', ['ana', 'ben']));
    const a = await w.api('agreement.question', { ...defaults, question: 'grade', seed: 11 });
    const b = await w.api('agreement.question', { ...defaults, question: 'grade', seed: 11 });
    const c = await w.api('agreement.question', { ...defaults, question: 'grade', seed: 12 });
    expect(a.row.headline.ci95Bootstrap).toEqual(b.row.headline.ci95Bootstrap);
    expect(a.row.headline.ci95Bootstrap).not.toEqual(c.row.headline.ci95Bootstrap);
    expect(a.report!.bootstrap).toMatchObject({ resamples: 200, seed: 11, method: 'percentile' });
    expect(a.methods.bootstrap).toEqual({ resamples: 200, seed: 11, method: 'percentile' });
    const none = await w.api('agreement.question', { ...defaults, question: 'grade', bootstrap: 0 });
    expect(none.row.headline).toMatchObject({ ci95Bootstrap: null, reason: 'the bootstrap was not requested' });
    expect(none.methods.statements.join(' ')).toMatch(/No bootstrap was run/);
  });
});

describe('agreement.question drill-downs', () => {
  it('lists the disagreeing units with every rater’s answer, farthest first, for click-through', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels(labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'level', ['ana', 'ben']));
    const detail = await w.api('agreement.question', { ...defaults, question: 'level' });
    expect(detail.disagreementsTotal).toBe(6);
    // Table row 1 = ana "low": items 1–4 ben "mid", item 5 ben "high" (two steps apart) — first.
    expect(detail.disagreements[0]).toEqual({
      itemId: w.itemId(plan(5)),
      externalId: plan(5),
      dataset: 'plans',
      unitKey: '',
      unit: `${plan(5)}|`,
      ratings: [
        { rater: 'ana', value: 'low' },
        { rater: 'ben', value: 'high' },
      ],
      spread: 2,
    });
    expect(detail.disagreements.slice(1).every((d) => d.spread === 1)).toBe(true);
    const capped = await w.api('agreement.question', { ...defaults, question: 'level', maxDisagreements: 2 });
    expect(capped).toMatchObject({ disagreementsTotal: 6 });
    expect(capped.disagreements).toHaveLength(2);
  });

  it('gives the confusion matrix, the annotator matrix and per-category κ over the whole category universe', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels(labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'grade', ['ana', 'ben']));
    const detail = await w.api('agreement.question', { ...defaults, question: 'grade' });
    expect(detail.report!.pairs[0].confusionMatrix).toEqual({ rowRater: 'ana', columnRater: 'ben', levels: ['low', 'mid', 'high'], counts: SAS_PROC_FREQ_TABLE });
    expect(detail.raterMatrix.cells[0][1]!.kappa.value).toBeCloseTo(0.4842, 4);
    expect(detail.perCategory.map((c) => c.category)).toEqual(['low', 'mid', 'high']);
    // Prevalence: "low" 5 of 38 ratings (ana 5, ben 0), "mid" 8 + 13, "high" 6 + 6.
    expect(detail.perCategory.map((c) => c.prevalence)).toEqual([5 / 38, 21 / 38, 12 / 38]);
    expect(detail.distribution).toEqual([
      { rater: 'ana', counts: [5, 8, 6], answered: 19, notApplicable: 0 },
      { rater: 'ben', counts: [0, 13, 6], answered: 19, notApplicable: 0 },
    ]);
  });

  it('shows the plan-quality tiers per annotator', async () => {
    const v = (ws = await agreementWorkspace(OK_SCHEMA));
    await v.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'] });
    const rows = [
      ['Extremely Good', 'Very Good'],
      ['Very Good', 'Good'],
      ['Good', 'Acceptable'],
      ['Bad', 'Bad'],
    ];
    for (const [i, [ana, ben]] of rows.entries()) {
      await v.api('labels.save', { task: 'quality', itemId: v.itemId(plan(i + 1)), question: 'overall_quality', value: ana }, 'ana');
      await v.api('labels.save', { task: 'quality', itemId: v.itemId(plan(i + 1)), question: 'overall_quality', value: ben }, 'ben');
      await v.api('labels.submit', { task: 'quality', itemId: v.itemId(plan(i + 1)) }, 'ana');
      await v.api('labels.submit', { task: 'quality', itemId: v.itemId(plan(i + 1)) }, 'ben');
    }
    const detail = await v.api('agreement.question', { task: 'quality', question: 'overall_quality', bootstrap: 0 });
    // ana: A+ = Very Good or better (2 of 4), A = Good or better (3), B = Acceptable or better (3).
    expect(detail.tiers!.raters).toEqual([
      { rater: 'ana', answered: 4, shares: [{ tier: 'A+', count: 2, share: 0.5 }, { tier: 'A', count: 3, share: 0.75 }, { tier: 'B', count: 3, share: 0.75 }] },
      { rater: 'ben', answered: 4, shares: [{ tier: 'A+', count: 1, share: 0.25 }, { tier: 'A', count: 2, share: 0.5 }, { tier: 'B', count: 3, share: 0.75 }] },
    ]);
  });

  it('refuses a text question and an unknown one, saying which questions there are', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await expect(w.api('agreement.question', { ...defaults, question: 'note' })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/text question/) });
    await expect(w.api('agreement.question', { ...defaults, question: 'nope' })).rejects.toMatchObject({ code: 'not-found', message: expect.stringMatching(/questions: grade, level, five, dx, note/) });
    await expect(w.api('agreement.summary', { ...defaults, task: 'nope' })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('answers with every figure null and a reason when nothing is labeled yet', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    const summary = await w.api('agreement.summary', defaults);
    const grade = summary.questions[0];
    expect(grade).toMatchObject({ units: 0, pairableUnits: 0, raters: [], percentAgreement: null, disagreements: 0 });
    expect(grade.headline.value).toBeNull();
    expect(grade.headline.reason).toMatch(/no unit has two or more ratings/);
    expect(grade.warnings).toEqual([{ code: 'too-few-raters', message: 'Agreement needs at least two raters; found 0.' }]);
    expect(JSON.stringify(summary)).not.toMatch(/NaN|Infinity/);
  });

  it("heads a question nobody answered yet by the statistic the task's raters will give it, with not enough evidence (n = 0)", async () => {
    const w = await open();
    await w.labels(labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'grade', ['ana', 'ben']));
    const two = (await w.api('agreement.summary', defaults)).questions;
    // Two raters in the task: Cohen's κ for the nominal question, weighted κ for the ordinal one (not Fleiss' κ).
    expect(two.find((q) => q.question === 'dx')!.headline).toMatchObject({ statistic: 'cohenKappa', label: "Cohen's κ", value: null, n: 0 });
    expect(two.find((q) => q.question === 'five')!.headline).toMatchObject({ statistic: 'weightedKappa.quadratic', value: null });
    expect(two.find((q) => q.question === 'dx')!.headline.judgement).toEqual({ kind: 'insufficient', reason: 'not estimable: 0 units; an interval needs at least 10', n: 0, fewUnits: true });

    // Six raters in the task (on dx): Fleiss' κ and α (ordinal) for the questions nobody answered.
    const rows: TestLabel[] = FLEISS_1971_DIAGNOSES.flatMap((ratings, u) => ratings.map((value, r): TestLabel => [plan(u + 1), '', 'dx', `rater${r + 1}`, String(value)]));
    await w.labels(rows);
    const six = (await w.api('agreement.summary', defaults)).questions;
    expect(six.find((q) => q.question === 'five')!.headline).toMatchObject({ statistic: 'krippendorffAlpha.ordinal', label: "Krippendorff's α (ordinal)", value: null });
  });
});

describe('agreement as a job', () => {
  it('reports progress per question under the caller’s job id and stops when cancelled', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    const events: { done: number; total: number | null; finished: boolean }[] = [];
    w.ctx.emit = () => {};
    const start = w.ctx.jobs.start.bind(w.ctx.jobs);
    w.ctx.jobs.start = (label, jobId) => {
      const job = start(label, jobId);
      return { ...job, report: (done, total) => events.push({ done, total, finished: false }), finish: () => { events.push({ done: -1, total: null, finished: true }); job.finish(); } };
    };
    await w.api('agreement.summary', { ...defaults, jobId: 'agreement-1' });
    expect(events.map((e) => e.done)).toEqual([0, 1, 2, 3, 4, -1]);
    expect(events[0].total).toBe(4);

    const running = w.api('agreement.summary', { ...defaults, jobId: 'agreement-2' });
    expect(w.ctx.jobs.cancel('agreement-2')).toBe(true);
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
  });
});
