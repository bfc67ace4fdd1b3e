import fs from 'node:fs';
import path from 'node:path';
import { RELEASES } from '../electron/testing/fixtures';
import { callApi, importFiles, itemIdOf } from './api';
import { createTask, openAs } from './annotation';
import { appLink, expect, screenshot, test } from './fixtures';

// Issue 18 part 7, ALMITA curation: a folder of flowgraphs and conversations that link to them
// by flowgraph_id; two annotators' verdicts (listed in electron/services/curation/curation.test.ts).
// The lead opens the task's curation view, reads the counts and who rejected what, and exports the
// kept flowgraphs; a conversation's page opens its flowgraph, or says no flowgraph has its id.

async function almitaTask(app: Parameters<typeof importFiles>[0]): Promise<number> {
  await importFiles(app, [path.join(RELEASES, 'almita-flowgraphs'), path.join(RELEASES, 'almita-conversations.jsonl')]);
  const schema = JSON.parse(fs.readFileSync(path.join(RELEASES, 'almita-validity.schema.json'), 'utf8')) as unknown;
  const taskId = await createTask(app, { name: 'almita', schema: { json: schema }, datasets: ['almita-flowgraphs', 'almita-conversations'], annotators: ['ana', 'ben'] });
  await callApi(app, 'labels.import', { task: taskId, source: { path: path.join(RELEASES, 'almita-labels.csv') } });
  return taskId;
}

test('the curation view shows the counts before and after, who rejected what and what nobody judged, and exports the kept flowgraphs', async ({ app, browser }) => {
  test.setTimeout(90_000);
  const taskId = await almitaTask(app);
  const page = await openAs(browser, app, 'lea', 'Lead', `#/tasks/${taskId}`, { width: 1280, height: 900 });
  await expect(page.getByRole('link', { name: 'Open curation' })).toBeVisible();
  await screenshot(page, 'almita-task-page');
  await page.getByRole('link', { name: 'Open curation' }).click();
  await expect(page.getByRole('heading', { name: 'Curation', level: 1 })).toBeVisible();

  const cells = async (kind: string) => (await page.getByTestId(`curation-counts-${kind}`).getByRole('cell').allInnerTexts()).map((t) => t.trim());
  await expect(page.getByTestId('curation-counts-graph')).toBeVisible();
  expect(await cells('graph')).toEqual(['Flowgraphs', '3', '1', '1', '0', '1']);
  expect(await cells('conversation')).toEqual(['Conversations', '5', '3', '1', '1', '0']);

  const removed = page.getByTestId('curation-removed-row');
  await expect(removed).toHaveCount(3);
  await expect(removed.nth(0)).toContainText('update_shipping_address');
  await expect(removed.nth(0)).toContainText('Rejected by ben · accepted by ana');
  await expect(removed.nth(1)).toContainText('almita-c2');
  await expect(removed.nth(1)).toContainText('Rejected by ana · accepted by ben');
  await expect(removed.nth(2)).toContainText('almita-c3');
  await expect(removed.nth(2)).toContainText('Its flowgraph update_shipping_address was removed');
  await expect(page.getByTestId('curation-unjudged-row')).toHaveText([/report_lost_card/]);
  await expect(page.getByTestId('curation-unknown-flowgraph')).toContainText('almita-c5 → renew_passport');
  await page.mouse.move(640, 20);
  await screenshot(page, 'almita-curation');

  // Export: the kept flowgraph as a line-format file of "# graph:" blocks.
  await page.getByRole('button', { name: 'Export kept items' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /Flowgraphs \(1 item\)/ }).click()]);
  expect(download.suggestedFilename()).toBe('almita-curated-flowgraphs.txt');
  const text = fs.readFileSync(await download.path(), 'utf8');
  // The graph's source as imported, comment included, under its header.
  expect(text).toMatch(/^# graph: cancel_subscription\n# Cancel a streaming subscription\.[^\n]*\n\[N0\]\(start_message\)/);
  expect(text).not.toContain('update_shipping_address');

  // Taking "invalid" as the valid answer turns the verdicts round: nothing the annotators accepted is kept.
  await page.getByTestId('curation-valid').locator('..').click();
  await page.getByRole('option', { name: 'invalid' }).click();
  await expect(page.getByTestId('curation-counts-graph').getByRole('cell').nth(2)).toHaveText('0');
});

test("a conversation's page opens the flowgraph it names, and says when no flowgraph has the id", async ({ app, browser }) => {
  await importFiles(app, [path.join(RELEASES, 'almita-flowgraphs'), path.join(RELEASES, 'almita-conversations.jsonl')]);
  const [c1, c5, graph] = await Promise.all([itemIdOf(app, 'almita-c1'), itemIdOf(app, 'almita-c5'), itemIdOf(app, 'cancel_subscription')]);
  const page = await openAs(browser, app, 'lea', 'Lead', '#/tasks', { width: 1280, height: 800 });
  await page.goto(appLink(app, `#/items/${c1}`));
  const link = page.getByTestId('open-flowgraph');
  await expect(link).toContainText('cancel_subscription');
  await screenshot(page, 'almita-conversation-flowgraph-link');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/items/${graph}$`));
  await page.goto(appLink(app, `#/items/${c5}`));
  await expect(page.getByTestId('unknown-flowgraph')).toHaveText('no flowgraph with this id in the workspace');
  await expect(page.getByTestId('scenario-procedure')).toContainText('renew_passport');
  await screenshot(page, 'almita-conversation-unknown-flowgraph');
});
