import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callApi, importFiles } from './api';
import { importReviewPlans } from './annotation';
import { CreateTaskDialog } from './pages/CreateTaskDialog';
import { TasksPage } from './pages/TasksPage';
import { AdjudicationScreens } from './pages/AdjudicationScreens';
import { AgreementDashboard } from './pages/AgreementDashboard';
import { AppShell } from './pages/AppShell';
import { WhoAreYou } from './pages/WhoAreYou';
import { expect, screenshot, test } from './fixtures';

/**
 * A JUDGE-BENCH-shaped file, generated: 40 replies scored 1–5 by 15 raters; raters 1–13 give the
 * reply's grade (one level off now and then), raters 14 and 15 score against it.
 */
function judgeBenchFile(): string {
  const instances = Array.from({ length: 40 }, (_, i) => {
    const grade = 1 + (i % 5);
    const scores = Array.from({ length: 15 }, (_, r) => (r >= 13 ? 6 - grade : (i + r) % 7 === 0 ? Math.min(5, grade + 1) : grade));
    return { id: i + 1, instance: `Reply ${i + 1}`, annotations: { helpfulness: { mean_human: 0, individual_human_scores: scores } } };
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'accord-many-')), 'crowd-replies.json');
  fs.writeFileSync(file, JSON.stringify({ dataset: 'Crowd replies', annotations: [{ metric: 'helpfulness', category: 'graded', prompt: 'Rate the reply 1–5.', worst: 1, best: 5 }], instances }));
  return file;
}

test('agreement among 15 raters shows a summary of the pairs, the raters who stand out, and all pairs one click away', async ({ page, app }) => {
  await importFiles(app, [judgeBenchFile()]);
  const shell = new AppShell(page);
  await shell.open(app.url, '#/agreement');
  await new WhoAreYou(page).signIn('ada', 'Adjudicator');
  const dashboard = new AgreementDashboard(page);
  await dashboard.openTask('crowd-replies');
  await dashboard.openQuestion('helpfulness');
  // Counted, not listed, and in the order raters are counted in (not "rater 1, rater 10, rater 11, …").
  await expect(dashboard.pageSummary).toContainText('15 raters: rater 1, rater 2, rater 3 and 12 more');
  // One pair of 105 for the confusion matrix: a rater, then whom against.
  await page.getByRole('combobox', { name: 'Rater', exact: true }).click();
  await page.getByRole('option', { name: 'rater 14', exact: true }).click();
  await page.getByRole('combobox', { name: 'against' }).click();
  await expect(page.getByRole('option')).toHaveCount(14);
  // A crowd's answer leaves its 105 pairs out (7,140 for 120 raters: 10 MB); the pair shown is asked for on its own.
  const asked = page.waitForRequest((request) => request.url().endsWith('/agreement.pair') && request.postDataJSON().pair.join() === 'rater 3,rater 14');
  await page.getByRole('option', { name: 'rater 3', exact: true }).click();
  await asked;
  // Rows are the rater chosen first, though the analysis lists the pair as (rater 3, rater 14).
  await expect(page.getByRole('heading', { name: 'rater 14 × rater 3' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Confusion matrix of rater 14 (rows) and rater 3 (columns)' })).toBeVisible();
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0); // the menu faded out, for the screenshot
  await screenshot(page, 'agreement-many-raters-pair');
  await dashboard.showView('Annotators');
  const summary = page.getByTestId('many-raters');
  await expect(summary).toContainText('15 raters, 105 pairs: summarised');
  await expect(page.getByTestId('many-raters-stand-out')).toContainText('Stand out: rater 14');
  await expect(page.getByTestId('many-raters-stand-out')).toContainText('rater 15');
  await expect(page.getByTestId('many-raters-row').first()).toContainText('stands out');
  // Leave-one-out α beside α of everyone, at the question's level (graded → ordinal); the two who score against the grade raise α when left out.
  await expect(page.getByTestId('many-raters-alpha')).toContainText("α without: Krippendorff's α (ordinal) of the other raters, beside");
  await expect(page.getByTestId('many-raters-stand-out-alpha')).toContainText('Stand out by α: rater 1');
  await expect(page.getByTestId('many-raters-stand-out-alpha')).toContainText('rater 14');
  await expect(page.getByTestId('many-raters-stand-out-alpha')).toContainText('rater 15');
  await expect(page.getByTestId('many-raters-alpha-without')).toHaveCount(15);
  await screenshot(page, 'agreement-many-raters');
  await page.getByRole('table', { name: 'Each rater against the rest' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'agreement-many-raters-alpha-without');
  await page.getByTestId('many-raters-show-pairs').click();
  await expect(dashboard.raterMatrix).toBeVisible();
  // The disagreements count each unit's answers: a column per rater would be 15 columns wide (120 in a crowd release).
  await dashboard.showView(/Disagreements/);
  const table = page.getByRole('table', { name: 'Disagreeing units' });
  await expect(table.getByRole('columnheader', { name: 'Answers of the 15 raters' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'rater 1', exact: true })).toHaveCount(0);
  // Reply 1 (grade 1): 13 raters give 1 or a level more, raters 14 and 15 give 5.
  await expect(table.getByTestId('disagreeing-unit').filter({ has: page.getByRole('link', { name: '1', exact: true }) }).getByTestId('answer-count').last()).toHaveText('5×2');
  // Shown compact, read in words: a screen reader read "5×2" as "5 times 2".
  const reply1 = table.getByTestId('disagreeing-unit').filter({ has: page.getByRole('link', { name: '1', exact: true }) });
  await expect(reply1.getByRole('cell').nth(1)).toHaveAccessibleName('1: 11 raters; 2: 2 raters; 5: 2 raters');
  expect(await reply1.ariaSnapshot()).not.toContain('×');
  await screenshot(page, 'agreement-many-raters-disagreements');
  // The pair chosen, rows and all, is kept through the other views (it is in the URL).
  await dashboard.showView('Confusion matrix');
  await expect(page.getByRole('heading', { name: 'rater 14 × rater 3' })).toBeVisible();
  // Choosing the rater shown against swaps the two (rows become columns), rather than jumping to another pair.
  await page.getByRole('combobox', { name: 'Rater', exact: true }).click();
  await page.getByRole('option', { name: 'rater 3', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'rater 3 × rater 14' })).toBeVisible();
});

test('a crowd of 15 raters is summarised on the tasks list and in adjudication, every answer one click away', async ({ page, app }) => {
  await importFiles(app, [judgeBenchFile()]);
  const shell = new AppShell(page);
  await shell.open(app.url, '#/tasks');
  await new WhoAreYou(page).signIn('ada', 'Adjudicator');
  // One bar for everyone and the one furthest behind, not 15 bars in the row.
  const row = page.getByTestId('task-row').filter({ hasText: 'crowd-replies' });
  await expect(row.getByTestId('crowd-progress')).toBeVisible();
  await expect(row.getByLabel('all 15 annotators: 600 of 600 submitted')).toBeVisible();
  // Everyone has finished: nobody is named as furthest behind.
  await expect(row.getByTestId('annotator-progress')).toHaveCount(1);
  // In a 1280-px window the row's actions stay inside it (Adjudicate was pushed past its edge).
  await page.setViewportSize({ width: 1280, height: 720 });
  const adjudicate = await row.getByRole('link', { name: 'Adjudicate' }).boundingBox();
  expect(adjudicate && adjudicate.x + adjudicate.width).toBeLessThanOrEqual(1280 - 16);
  await screenshot(page, 'tasks-crowd');

  const adjudication = new AdjudicationScreens(page);
  await shell.open(app.url, '#/adjudication');
  await adjudication.openQueue('crowd-replies');
  // Reply 1 (grade 1): 13 raters give 1 or a level more, raters 14 and 15 give 5: counted, most given first.
  const entry = adjudication.entries.filter({ has: page.getByRole('link', { name: '1', exact: true }) });
  await expect(entry.getByTestId('entry-why')).toContainText('helpfulness — 1 ×11, 2 ×2, 5 ×2');
  // Read in words, not "1 times 11".
  await expect(entry.getByTestId('entry-why')).toHaveAccessibleName('helpfulness — 1: 11 raters; 2: 2 raters; 5: 2 raters');
  expect(await entry.ariaSnapshot()).not.toContain('×');
  await screenshot(page, 'adjudication-queue-crowd');
  await adjudication.openEntry('1');
  const group = adjudication.group('helpfulness');
  await expect(group.getByTestId('crowd-answers')).toContainText('15 raters answered: counted on the gold buttons below');
  await expect(group.getByTestId('rater-answer')).toHaveCount(0);
  await expect(group.getByRole('table', { name: 'Answers' })).toHaveCount(0); // not an empty table
  // No "settle with rater 1's answers … rater 9's": one rater of a crowd is no way to settle an item, nor is Shift+1.
  await expect(page.getByTestId('settle-item')).toHaveCount(0);
  await page.keyboard.press('Shift+Digit1');
  await expect(group.getByRole('button', { name: 'Gold: 1' })).toContainText('11 raters');
  // Nor does the cheat sheet offer it.
  await page.keyboard.press('?');
  await expect(page.getByTestId('cheat-sheet')).toContainText('Next item in the queue');
  await expect(page.getByTestId('cheat-sheet')).not.toContainText('Settle the whole item');
  await page.keyboard.press('?');
  await expect(page.getByTestId('cheat-sheet')).toHaveCount(0);
  // A screen reader hears how many gave the answer too, not only the answer.
  await expect(group.getByRole('button', { name: 'Gold: 1' })).toHaveAccessibleDescription('11 raters');
  await expect(group.getByRole('button', { name: 'Gold: 1' })).toHaveAccessibleName('Gold: 1');
  expect(await group.getByRole('group', { name: 'Set gold' }).ariaSnapshot()).not.toContain('×');
  await group.getByRole('button', { name: 'Show all 15 answers' }).click();
  await expect(group.getByTestId('rater-answer')).toHaveCount(15);
  // In the order they are counted: rater 2 before rater 10.
  expect(await group.getByTestId('rater-answer').evaluateAll((rows) => rows.slice(0, 3).map((r) => r.getAttribute('data-rater')))).toEqual(['rater 1', 'rater 2', 'rater 3']);
  await expect(group).toHaveAttribute('data-settled', 'false');
  await screenshot(page, 'adjudication-item-crowd');
});

test("the new-task dialog offers the workspace's people, and a release's 15 rater slots only when asked for, counted", async ({ page, app }) => {
  await importFiles(app, [judgeBenchFile()]);
  // ana labels in the app (her answers are timed); ben is added by a lead and has no task yet.
  await importReviewPlans(app, 2, 'review-plans');
  await callApi(app, 'tasks.create', { name: 'plan-review', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ana'], seed: 1 });
  const plan = (await callApi<{ rows: { id: number }[] }>(app, 'items.list', { kind: 'plan', limit: 1 })).rows[0];
  await callApi(app, 'labels.save', { task: 'plan-review', itemId: plan.id, question: 'overall_quality', value: 'Good', secondsSpent: 42 }, 'ana');
  await callApi(app, 'annotators.upsert', { name: 'ben', role: 'annotator' });
  await page.setViewportSize({ width: 1280, height: 720 });
  const shell = new AppShell(page);
  await shell.open(app.url, '#/tasks');
  await new WhoAreYou(page).signIn('lea', 'Lead');
  await new TasksPage(page).newTaskButton.click();
  const dialog = new CreateTaskDialog(page);
  const field = dialog.dialog.getByRole('combobox', { name: 'Annotators' });
  const imported = dialog.dialog.getByRole('switch', { name: 'Show imported raters (15)' });
  await expect(imported).not.toBeChecked();
  await field.click();
  await expect(page.getByRole('option')).toHaveText(['ana', 'ben', 'lea']);
  await field.press('Escape');
  // Asked for, the 15 follow the people, under a heading that counts them; one is picked deliberately.
  await imported.check();
  await field.click();
  await expect(page.getByRole('option')).toHaveCount(18);
  await expect(page.getByRole('option').nth(3)).toHaveText('rater 1');
  await expect(page.getByRole('option').nth(4)).toHaveText('rater 2');
  await expect(page.getByText('Imported raters (15)', { exact: true })).toBeVisible();
  await screenshot(page, 'create-task-imported-raters');
  await page.getByRole('option', { name: 'rater 2', exact: true }).click();
  await expect(dialog.dialog.getByRole('button', { name: 'rater 2' })).toBeVisible();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  // Hidden again, the one picked stays picked.
  await imported.uncheck();
  await expect(dialog.dialog.getByRole('button', { name: 'rater 2' })).toBeVisible();
  await dialog.dialog.getByRole('region', { name: 'Annotators' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'create-task-people-first');
});
