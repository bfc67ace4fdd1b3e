import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callApi, importFiles, itemIdOf } from './api';
import { createTask, importReviewPlans, openAs } from './annotation';
import { appLink, expect, screenshot, test } from './fixtures';
import { LabelingScreen } from './pages/LabelingScreen';

// Issue 13, rule 1: an item a re-import changes keeps its labels, flagged as made on an earlier
// version; the labeling screen says so beside the answer, and saving it again clears it.

const SIZE = { width: 1400, height: 900 };

test('a label made on an earlier version of its item says so on the labeling screen and in adjudication, until saved again', async ({ app, browser }) => {
  test.setTimeout(120_000);
  const file = await importReviewPlans(app, 3);
  const taskId = await createTask(app, { name: 'versions', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ana', 'ben'] });
  const pq1 = await itemIdOf(app, 'pq-001');
  await callApi(app, 'labels.save', { task: taskId, itemId: pq1, question: 'overall_quality', value: 'Good', rationale: 'uses the right table' }, 'ana');
  await callApi(app, 'labels.save', { task: taskId, itemId: pq1, question: 'overall_quality', value: 'Bad' }, 'ben');
  for (const who of ['ana', 'ben']) await callApi(app, 'labels.submit', { task: taskId, itemId: pq1 }, who);

  // The item's query is reworded and the file imported again into the same dataset.
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const record = JSON.parse(lines[0]) as { query: string };
  record.query = `${record.query} (reworded)`;
  lines[0] = JSON.stringify(record);
  const changed = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'accord-reimport-')), 'review-plans.jsonl');
  fs.writeFileSync(changed, lines.join('\n'));
  const report = await importFiles(app, [changed], { dataset: 'review-plans' });
  expect(report.files[0]).toMatchObject({ status: 'imported', changedLabelled: { items: 1, labels: 2 } });

  const page = await openAs(browser, app, 'ana', 'Annotator', `#/tasks/${taskId}/label/${pq1}`);
  await page.setViewportSize(SIZE);
  const screen = new LabelingScreen(page);
  await screen.currentItem();
  const notice = page.getByTestId('earlier-version');
  await expect(notice).toHaveText(/Made on an earlier version of this item — check and save again/);
  await page.mouse.move(700, 26);
  await screenshot(page, 'earlier-version-labeling');

  // The adjudicator sees which answers were made on the earlier version.
  const lead = await openAs(browser, app, 'lea', 'Lead', `#/adjudication/${taskId}/items/${pq1}`);
  await lead.setViewportSize(SIZE);
  await expect(lead.getByTestId('earlier-version')).toHaveCount(2);
  await screenshot(lead, 'earlier-version-adjudication');

  // ana checks her answer against the new wording and saves it again: the notice goes, for good.
  await notice.getByRole('button', { name: 'Save again' }).click();
  await screen.saved();
  await expect(notice).toHaveCount(0);
  const own = await callApi<{ own: { value: string; earlierVersion?: boolean }[] }>(app, 'labels.list', { task: taskId, itemId: pq1 }, 'ana');
  expect(own.own).toEqual([expect.objectContaining({ value: 'Good', rationale: 'uses the right table' })]);
  expect(own.own[0].earlierVersion).toBeUndefined();
  await page.goto(appLink(app, `#/tasks/${taskId}/label/${pq1}`));
  await screen.currentItem();
  await expect(page.getByTestId('earlier-version')).toHaveCount(0);
  // ben's stays flagged until he checks his, and agreement says it counts it as given.
  await lead.reload();
  await expect(lead.getByTestId('earlier-version')).toHaveCount(1);
  await lead.goto(appLink(app, `#/agreement/${taskId}`));
  await expect(lead.getByTestId('earlier-version-warning')).toHaveText(/^1 label was made on an earlier version of its item \(a re-import changed it since\): counted as given, not left out/);
  await screenshot(lead, 'earlier-version-agreement');
});
