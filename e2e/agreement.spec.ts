import fs from 'node:fs';
import path from 'node:path';
import { callApi, importFiles, itemIdOf } from './api';
import { createTask } from './annotation';
import { FIXTURES, expect, screenshot, test, type AppFixture } from './fixtures';
import { AgreementDashboard } from './pages/AgreementDashboard';
import { AppShell } from './pages/AppShell';
import { ItemPage } from './pages/ItemPage';
import { WhoAreYou } from './pages/WhoAreYou';

const QUALITY = ['Extremely Bad', 'Very Bad', 'Bad', 'Acceptable', 'Good', 'Very Good', 'Extremely Good'];
const TOOLS = ['T2S', 'RAG', 'LLM'];
const TAGS = ['incorrect_tool', 'incorrect_prompt', 'complex_prompt', 'repeated_detail'];

/** The plan-review schema of the spec: a 7-point scale with the plan-quality tiers, pass/fail, a nominal and a tag question. */
const SCHEMA = {
  id: 'plan-review',
  title: 'Plan review',
  kinds: ['plan'],
  questions: [
    {
      id: 'overall_quality',
      type: 'ordinal',
      title: 'Overall quality',
      levels: QUALITY.map((value, i) => ({ value, numeric: i + 1 })),
      tiers: [
        { name: 'A+', minNumeric: 6, description: 'Very Good or better' },
        { name: 'A', minNumeric: 5, description: 'Good or better' },
        { name: 'B', minNumeric: 4, description: 'Acceptable or better' },
      ],
      required: false,
    },
    { id: 'executable', type: 'binary', title: 'Executable as written', options: ['pass', 'fail'], required: false },
    { id: 'main_tool', type: 'nominal', title: 'Main tool', options: TOOLS, required: false },
    { id: 'problems', type: 'multilabel', title: 'Problems', tags: TAGS, required: false },
    { id: 'rationale', type: 'text', title: 'Rationale', required: false },
  ],
};

/**
 * Two annotators' labels on the 30 demo plans, deterministic and plausible: ben mostly agrees
 * with ana, sometimes a level apart, now and then further; tool and tags rarely differ.
 */
function labelsOf(i: number): { ana: Record<string, unknown>; ben: Record<string, unknown> } {
  const quality = Math.min(6, [5, 4, 3, 5, 6, 2, 4, 5, 6, 1][i % 10] + (i % 7 === 0 ? 1 : 0));
  const shift = i % 5 === 0 ? -1 : i % 11 === 0 ? 2 : i % 3 === 0 ? 1 : 0;
  const tags = (k: number) => TAGS.filter((_, t) => (k + t) % (t + 3) === 0);
  return {
    ana: { overall_quality: QUALITY[quality], executable: quality >= 2 ? 'pass' : 'fail', main_tool: TOOLS[i % 3], problems: tags(i) },
    ben: {
      overall_quality: QUALITY[Math.max(0, Math.min(6, quality + shift))],
      executable: quality + shift >= 2 ? 'pass' : 'fail',
      main_tool: TOOLS[i % 8 === 0 ? (i + 1) % 3 : i % 3],
      problems: i % 6 === 0 ? tags(i + 1) : tags(i),
    },
  };
}

/** Creates the task and saves and submits both annotators' labels on the first `items` plans through the API, as the labeling screen does. */
async function seedTask(app: AppFixture, items = 30): Promise<number> {
  await importFiles(app, [path.join(FIXTURES, 'plans.jsonl')]);
  const task = await createTask(app, { name: 'Plan review', schema: { json: SCHEMA }, datasets: ['plans'], annotators: ['ana', 'ben'] });
  for (let i = 1; i <= items; i++) {
    const itemId = await itemIdOf(app, `pq-${String(i).padStart(3, '0')}`);
    const answers = labelsOf(i);
    for (const annotator of ['ana', 'ben'] as const) {
      for (const [question, value] of Object.entries(answers[annotator])) {
        await callApi(app, 'labels.save', { task, itemId, question, value }, annotator);
      }
      await callApi(app, 'labels.submit', { task, itemId }, annotator);
    }
  }
  return task;
}

/** A band judgement as the app writes it (electron/common/bandText). */
type Judgement = { kind: 'band'; band: string } | { kind: 'range'; low: string; high: string } | { kind: 'insufficient'; n: number; fewUnits: boolean };
const judgementText = (j: Judgement) => (j.kind === 'band' ? j.band : j.kind === 'range' ? `${j.low} – ${j.high}` : `${j.fewUnits ? 'not enough evidence' : 'no band without an interval'} (n = ${j.n})`);

test('the agreement dashboard shows each question, drills down, links to the items and exports the report', async ({ page, app }) => {
  test.setTimeout(180_000);
  const task = await seedTask(app);
  const expected = await callApi<{ questions: { question: string; headline: { value: number; judgement: Judgement } }[] }>(app, 'agreement.summary', { task, bootstrap: 1000, seed: 1 });
  const kappaOf = (q: string) => expected.questions.find((r) => r.question === q)!.headline.value.toFixed(3);

  // Agreement shows every rater's labels: the one looking says who they are, here an adjudicator.
  const shell = new AppShell(page);
  await shell.open(app.url, '#/agreement');
  await new WhoAreYou(page).signIn('ada', 'Adjudicator');
  const dashboard = new AgreementDashboard(page);
  await dashboard.openTask('Plan review');
  await expect(page).toHaveURL(new RegExp(`#/agreement/${task}$`));
  for (const q of ['overall_quality', 'executable', 'main_tool', 'problems']) await expect(dashboard.headline(q)).toHaveText(kappaOf(q).replace('-', '−'));
  // Each band is the API's judgement on the interval and n; only a single band is tinted.
  for (const q of expected.questions) {
    await expect(dashboard.band(q.question)).toHaveText(judgementText(q.headline.judgement));
    await expect(dashboard.band(q.question)).toHaveAttribute('data-kind', q.headline.judgement.kind);
  }
  await expect(dashboard.row('overall_quality')).toContainText('weighted κ (quadratic)');
  await expect(dashboard.row('problems')).toContainText('macro κ (mean over tags)');
  await expect(page.getByText('Not analysed: Rationale')).toBeVisible();
  await expect(dashboard.pageSummary).toContainText('all 30 items · raters ana, ben');
  // The prevalence and bias indices beside κ, AC1 and PABAK, for the pass/fail question.
  const indices = dashboard.row('executable').getByTestId('prevalence-bias-index').locator('div');
  await expect(indices.first()).toHaveText(/^PI −?\d\.\d{3}$/);
  await expect(indices.last()).toHaveText(/^BI −?\d\.\d{3}$/);
  // Every column in sight in a 1280-px window (PABAK hid past the edge when PI and BI shared a line).
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect.poll(() => dashboard.summaryTable.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, 'agreement-dashboard-1280');
  await page.setViewportSize({ width: 1440, height: 900 });
  // 86.7% agreement with κ = 0.43: the kappa paradox is flagged on the row.
  await expect(dashboard.row('executable').getByLabel(/warning/)).toBeVisible();
  await screenshot(page, 'agreement-dashboard');

  // Recompute on a selection: the telecom plans only.
  await dashboard.filterMetadata('domain', 'telecom');
  await expect(dashboard.pageSummary).toContainText('domain = telecom: 10 of 30 items');
  await expect(page).toHaveURL(/m\.domain=telecom/);
  const telecom = await callApi<{ questions: { question: string; headline: { value: number } }[] }>(app, 'agreement.summary', { task, bootstrap: 1000, seed: 1, filter: { metadata: { domain: 'telecom' } } });
  await expect(dashboard.headline('overall_quality')).toHaveText(telecom.questions[0].headline.value.toFixed(3));
  await screenshot(page, 'agreement-dashboard-filtered');
  await dashboard.selection.getByRole('button', { name: 'All items' }).click();
  await expect(dashboard.pageSummary).toContainText('all 30 items');

  // Drill down: the ordinal question's confusion matrix, annotators, per-category κ and disagreements.
  await dashboard.openQuestion('Overall quality');
  await expect(page).toHaveURL(new RegExp(`#/agreement/${task}/overall_quality$`));
  await expect(dashboard.confusionMatrix).toBeVisible();
  await expect(dashboard.confusionMatrix.getByRole('columnheader', { name: 'Extremely Good' })).toBeVisible();
  // The pair's band names its κ and the (normal) interval it is judged on.
  await expect(page.getByTestId('pair-band')).toHaveText(/^Landis–Koch \(weighted κ \(quadratic\)\): [a-z –]+, on its 95% CI \[0\.\d{3}, 0\.\d{3}\]$/);
  await screenshot(page, 'agreement-confusion-matrix');

  await dashboard.showView('Annotators');
  await expect(dashboard.raterMatrix).toContainText(kappaOf('overall_quality'));
  await expect(dashboard.tierShares).toContainText('A+');
  await screenshot(page, 'agreement-annotators');

  await dashboard.showView('Per category');
  await expect(dashboard.categoryChart.locator('svg').first()).toBeVisible();
  await screenshot(page, 'agreement-per-category');

  await dashboard.showView(/^Disagreements/);
  await expect(dashboard.disagreeingUnits.first()).toBeVisible();
  await screenshot(page, 'agreement-disagreements');

  await dashboard.showView('All statistics');
  const statistics = page.getByRole('table', { name: 'Statistics' });
  await expect(statistics).toContainText("Krippendorff's α (ordinal)");
  await expect(statistics).toContainText('ICC2 (two-way random, single rater, absolute agreement)');
  await expect(statistics).toContainText("Kendall's W");
  await screenshot(page, 'agreement-statistics');

  // The multilabel question: per-tag κ and a tag's confusion matrix.
  await dashboard.backToQuestions('Plan review');
  await dashboard.openQuestion('Problems');
  await dashboard.showView('Per tag');
  await expect(dashboard.categoryChart).toBeVisible();
  await screenshot(page, 'agreement-per-tag');

  // Click through from a disagreeing unit to its item.
  await dashboard.backToQuestions('Plan review');
  await dashboard.openQuestion('Overall quality');
  await dashboard.showView(/^Disagreements/);
  const first = dashboard.disagreeingUnits.first().getByRole('link');
  const externalId = (await first.textContent())!;
  await first.click();
  await expect(new ItemPage(page).externalId).toHaveText(externalId);
  await expect(page).toHaveURL(/#\/items\/\d+$/);
  await page.goBack();
  await expect(dashboard.questionTitle).toContainText('Overall quality');

  // Export the HTML report; it states its methods and opens on its own.
  const download = await dashboard.export('HTML report');
  expect(download.suggestedFilename()).toMatch(/^agreement-plan-review-\d{4}-\d{2}-\d{2}\.html$/);
  const file = test.info().outputPath('agreement-report.html');
  await download.saveAs(file);
  const html = fs.readFileSync(file, 'utf8');
  expect(html).toContain('<h2>Methods</h2>');
  expect(html).toMatch(/1,000 resamples of units with replacement, seed 1/);
  expect(html).not.toMatch(/<script/);
  const report = await page.context().newPage();
  await report.goto(`file://${file}`);
  await expect(report.getByRole('heading', { name: 'Plan review', level: 1 })).toBeVisible();
  await report.setViewportSize({ width: 1280, height: 1000 });
  await screenshot(report, 'agreement-report-html');
  await report.close();

  // The LaTeX table for a paper: the .tex and the .bib of its references.
  const [tex, bib] = await dashboard.exportAll('LaTeX table', 2);
  expect(tex.suggestedFilename()).toMatch(/^agreement-plan-review-\d{4}-\d{2}-\d{2}\.tex$/);
  expect(bib.suggestedFilename()).toMatch(/\.bib$/);
  const texFile = test.info().outputPath('agreement.tex');
  await tex.saveAs(texFile);
  expect(fs.readFileSync(texFile, 'utf8')).toContain('\\begin{tabular}');
});

test('a band is claimed only on the evidence: five units say "not enough evidence", in grey', async ({ page, app }) => {
  test.setTimeout(120_000);
  const task = await seedTask(app, 5);
  const summary = await callApi<{ questions: { question: string; headline: { value: number; ci95Normal: unknown; ci95Bootstrap: unknown; judgement: Judgement } }[] }>(app, 'agreement.summary', { task, bootstrap: 1000, seed: 1 });
  const quality = summary.questions.find((q) => q.question === 'overall_quality')!.headline;
  // Five units are under the ten an interval needs (MIN_INTERVAL_UNITS): no interval, so no band, whatever κ is.
  expect(quality).toMatchObject({ ci95Normal: null, ci95Bootstrap: null, judgement: { kind: 'insufficient', n: 5 } });

  const shell = new AppShell(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shell.open(app.url, '#/agreement');
  await new WhoAreYou(page).signIn('ada', 'Adjudicator');
  const dashboard = new AgreementDashboard(page);
  await dashboard.openTask('Plan review');
  for (const q of ['overall_quality', 'executable', 'main_tool']) await expect(dashboard.band(q)).toHaveText('not enough evidence (n = 5)');
  await dashboard.openQuestion('Overall quality');
  const chip = dashboard.headlineBand;
  await expect(chip).toHaveText('not enough evidence (n = 5)');
  await expect(chip).toHaveAttribute('data-kind', 'insufficient');
  await expect(chip).toHaveAttribute('title', /not estimable: 5 units/);
  // Neutral grey (#f0f0f0), not a verdict's green or red.
  await expect.poll(() => chip.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor)).toBe('rgb(240, 240, 240)');
  await screenshot(page, 'agreement-band-not-enough-evidence-1280');
});

test("with three raters the 7-point question is headed by Krippendorff's α (ordinal), named as such, beside Fleiss' κ on the nominal one", async ({ page, app }) => {
  test.setTimeout(120_000);
  await importFiles(app, [path.join(FIXTURES, 'plans.jsonl')]);
  const task = await createTask(app, { name: 'Plan review', schema: { json: SCHEMA }, datasets: ['plans'], annotators: ['ana', 'ben', 'cy'] });
  for (let i = 1; i <= 12; i++) {
    const itemId = await itemIdOf(app, `pq-${String(i).padStart(3, '0')}`);
    const { ana, ben } = labelsOf(i);
    // cy answers as ana, a level higher on every third plan ("Good" against "Very Good"): Fleiss' κ would call that total disagreement.
    const cy = { overall_quality: QUALITY[Math.min(6, QUALITY.indexOf(ana.overall_quality as string) + (i % 3 === 0 ? 1 : 0))], main_tool: ana.main_tool };
    for (const [annotator, answers] of [['ana', ana], ['ben', ben], ['cy', cy]] as const) {
      for (const question of ['overall_quality', 'main_tool'] as const) await callApi(app, 'labels.save', { task, itemId, question, value: answers[question] }, annotator);
      await callApi(app, 'labels.submit', { task, itemId }, annotator);
    }
  }
  type Headline = { statistic: string; label: string; value: number };
  const summary = await callApi<{ questions: { question: string; headline: Headline }[] }>(app, 'agreement.summary', { task, bootstrap: 1000, seed: 1 });
  const headlineOf = (q: string) => summary.questions.find((r) => r.question === q)!.headline;
  expect(headlineOf('overall_quality')).toMatchObject({ statistic: 'krippendorffAlpha.ordinal', label: "Krippendorff's α (ordinal)" });
  expect(headlineOf('main_tool')).toMatchObject({ statistic: 'fleissKappa', label: "Fleiss' κ" });

  const shell = new AppShell(page);
  await shell.open(app.url, '#/agreement');
  await new WhoAreYou(page).signIn('ada', 'Adjudicator');
  const dashboard = new AgreementDashboard(page);
  await dashboard.openTask('Plan review');
  await expect(dashboard.headline('overall_quality')).toHaveText(headlineOf('overall_quality').value.toFixed(3).replace('-', '−'));
  await expect(dashboard.row('overall_quality')).toContainText("Krippendorff's α (ordinal)");
  await expect(dashboard.row('main_tool')).toContainText("Fleiss' κ");
  // The column holds a κ and an α: its header says so, never κ alone.
  await expect(dashboard.summaryTable.locator('thead')).toContainText('κ / α');
  await dashboard.openQuestion('Overall quality');
  await expect(page.getByTestId('headline-figure')).toContainText("Krippendorff's α (ordinal)");
  // Krippendorff's (2004) reading of α beside it, and α shown once: no second α card.
  await expect(page.getByTestId('headline-figure').getByTestId('alpha-reading')).toHaveText('≥ .800 reliable, ≥ .667 tentative (Krippendorff)');
  await expect(page.getByTestId('alpha-figure')).toHaveCount(0);
  await screenshot(page, 'agreement-three-raters-alpha');
});

test('going from the Tasks screen to Agreement, a task is opened from the Agreement list even while it still loads', async ({ page, app }) => {
  const task = await seedTask(app, 2);
  const shell = new AppShell(page);
  await shell.open(app.url, '#/tasks');
  await new WhoAreYou(page).signIn('lea', 'Lead');
  await expect(page.getByRole('table', { name: 'Tasks' }).getByRole('link', { name: 'Plan review' })).toBeVisible();
  // The Agreement screen's code arrives late (a busy machine): meanwhile the Tasks screen, with a
  // table of the same tasks, is still shown, and a click there would open the task instead.
  await page.route('**/assets/AgreementTasksPage-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await new AgreementDashboard(page).openTask('Plan review');
  await expect(page).toHaveURL(new RegExp(`#/agreement/${task}$`));
});

test('#/tasks/:id/agreement leads to the dashboard, and an empty task says what is missing', async ({ page, app }) => {
  await importFiles(app, [path.join(FIXTURES, 'plans.jsonl')]);
  const task = await createTask(app, { name: 'Empty', schema: { json: SCHEMA }, datasets: ['plans'], annotators: ['ana', 'ben'] });
  const shell = new AppShell(page);
  await shell.open(app.url, `#/tasks/${task}/agreement`);
  await new WhoAreYou(page).signIn('lea', 'Lead');
  const dashboard = new AgreementDashboard(page);
  await expect(page).toHaveURL(new RegExp(`#/agreement/${task}$`));
  await expect(dashboard.headline('overall_quality')).toHaveText('—');
  await expect(dashboard.row('overall_quality').getByLabel('1 warning')).toBeVisible();
});

test('an annotator, who labels blind, cannot open agreement; after switching to adjudicator they can', async ({ page, app }) => {
  const task = await seedTask(app, 6);
  const shell = new AppShell(page);
  const dashboard = new AgreementDashboard(page);
  const whoAreYou = new WhoAreYou(page);

  // ana annotates: the navigation marks Agreement (and Adjudication) locked, and the screen says why and which roles open it.
  await shell.open(app.url, '#/agreement');
  await whoAreYou.signIn('ana', 'Annotator');
  await expect(dashboard.refusal).toBeVisible();
  await expect(dashboard.refusal.getByRole('heading', { name: 'Agreement is for adjudicators and leads' })).toBeVisible();
  await expect(dashboard.refusal).toContainText('You are signed in as ana, an annotator.');
  await expect(dashboard.refusal).toContainText('Adjudicator');
  await expect(dashboard.refusal).toContainText('Lead');
  await expect(dashboard.navLock('Agreement')).toBeVisible();
  await expect(dashboard.navLock('Adjudication')).toBeVisible();
  await expect(dashboard.taskList).toHaveCount(0);
  await screenshot(page, 'agreement-refused');

  // A deep link to a question's drill-downs is refused the same way: no matrix, no disagreeing units.
  await shell.goto(`#/agreement/${task}/overall_quality?view=disagreements`);
  await expect(dashboard.refusal).toBeVisible();
  await expect(dashboard.confusionMatrix).toHaveCount(0);
  await expect(dashboard.disagreeingUnits).toHaveCount(0);
  await expect(dashboard.summaryTable).toHaveCount(0);
  // The server refuses too, whoever's screen asks.
  await expect(callApi(app, 'agreement.question', { task, question: 'overall_quality' }, 'ana')).rejects.toThrow(
    "agreement shows every rater's labels, so agreement.question is for adjudicators and leads; ana is an annotator",
  );

  // "Back to my tasks" leads to the annotator's work.
  await dashboard.refusal.getByRole('link', { name: 'Back to my tasks' }).click();
  await expect(page).toHaveURL(/#\/tasks$/);
  await page.goBack();

  // Switching to the adjudicator role opens the same link: the drill-down with every rater's answers.
  await dashboard.refusal.getByRole('button', { name: 'Switch role' }).click();
  await whoAreYou.signIn('ada', 'Adjudicator');
  await expect(dashboard.refusal).toHaveCount(0);
  await expect(dashboard.questionTitle).toContainText('Overall quality');
  await expect(dashboard.disagreeingUnits.first()).toBeVisible();
  await expect(dashboard.navLock('Agreement')).toHaveCount(0);
});
