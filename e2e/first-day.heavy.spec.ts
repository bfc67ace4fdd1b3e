import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RunSummary } from '../electron/api/contract';
import { status } from '../electron/testing/fakeOpenAiServer';
import { callApi } from './api';
import { openAs, pageErrors, writeReviewPlans } from './annotation';
import { expect, screenshot, test } from './fixtures';
import { fakeJudgeEndpoint, fixturePlans } from './judgeScenario';
import { AdjudicationScreens } from './pages/AdjudicationScreens';
import { AgreementDashboard } from './pages/AgreementDashboard';
import { AppShell } from './pages/AppShell';
import { CreateTaskDialog } from './pages/CreateTaskDialog';
import { ImportDialog } from './pages/ImportDialog';
import { CalibrationPage } from './pages/JudgeRunPages';
import { JudgesPage, RunDialog } from './pages/JudgesPage';
import { LabelingScreen } from './pages/LabelingScreen';
import { TaskPage } from './pages/TaskPage';
import { TasksPage } from './pages/TasksPage';

// A team's first day (issue 13, "Done when"), all through the UI at 1400×900: the lead lea
// imports a plans file and creates a blind task for ana and ben; they label with the keyboard in
// their own browsers, never seeing each other; the adjudicator ada accepts the unanimous answers
// and settles the rest, runs a judge whose endpoint fails on two plans, retries just those and
// reads the calibration; lea opens agreement and exports the HTML report. README's "Day one"
// shows these screenshots (docs/day-one/).

const VIEWPORT = { width: 1400, height: 900 };
test.use({ viewport: VIEWPORT, acceptDownloads: true });

const endpoint = fakeJudgeEndpoint('sk-e2e-first-day-0123456789');

/** Each annotator's key (the 7-point level: 1 Extremely Bad … 7 Extremely Good) per plan; they disagree on pq-002 and pq-004. */
const KEYS: Record<'ana' | 'ben', Record<string, string>> = {
  ana: { 'pq-001': '6', 'pq-002': '4', 'pq-003': '3', 'pq-004': '5', 'pq-005': '7' },
  ben: { 'pq-001': '6', 'pq-002': '5', 'pq-003': '3', 'pq-004': '4', 'pq-005': '7' },
};
const PLANS = 5;

test('a team’s first day: import, a blind task, two annotators, adjudication, a judge run with failed calls retried, the report', async ({ page, app, browser }) => {
  test.slow(); // four people's browsers and a judge run, on a shared 2-core machine

  // 1. The lead imports the team's plans through the import dialog.
  const shell = new AppShell(page);
  await shell.open(app.url, '#/datasets');
  const importer = await ImportDialog.openAsLead(shell);
  await importer.chooseFiles([writeReviewPlans(PLANS, 'team-plans')]);
  await importer.datasetName.fill('team plans');
  await importer.importAndWait();
  await expect(importer.resultFor('team-plans.jsonl')).toContainText(`${PLANS} items imported`);
  await screenshot(page, 'first-day-01-import');
  await importer.close();

  // 2. A blind task over them for ana and ben, with the plan-quality schema.
  await shell.navigate('Tasks');
  const tasks = new TasksPage(page);
  await tasks.newTaskButton.click();
  const create = new CreateTaskDialog(page);
  await create.name('plan review');
  await create.choosePreset('Plan quality');
  await create.datasets(['team plans']);
  await create.annotators(['ana', 'ben']);
  await expect(create.dialog.getByTestId('task-match-count')).toHaveText(`${PLANS} items match.`);
  await expect(create.dialog.getByRole('switch', { name: 'Blind' }).or(create.dialog.getByRole('checkbox', { name: 'Blind' }))).toBeChecked();
  await screenshot(page, 'first-day-02-new-task');
  await create.create();
  const taskPage = new TaskPage(page);
  await expect(taskPage.name).toHaveText('plan review');
  await expect(taskPage.progressRows).toHaveCount(2);

  // 3. ana and ben label blind, at the same time, each in their own browser, with the keyboard, and submit.
  const labelBlind = async (name: 'ana' | 'ben') => {
    const annotator = await openAs(browser, app, name, 'Annotator', '#/tasks', VIEWPORT);
    const screen = new LabelingScreen(annotator);
    await new TasksPage(annotator).label('plan review');
    for (let n = 0; n < PLANS; n++) {
      const item = await screen.currentItem();
      await expect(screen.blindNotice).toContainText(/^Blind: .*labels stay hidden, before and after you submit/);
      await expect(screen.othersAnswers).toHaveCount(0);
      await expect(screen.raterMarks).toHaveCount(0);
      await screen.keys(KEYS[name][item]);
      await screen.saved();
      if (n === 1) {
        await annotator.mouse.move(700, 26);
        await screenshot(annotator, `first-day-03-labeling-${name}`);
      }
      await screen.submit();
    }
    await expect(screen.done).toBeVisible();
    return { annotator, screen };
  };
  const [ana, ben] = await Promise.all([labelBlind('ana'), labelBlind('ben')]);
  // After both submitted too, neither sees the other on an item they disagree on.
  for (const [{ annotator, screen }, other] of [[ana, 'ben'], [ben, 'ana']] as const) {
    await annotator.getByRole('link', { name: 'Review from the first item' }).click();
    await screen.jumpTo('pq-002');
    await expect(screen.blindNotice).toContainText('1 other rater’s labels stay hidden after you submit too');
    await expect(screen.othersAnswers).toHaveCount(0);
    await expect(annotator.getByText(other, { exact: true })).toHaveCount(0);
    expect(pageErrors(annotator)).toEqual([]);
    await annotator.context().close();
  }
  await shell.navigate('Tasks');
  await expect(tasks.row('plan review').getByLabel(`ana: ${PLANS} of ${PLANS} submitted`)).toBeVisible();
  await expect(tasks.row('plan review').getByLabel(`ben: ${PLANS} of ${PLANS} submitted`)).toBeVisible();
  await screenshot(page, 'first-day-04-tasks');

  // 4. The adjudicator ada: the unanimous answers become gold at once; the two disagreements are settled.
  const ada = await openAs(browser, app, 'ada', 'Adjudicator', '#/adjudication', VIEWPORT);
  const adjudication = new AdjudicationScreens(ada);
  await adjudication.openQueue('plan review');
  await expect(adjudication.entries).toHaveCount(2);
  await expect(adjudication.entries.filter({ hasText: 'pq-002' })).toContainText('ana Acceptable, ben Good');
  await adjudication.acceptUnanimous();
  await expect(adjudication.unanimousResult).toHaveText('Accepted 3 unanimous answers as gold.');
  await screenshot(ada, 'first-day-05-adjudication-queue');
  await adjudication.openEntry('pq-002');
  await ada.keyboard.press(await adjudication.goldKey('overall_quality', '', 'Good'));
  await expect(adjudication.settled).toContainText('1 of 1 disagreement settled');
  await screenshot(ada, 'first-day-06-adjudication-item');
  await ada.keyboard.press('j');
  await expect(adjudication.itemId).toHaveText('pq-004');
  await ada.keyboard.press(await adjudication.goldKey('overall_quality', '', 'Acceptable'));
  await expect(adjudication.settled).toContainText('1 of 1 disagreement settled');
  await ada.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(adjudication.emptyQueue).toBeVisible();
  const gold = await callApi<{ source: string }[]>(app, 'gold.list', { task: 'plan review' });
  expect(gold.map((g) => g.source).sort()).toEqual(['adjudicated', 'adjudicated', 'unanimous', 'unanimous', 'unanimous']);

  // 5. ada runs a judge; its endpoint answers HTTP 500 to every attempt on two plans.
  const [second, fourth] = [fixturePlans()[1], fixturePlans()[3]];
  for (const plan of [second, fourth]) {
    // retry-after-ms 0: the run's five attempts follow each other at once, without backoff.
    endpoint().addRule({ match: `Query: ${plan.query}\n`, replies: Array.from({ length: 5 }, () => status(500, { 'retry-after-ms': '0' })) });
  }
  const adaShell = new AppShell(ada);
  await adaShell.goto('#/judges');
  const judges = new JudgesPage(ada);
  await judges.select('Plan quality (reference-based)');
  const runDialog = await judges.openRunDialog();
  await expect(runDialog.keyStatus).toContainText('a key is configured');
  await runDialog.fill({ baseUrl: endpoint().baseUrl, model: 'judge-a', concurrency: 2 });
  await screenshot(ada, 'first-day-07-judge-run-dialog');
  await runDialog.start();
  await expect(runDialog.result).toContainText('2 requests failed after every retry', { timeout: 30_000 });
  await runDialog.dialog.getByRole('button', { name: 'Open calibration' }).click();

  // The run page says it finished with gaps, how many calls failed and why, and retries just those.
  const [run] = await callApi<RunSummary[]>(app, 'judges.runs', { task: 'plan review' });
  expect(run).toMatchObject({ status: 'finished', total: PLANS, ok: PLANS - 2, failed: 2 });
  await expect(ada.getByTestId('run-status')).toHaveText('finished with gaps: 2 failed');
  const problems = ada.getByTestId('run-problems');
  await expect(problems).toContainText(`2 calls of ${PLANS} gave no readable answer`);
  await expect(problems).toContainText('2 failed:');
  await expect(problems).toContainText('500');
  await screenshot(ada, 'first-day-08-run-with-gaps');
  const sentBefore = endpoint().requests.length;
  await problems.getByRole('button', { name: 'Retry 2 failed calls' }).click();
  const retry = new RunDialog(ada);
  await expect(retry.dialog).toContainText(`2 of ${PLANS} requests left to send`);
  await retry.start();
  await expect(retry.result).toContainText(`Run ${run.id} finished.`, { timeout: 30_000 });
  await expect(retry.result).not.toContainText('failed');
  await retry.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(ada.getByTestId('run-status')).toHaveText('finished');
  await expect(problems).toHaveCount(0);
  // Only the two failed plans were sent again.
  const resent = endpoint().requests.slice(sentBefore).map((r) => r.prompt);
  expect(resent).toHaveLength(2);
  expect(resent.every((p) => p.includes(second.query) || p.includes(fourth.query))).toBe(true);
  expect(await callApi<RunSummary[]>(app, 'judges.runs', { task: 'plan review' })).toMatchObject([{ id: run.id, ok: PLANS, failed: 0, pending: 0 }]);

  // 6. The calibration: the verdict sentence, on all five plans.
  const calibration = new CalibrationPage(ada);
  await expect(calibration.verdict).toBeVisible();
  await expect(ada.getByTestId('verdict-message')).not.toBeEmpty();
  await expect(calibration.pair('judge:(gold)').getByTestId('pair-units')).toHaveText(String(PLANS));
  await screenshot(ada, 'first-day-09-calibration');
  expect(pageErrors(ada)).toEqual([]);

  // 7. The lead reads agreement and exports the HTML report, then opens it.
  const dashboard = new AgreementDashboard(page);
  await dashboard.openTask('plan review');
  await expect(dashboard.row('overall_quality')).toBeVisible();
  await expect(dashboard.headline('overall_quality')).not.toBeEmpty();
  await screenshot(page, 'first-day-10-agreement');
  const download = await dashboard.export('HTML report');
  const reportPath = path.join(test.info().outputPath(), download.suggestedFilename());
  await download.saveAs(reportPath);
  expect(reportPath).toMatch(/\.html$/);
  const report = await page.context().newPage();
  await report.goto(pathToFileURL(reportPath).href);
  await expect(report.locator('body')).toContainText('plan review');
  await expect(report.locator('body')).toContainText('overall_quality');
  // At 1400 px the summary table fits its card, every column in sight (it scrolls sideways only when it must).
  expect(await report.locator('table').first().evaluate((table) => table.scrollWidth <= table.clientWidth)).toBe(true);
  await screenshot(report, 'first-day-11-report');
});
