import { callApi } from './api';
import { importReviewPlans, openAs, pageErrors } from './annotation';
import { expect, screenshot, test } from './fixtures';
import { AdjudicationScreens } from './pages/AdjudicationScreens';
import { AppShell } from './pages/AppShell';
import { CreateTaskDialog } from './pages/CreateTaskDialog';
import { LabelingScreen } from './pages/LabelingScreen';
import { TaskPage } from './pages/TaskPage';
import { TasksPage } from './pages/TasksPage';
import { WhoAreYou } from './pages/WhoAreYou';

/**
 * What each annotator answers, by item: the key of the 7-point level (1 = Extremely Bad …
 * 7 = Extremely Good) and, per plan step, the tag keys (t incorrect tool, c complex prompt,
 * n no change). They disagree on pq-002's quality and on pq-003's step 2 tags only.
 */
const ANSWERS: Record<string, Record<string, { level: string; steps: string[][] }>> = {
  ana: {
    'pq-001': { level: '7', steps: [['n']] },
    'pq-002': { level: '3', steps: [['t']] },
    'pq-003': { level: '3', steps: [['n'], ['t']] },
  },
  ben: {
    'pq-001': { level: '7', steps: [['n']] },
    'pq-002': { level: '4', steps: [['t']] },
    'pq-003': { level: '3', steps: [['n'], ['t', 'c']] },
  },
};

/** Labels the item on screen with the keyboard only: level, then each step's tags (`]` to the next step). */
async function labelWithKeys(screen: LabelingScreen, answers: { level: string; steps: string[][] }) {
  await screen.keys(answers.level);
  for (const [i, tags] of answers.steps.entries()) {
    if (i > 0) await screen.keys(']');
    await screen.keys(...tags);
  }
}

test('two annotators label blind, never seeing each other, not even after submitting, until the lead opens discussion; then an adjudicator settles the disagreements', async ({ page, app, browser }) => {
  test.setTimeout(240_000);
  await importReviewPlans(app);

  // The lead creates the task: plan quality (7 levels) plus the per-step tags, for ana and ben, blind.
  const shell = new AppShell(page);
  await shell.open(app.url, '#/tasks');
  await new WhoAreYou(page).signIn('lea', 'Lead');
  const tasks = new TasksPage(page);
  await tasks.newTaskButton.click();
  const dialog = new CreateTaskDialog(page);
  await dialog.name('plan review');
  await dialog.choosePreset('Plan quality');
  await dialog.customize();
  await dialog.addPresetQuestions('Plan step tags');
  await expect(dialog.editor.getByTestId('schema-question')).toHaveCount(2);
  await screenshot(page, 'schema-editor');
  await dialog.useSchema();
  await dialog.datasets(['review-plans']);
  await dialog.annotators(['ana', 'ben']);
  await expect(dialog.dialog.getByTestId('task-match-count')).toHaveText('3 items match.');
  await screenshot(page, 'create-task-dialog');
  await dialog.create();
  const taskPage = new TaskPage(page);
  await expect(taskPage.name).toHaveText('plan review');
  await expect(taskPage.progressRows).toHaveCount(2);

  const anaPage = await openAs(browser, app, 'ana', 'Annotator');
  const benPage = await openAs(browser, app, 'ben', 'Annotator');
  const ana = new LabelingScreen(anaPage);
  const ben = new LabelingScreen(benPage);

  // Ben starts on pq-001 but does not submit; Ana, opening the same item, must not see his answer.
  await new TasksPage(benPage).label('plan review');
  await ben.jumpTo('pq-001');
  await ben.keys('7');
  await ben.saved();

  await new TasksPage(anaPage).label('plan review');
  for (let n = 0; n < 3; n++) {
    const item = await ana.currentItem();
    await expect(ana.blindNotice).toContainText('stay hidden, before and after you submit, until the lead opens the task for discussion');
    if (item === 'pq-001') await expect(ana.blindNotice).toContainText('1 other rater');
    await expect(ana.raterMarks).toHaveCount(0);
    await expect(ana.othersAnswers).toHaveCount(0);
    await labelWithKeys(ana, ANSWERS.ana[item]);
    await ana.saved();
    if (item === 'pq-003') {
      await anaPage.mouse.move(640, 26);
      await screenshot(anaPage, 'labeling-plan');
    }
    await ana.submit();
  }
  await expect(ana.done).toBeVisible();

  // Ben labels his queue; he never sees Ana's answers, before or after submitting (issue 13).
  for (let n = 0; n < 3; n++) {
    const item = await ben.currentItem();
    await expect(ben.blindNotice).toContainText('1 other rater’s labels stay hidden, before and after you submit');
    await expect(ben.othersAnswers).toHaveCount(0);
    if (item !== 'pq-001') await labelWithKeys(ben, ANSWERS.ben[item]);
    else await ben.keys(...ANSWERS.ben[item].steps[0]);
    await ben.saved();
    await ben.submit();
  }
  await expect(ben.done).toBeVisible();
  await benPage.getByRole('link', { name: 'Review from the first item' }).click();
  await ben.jumpTo('pq-002');
  await expect(ben.blindNotice).toContainText('1 other rater’s labels stay hidden after you submit too');
  await expect(ben.othersAnswers).toHaveCount(0);
  // Once the lead opens the task for discussion, ben sees Ana's answer on the items he submitted.
  await callApi(app, 'tasks.setDiscussion', { task: 'plan review', open: true });
  await benPage.reload();
  await ben.currentItem();
  await expect(ben.blindNotice).toContainText('1 other rater’s answers are shown beside yours');
  await expect(ben.question('overall_quality').getByTestId('others-answers')).toContainText('ana · Bad');
  await benPage.mouse.move(640, 26);
  await screenshot(benPage, 'labeling-plan-revealed');

  // The task list shows each annotator's progress.
  await shell.navigate('Tasks');
  await expect(tasks.row('plan review').getByTestId('annotator-progress')).toHaveCount(2);
  await expect(tasks.row('plan review').getByLabel('ana: 3 of 3 submitted')).toBeVisible();
  await expect(tasks.row('plan review')).toContainText('3 / 3');
  await screenshot(page, 'task-list');

  // The lead adjudicates: two items disagree; the unanimous answers are accepted in bulk.
  await shell.navigate('Adjudication');
  const adjudication = new AdjudicationScreens(page);
  await adjudication.openQueue('plan review');
  await expect(adjudication.entries).toHaveCount(2);
  // Per-item agreement (share of agreeing rater pairs, averaged over questions and units):
  // pq-002 (0 + 1) / 2 = 50 %, pq-003 (1 + 1 + 0) / 3 = 67 %. Below 60 % leaves pq-002 alone.
  await page.getByRole('button', { name: 'Agreement below' }).click();
  await page.getByLabel('Agreement threshold (%)').fill('60');
  await expect(adjudication.entries).toHaveCount(1);
  await expect(adjudication.entries).toContainText('pq-002');
  await page.getByRole('button', { name: 'Any disagreement' }).click();
  await expect(adjudication.entries).toHaveCount(2);
  await adjudication.acceptUnanimous();
  // pq-001 quality and step 1, pq-002 step 1, pq-003 quality and step 1: 5 unanimous answers.
  await expect(adjudication.unanimousResult).toHaveText('Accepted 5 unanimous answers as gold.');
  await screenshot(page, 'adjudication-queue');

  await adjudication.openEntry('pq-002');
  await expect(adjudication.group('overall_quality').getByTestId('rater-answer')).toHaveCount(2);
  await expect(adjudication.group('overall_quality')).toContainText('ana');
  await screenshot(page, 'adjudication-item');
  // Gold with the keyboard: the number of the answer to keep ("Acceptable").
  const acceptable = await adjudication.goldKey('overall_quality', '', 'Acceptable');
  await page.keyboard.press(acceptable);
  await expect(adjudication.settled).toContainText('1 of 1 disagreement settled');
  await page.keyboard.press('j');
  await expect(adjudication.itemId).toHaveText('pq-003');
  const both = await adjudication.goldKey('step_tags', 'step:2', 'Incorrect tool, Complex prompt');
  await page.keyboard.press(both);
  await expect(adjudication.settled).toContainText('1 of 1 disagreement settled');
  await screenshot(page, 'adjudication-item-settled');
  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(adjudication.emptyQueue).toBeVisible();

  // Checked through the API: 5 unanimous + 2 adjudicated gold labels, the adjudicated ones as chosen.
  const gold = await callApi<{ question: string; unit: string; value: unknown; source: string }[]>(app, 'gold.list', { task: 'plan review' });
  expect(gold).toHaveLength(7);
  expect(gold.filter((g) => g.source === 'adjudicated').map((g) => [g.question, g.unit, g.value])).toEqual(
    expect.arrayContaining([
      ['overall_quality', '', 'Acceptable'],
      ['step_tags', 'step:2', ['incorrect_tool', 'complex_prompt']],
    ]),
  );
  expect([...pageErrors(anaPage), ...pageErrors(benPage)]).toEqual([]);
});
