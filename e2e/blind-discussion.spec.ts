import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { callApi, importFiles, itemIdOf } from './api';
import { createTask, importReviewPlans, openAs } from './annotation';
import { FIXTURES, appLink, expect, screenshot, test, type AppFixture } from './fixtures';
import { CreateTaskDialog } from './pages/CreateTaskDialog';
import { ItemBrowser } from './pages/ItemBrowser';
import { LabelingScreen } from './pages/LabelingScreen';
import { TasksPage } from './pages/TasksPage';

// Issue 13, "blind stays blind, after submit too, and nothing anchors": what an annotator sees
// on the labeling screens of a blind task whose automatic scores are hidden (the defaults).

const SIZE = { width: 1400, height: 900 };

/** A page of its own at 1400 × 900, signed in as `name`, on the labeling screen of one item. */
async function labelingAs(browser: Browser, app: AppFixture, name: string, taskId: number, itemId: number): Promise<{ page: Page; screen: LabelingScreen }> {
  const page = await openAs(browser, app, name, 'Annotator', `#/tasks/${taskId}/label/${itemId}`);
  await page.setViewportSize(SIZE);
  const screen = new LabelingScreen(page);
  await screen.currentItem();
  return { page, screen };
}

test('after submitting, nothing of the other rater shows; the plan screen shows no tier or F1; the lead opens discussion and a change is marked as a revision', async ({ app, browser }) => {
  test.setTimeout(120_000);
  await importReviewPlans(app, 3);
  const taskId = await createTask(app, { name: 'blind review', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ana', 'ben'] });
  const pq1 = await itemIdOf(app, 'pq-001');
  // ben answered first, with a rationale, and submitted.
  await callApi(app, 'labels.save', { task: taskId, itemId: pq1, question: 'overall_quality', value: 'Good', rationale: 'uses the right table' }, 'ben');
  await callApi(app, 'labels.submit', { task: taskId, itemId: pq1 }, 'ben');
  // The lead sees pq-001's tier against its gold plan; the annotators must not.
  const leadView = await callApi<{ headline: string | null }>(app, 'items.get', { id: pq1 });
  expect(leadView.headline).not.toBeNull();

  const { page, screen } = await labelingAs(browser, app, 'ana', taskId, pq1);
  await expect(screen.blindNotice).toContainText('1 other rater’s labels stay hidden, before and after you submit');
  await expect(page.getByTestId('scores-notice')).toContainText('Automatic scores');
  // The plan screen: the plan, not "plan vs gold"; no F1 and no tier anywhere.
  await expect(page.getByTestId('plan-viewer')).toBeVisible();
  await expect(page.getByTestId('gold-comparison')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Plan vs gold/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Gold plan' })).toBeVisible();
  await expect(page.getByTestId('labeling-viewer')).not.toContainText(/F1|Precision|Recall|Extremely Good|tier/i);
  await page.mouse.move(700, 26);
  await screenshot(page, 'blind-annotator-plan');

  // ana answers Acceptable (key 4) and submits; back on the item, ben's answer is still hidden.
  await screen.keys('4');
  await screen.saved();
  await screen.submit();
  await page.goto(appLink(app, `#/tasks/${taskId}/label/${pq1}`));
  await screen.currentItem();
  await expect(screen.blindNotice).toContainText('You submitted this item');
  await expect(screen.blindNotice).toContainText('stay hidden after you submit too, until the lead opens the task for discussion');
  await expect(screen.othersAnswers).toHaveCount(0);
  await expect(screen.raterMarks).toHaveCount(0);
  await expect(page.getByTestId('question-card').first()).not.toContainText(/ben|uses the right table/);
  await page.mouse.move(700, 26);
  await screenshot(page, 'blind-annotator-after-submit');

  // The lead opens the task for discussion from the task page, after a confirmation that says what follows.
  const lead = await openAs(browser, app, 'lea', 'Lead', `#/tasks/${taskId}`);
  await lead.setViewportSize(SIZE);
  await expect(lead.getByTestId('discussion-state')).toContainText('Hidden, before and after submitting');
  await lead.getByRole('button', { name: 'Open for discussion' }).click();
  const confirm = lead.getByRole('dialog', { name: /Open “blind review” for discussion/ });
  await expect(confirm).toContainText('recorded as a revision after discussion');
  await screenshot(lead, 'blind-open-discussion-dialog');
  await confirm.getByRole('button', { name: 'Open for discussion' }).click();
  await expect(lead.getByTestId('discussion-state')).toContainText('Open for discussion since');
  await screenshot(lead, 'blind-task-page-discussion');

  // ana now sees ben's answer and rationale; changing hers to Good (key 5) is marked as a revision.
  await page.reload();
  await screen.currentItem();
  await expect(screen.blindNotice).toContainText('Open for discussion: 1 other rater’s answers are shown beside yours');
  await expect(screen.question('overall_quality').getByTestId('others-answers')).toContainText('ben · Good — uses the right table');
  await expect(screen.question('overall_quality').getByTestId('revision-mark')).toHaveCount(0);
  await screen.question('overall_quality').getByRole('radio', { name: /Good/ }).first().click();
  await screen.saved();
  await expect(screen.question('overall_quality').getByTestId('revision-mark')).toContainText('Revised after discussion · your original answer: Acceptable');
  await page.mouse.move(700, 26);
  await screenshot(page, 'blind-annotator-revision');

  // The adjudication item marks ana's revised answer with her original; it is no agreement yet (as the queue counts it).
  await lead.goto(appLink(app, `#/adjudication/${taskId}/items/${pq1}`));
  const group = lead.getByTestId('answer-group').filter({ has: lead.getByText('Good') }).first();
  await expect(group.locator('[data-testid="original-answer"][data-rater="ana"]')).toHaveText('before discussion: Acceptable');
  await expect(group.locator('[data-testid="original-answer"][data-rater="ben"]')).toHaveCount(0);
  await lead.mouse.move(700, 26);
  await screenshot(lead, 'blind-adjudication-revision');

  // Agreement stays on the originals, with the revised figure beside it.
  const summary = await callApi<{ selection: { labels: string; revisedLabels: number }; questions: { beside?: { labels: string } }[] }>(app, 'agreement.summary', { task: taskId, bootstrap: 0 });
  expect(summary.selection).toMatchObject({ labels: 'original', revisedLabels: 1 });
  expect(summary.questions[0].beside).toMatchObject({ labels: 'revised' });
  // The agreement screen says so, with the revised figure beside the headline.
  await lead.goto(appLink(app, `#/agreement/${taskId}`));
  await expect(lead.getByTestId('page-summary')).toContainText('original labels, as given before discussion (1 revised)');
  // ana and ben now agree on pq-001: 100% after discussion, 0% on the originals (κ undefined on one unit).
  await expect(lead.getByTestId('beside-kappa')).toHaveText('After discussion: — · 100.0%');
  await screenshot(lead, 'blind-agreement-originals');

  // On pq-002 ben answered Bad and ana Very Bad, both submitted; ana then clears hers during the
  // discussion. The adjudication item still shows it, as no answer with its original (agreement counts that).
  const pq2 = await itemIdOf(app, 'pq-002');
  for (const [rater, value] of [['ben', 'Bad'], ['ana', 'Very Bad']]) {
    await callApi(app, 'labels.save', { task: taskId, itemId: pq2, question: 'overall_quality', value }, rater);
    await callApi(app, 'labels.submit', { task: taskId, itemId: pq2 }, rater);
  }
  await callApi(app, 'labels.clear', { task: taskId, itemId: pq2, question: 'overall_quality' }, 'ana');
  await lead.goto(appLink(app, `#/adjudication/${taskId}/items/${pq2}`));
  const cleared = lead.getByTestId('answer-group').first();
  await expect(cleared.locator('[data-testid="cleared-answer"][data-rater="ana"]')).toContainText('no answercleared after discussion');
  await expect(cleared.locator('[data-testid="original-answer"][data-rater="ana"]')).toHaveText('before discussion: Very Bad');
  await lead.mouse.move(700, 26);
  await screenshot(lead, 'blind-adjudication-cleared');
});

test('the conversation and graph screens of an annotator show no trace scores and no validator verdicts', async ({ app, browser }) => {
  test.setTimeout(120_000);
  await importFiles(app, [path.join(FIXTURES, 'conversations.jsonl'), path.join(FIXTURES, 'releases', 'sharegpt-chats.json')], { dataset: 'conversations' });
  await importFiles(app, [path.join(FIXTURES, 'graph-damaged-item.json'), path.join(FIXTURES, 'graph-password-reset.json')], { dataset: 'graphs' });
  const conversations = await createTask(app, { name: 'validity', schema: { preset: 'conversation-validity' }, datasets: ['conversations'], annotators: ['ana'] });
  const graphs = await createTask(app, { name: 'graph review', schema: { preset: 'sop-graph-review' }, datasets: ['graphs'], annotators: ['ana'] });

  // Conversation: the lead gets the comparison with the expected trace; the annotator gets the calls made only.
  const conversation = await itemIdOf(app, 'demo-conv-001');
  expect((await callApi<{ metrics: { toolCallAccuracy?: number } | null }>(app, 'items.get', { id: conversation })).metrics?.toolCallAccuracy).toEqual(expect.any(Number));
  const { page } = await labelingAs(browser, app, 'ana', conversations, conversation);
  await expect(page.getByTestId('trace-aside')).toContainText('the comparison with the expected trace and its scores are hidden while you label');
  await expect(page.getByTestId('labeling-viewer')).not.toContainText(/Tool Call Accuracy|Differs from the expected trace|Exact match|missing parameter|Missing call/i);
  await page.mouse.move(700, 26);
  await screenshot(page, 'blind-annotator-conversation');
  // A chat with no expected trace (ShareGPT) has no comparison to hide: the screen says there is none.
  await page.goto(appLink(app, `#/tasks/${conversations}/label/${await itemIdOf(app, 'sg-001')}`));
  await expect(page.getByTestId('trace-aside')).toHaveText('0 calls made · no expected trace in the source, so nothing is scored');

  // Graph: the lead's item has validator findings (red badges on the item page); the annotator's screen has none.
  const rows = (await callApi<{ rows: { id: number; externalId: string; errorCount: number; kind: string }[] }>(app, 'items.list', { kind: 'graph' })).rows;
  const flawed = rows.find((r) => r.errorCount > 0) ?? rows[0];
  const leadFindings = (await callApi<{ findings: { validator: string }[] }>(app, 'items.get', { id: flawed.id })).findings;
  expect(leadFindings.length).toBeGreaterThan(0);
  await page.goto(appLink(app, `#/tasks/${graphs}/label/${flawed.id}`));
  await new LabelingScreen(page).currentItem();
  await expect(page.getByTestId('graph-node').first()).toBeVisible();
  await expect(page.getByTestId('graph-finding-badge')).toHaveCount(0);
  await expect(page.getByTestId('scores-notice')).toBeVisible();
  await page.mouse.move(700, 26);
  await screenshot(page, 'blind-annotator-graph');

  // The items list: no reference column for an annotator.
  await page.goto(appLink(app, '#/items'));
  await expect(page.getByRole('grid', { name: 'Items' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Reference' })).toHaveCount(0);
  // Filtering on findings reads only what she is shown: the graph with validator errors is not "with errors" for her.
  const browser_ = new ItemBrowser(page);
  await page.goto(appLink(app, '#/items?kind=graph'));
  await expect(browser_.row(flawed.externalId)).toBeVisible();
  await browser_.filterBy('Findings', 'With errors');
  await expect(page).toHaveURL(/severity=error/);
  await expect(browser_.row(flawed.externalId)).toHaveCount(0);
  await page.mouse.move(700, 26);
  await screenshot(page, 'blind-annotator-items-with-errors');
  // The item page says why the graph has no verdicts for her.
  await page.goto(appLink(app, `#/items/${flawed.id}`));
  await expect(page.getByTestId('item-scores-hidden')).toBeVisible();
  await expect(page.getByTestId('graph-node').first()).toBeVisible();
  await expect(page.getByTestId('graph-finding-badge')).toHaveCount(0);
});

test('the new-task dialog hides automatic scores by default and the task page says so; a lead can show them', async ({ app, browser }) => {
  await importReviewPlans(app, 3);
  const lead = await openAs(browser, app, 'lea', 'Lead', '#/tasks');
  await lead.setViewportSize(SIZE);
  const tasks = new TasksPage(lead);
  const dialog = new CreateTaskDialog(lead);
  await tasks.newTaskButton.click();
  await dialog.dialog.waitFor();
  const hide = dialog.dialog.getByRole('switch', { name: 'Hide automatic scores while labeling' }).or(dialog.dialog.getByRole('checkbox', { name: 'Hide automatic scores while labeling' }));
  await expect(hide).toBeChecked();
  await expect(dialog.dialog).toContainText('never see other raters’ labels, before or after submitting, until you open the task for discussion');
  await dialog.dialog.getByText('Hide automatic scores while labeling').scrollIntoViewIfNeeded();
  await screenshot(lead, 'blind-new-task-dialog');
  await dialog.name('scored');
  await dialog.datasets(['review-plans']);
  await dialog.annotators(['ana']);
  await dialog.dialog.getByRole('button', { name: 'Create task' }).click();
  await expect(dialog.dialog).toBeHidden();
  const created = (await callApi<{ id: number; name: string; hideScores: boolean }[]>(app, 'tasks.list')).find((t) => t.name === 'scored')!;
  expect(created.hideScores).toBe(true);

  // On the task page the lead shows them again with one switch.
  await lead.goto(appLink(app, `#/tasks/${created.id}`));
  const panel = lead.getByTestId('visibility-panel');
  await panel.getByRole('checkbox', { name: /Hidden while labeling/ }).or(panel.getByRole('switch', { name: /Hidden while labeling/ })).click();
  await expect.poll(async () => (await callApi<{ hideScores: boolean }>(app, 'tasks.get', { task: created.id })).hideScores).toBe(false);
});

test('before anyone says who they are, the items list keeps its Reference column and says which rows hide their scores', async ({ app, page }) => {
  await importReviewPlans(app, 2);
  await importFiles(app, [path.join(FIXTURES, 'conversations.jsonl')], { dataset: 'conversations' });
  // A task over the plans hides their automatic scores from everyone below adjudicator (the default).
  await createTask(app, { name: 'blind review', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ana', 'ben'] });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(appLink(app, '#/items'));
  const browser_ = new ItemBrowser(page);
  await expect(page.getByRole('columnheader', { name: 'Reference' })).toBeVisible();
  await expect(browser_.row('pq-001').getByTestId('headline-hidden')).toHaveText('hidden');
  await expect(browser_.row('demo-conv-001').getByTestId('headline-figure')).toHaveText(/^TCA \d\.\d\d$/);
  await page.mouse.move(700, 26);
  await screenshot(page, 'items-reference-hidden-rows-1280');
});
