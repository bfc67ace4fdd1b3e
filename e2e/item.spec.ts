import path from 'node:path';
import { importFiles, itemIdOf } from './api';
import { AppShell } from './pages/AppShell';
import { ItemBrowser } from './pages/ItemBrowser';
import { ItemPage } from './pages/ItemPage';
import { FORMATS, expect, screenshot, test } from './fixtures';

test.beforeEach(async ({ app }) => {
  await importFiles(app, [path.join(FORMATS, 'plans.jsonl'), path.join(FORMATS, 'conversations-chat.jsonl')]);
});

test('an item shows its findings and its source text as imported', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url, '#/items');
  const browser = new ItemBrowser(page);
  await browser.open('q-002');

  const item = new ItemPage(page);
  await expect(item.externalId).toHaveText('q-002');
  const invalid = item.finding('plan-invalid-json');
  await expect(invalid).toHaveCount(1);
  await expect(invalid).toHaveAttribute('data-severity', 'warning');
  // The plan is not valid JSON: its source text is kept, and the raw view shows it first, as text.
  await item.showRaw();
  await expect(item.sourceText).toBeVisible();
  await screenshot(page, 'item-invalid-plan');
  await item.showPayload();
  await expect(item.payload).toContainText('"steps"');
});

test('j and k step through the items in the browser order, and back returns to it', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url, '#/items?kind=plan&sort=externalId&desc=1');
  const browser = new ItemBrowser(page);
  await expect.poll(() => browser.externalIds()).toEqual(['q-003', 'q-002', 'q-001']);
  await browser.open('q-003');

  const item = new ItemPage(page);
  await expect(item.position).toHaveText('1 of 3');
  await item.next();
  await expect(item.externalId).toHaveText('q-002');
  await expect(item.position).toHaveText('2 of 3');
  await item.next();
  await expect(item.externalId).toHaveText('q-001');
  await item.next(); // the last one: nothing further
  await expect(item.externalId).toHaveText('q-001');
  await item.previous();
  await expect(item.externalId).toHaveText('q-002');

  await item.backToItems();
  await expect(page).toHaveURL(/#\/items\?kind=plan&sort=externalId&desc=1$/);
  await expect.poll(() => browser.externalIds()).toEqual(['q-003', 'q-002', 'q-001']);
});

test('a deep link #/items/<id> opens that item', async ({ page, app }) => {
  const id = await itemIdOf(app, 'conv-0001');
  const shell = new AppShell(page);
  await shell.open(app.url, `#/items/${id}`);
  const item = new ItemPage(page);
  await expect(item.externalId).toHaveText('conv-0001');
  await expect(item.metrics).toContainText('Tool Call Accuracy');
  // The viewer is loaded on demand: the screenshot waits for the transcript, not its loading bar.
  await expect(page.getByTestId('transcript')).toBeVisible();
  await screenshot(page, 'item-conversation');
});

test('a unit deep link selects the finding at that unit, and clicking a finding selects its unit', async ({ page, app }) => {
  await importFiles(app, [path.join(FORMATS, 'flowgraph.txt')]);
  const id = await itemIdOf(app, 'flowgraph');
  const shell = new AppShell(page);
  await shell.open(app.url, `#/items/${id}?unit=edge:e3`);
  const item = new ItemPage(page);
  const cycle = item.finding('graph-cycle'); // the line format allows cycles: flowgraph.txt has one through e3
  await expect(cycle).toContainText('edge e3');
  await expect(cycle).toHaveAttribute('aria-pressed', 'true');

  await cycle.click();
  await expect(cycle).toHaveAttribute('aria-pressed', 'false');
  expect(page.url()).not.toContain('unit=');
  await cycle.click();
  await expect(page).toHaveURL(/unit=edge%3Ae3/);
  await screenshot(page, 'item-graph-raw');
});

test('a link to a missing item says so', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url, '#/items/99999');
  await expect(page.getByRole('alert')).toContainText('no item with id 99999');
});
