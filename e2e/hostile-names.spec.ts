import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callApi, importFiles } from './api';
import { expect, screenshot, test } from './fixtures';
import { AppShell } from './pages/AppShell';
import { WhoAreYou } from './pages/WhoAreYou';

// Issue 15 part 7: names are data. A dataset, file and item name with a right-to-left override
// (U+202E) and a control character shows the characters as marked escapes, never applied: the
// name reads in its stored order, and nothing after it on the page is reversed.
const RLO = '\u202E';
const DATASET = `report${RLO}txt.exe`;
const ITEM = `q${RLO}lmth.1-\u0007`;

test('control and bidi characters in names show as marked escapes in the datasets table, the item browser and the item page', async ({ page, app }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-names-'));
  const file = path.join(dir, `plans${RLO}lnosj.jsonl`);
  fs.writeFileSync(file, `${JSON.stringify({ query_id: ITEM, query: 'Q', plan: { 1: { query: "T2S([], 'x')", depends_on: [] } } })}\n`);
  await importFiles(app, [file], { dataset: DATASET });
  const shell = new AppShell(page);

  await shell.open(app.url, '#/datasets');
  const row = page.getByTestId('dataset-row').filter({ hasText: 'report' });
  await expect(row.getByTestId('visible-name').first()).toHaveText('report\\u202Etxt.exe');
  await expect(row.getByTestId('name-escape').first()).toHaveAttribute('title', /^U\+202E: /);
  // The file it came from, too.
  await expect(row.getByTestId('visible-name').nth(1)).toHaveText('plans\\u202Elnosj.jsonl');
  await screenshot(page, 'hostile-names-datasets');

  await shell.goto('#/items');
  await expect(page.getByTestId('visible-name').filter({ hasText: 'lmth' }).first()).toHaveText('q\\u202Elmth.1-\\u0007');
  await screenshot(page, 'hostile-names-items');

  const { rows } = await callApi<{ rows: { id: number }[] }>(app, 'items.list', { limit: 10 });
  await shell.goto(`#/items/${rows[0].id}`);
  await expect(page.getByTestId('item-external-id')).toHaveText('q\\u202Elmth.1-\\u0007');
  // Its metadata (the query id again) and its source file, as well.
  await expect(page.getByLabel('Metadata')).toContainText('q\\u202Elmth.1-\\u0007');
  await screenshot(page, 'hostile-names-item');
  // The stored name is untouched: escaping is display only.
  expect((await callApi<{ name: string }[]>(app, 'datasets.list', {})).map((d) => d.name)).toContain(DATASET);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a task and an annotator named with a bidi override show as marked escapes on the tasks list and the task page', async ({ page, app }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-names-'));
  const file = path.join(dir, 'plans.jsonl');
  fs.writeFileSync(file, `${JSON.stringify({ query_id: 'q-1', query: 'Q', plan: { 1: { query: "T2S([], 'x')", depends_on: [] } } })}\n`);
  await importFiles(app, [file], { dataset: 'plans' });
  const task = `review${RLO}fdp.exe`;
  const annotator = `ana${RLO}`;
  const created = await callApi<{ id: number }>(app, 'tasks.create', { name: task, schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: [annotator, 'ben'], seed: 1 });
  const shell = new AppShell(page);

  await shell.open(app.url, '#/tasks');
  await new WhoAreYou(page).signIn('lea', 'Lead');
  await expect(page.getByTestId('visible-name').filter({ hasText: 'review' }).first()).toHaveText('review\\u202Efdp.exe');
  await expect(page.getByTestId('visible-name').filter({ hasText: 'ana' }).first()).toHaveText('ana\\u202E');
  await shell.goto(`#/tasks/${created.id}`);
  await expect(page.getByTestId('task-name')).toHaveText('review\\u202Efdp.exe');
  await expect(page.getByTestId('progress-row').getByTestId('visible-name').first()).toHaveText('ana\\u202E');
  await screenshot(page, 'hostile-names-task');
  // The agreement dashboard names the task the same way.
  await shell.goto(`#/tasks/${created.id}/agreement`);
  await expect(page.getByRole('heading', { level: 1 }).getByTestId('visible-name')).toHaveText('review\\u202Efdp.exe');
  fs.rmSync(dir, { recursive: true, force: true });
});
