import path from 'node:path';
import { callApi, importFiles, itemIdOf } from './api';
import { AppShell } from './pages/AppShell';
import { DatasetsPage } from './pages/DatasetsPage';
import { WhoAreYou } from './pages/WhoAreYou';
import { FORMATS, expect, screenshot, test } from './fixtures';

// Nothing lost silently: a dataset two annotators labelled is deleted from the UI; the dialog
// says what goes, the trash keeps it, Undo and Restore bring every label back, and deleting
// for good needs the name typed.
test('deleting a labelled dataset says what goes, and restoring it brings every label back', async ({ page, app }) => {
  await importFiles(app, [path.join(FORMATS, 'plans.jsonl')]);
  await callApi(app, 'tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
  const itemId = await itemIdOf(app, 'q-001');
  for (const [who, value] of [['ana', 'Good'], ['ben', 'Bad']]) {
    await callApi(app, 'labels.save', { task: 'quality', itemId, question: 'overall_quality', value, rationale: `${who} thinks so` }, who);
    await callApi(app, 'labels.submit', { task: 'quality', itemId }, who);
  }
  const labelsOf = async (who: string) => (await callApi<{ own: { value: string; rationale: string }[] }>(app, 'labels.list', { task: 'quality', itemId }, who)).own;

  const shell = new AppShell(page);
  await shell.open(app.url, '#/datasets');
  await page.getByRole('button', { name: 'Who are you?' }).click();
  await new WhoAreYou(page).signIn('lea', 'Lead');
  const datasets = new DatasetsPage(page);
  const dialog = await datasets.askDelete('plans');
  await expect(dialog.getByRole('list', { name: 'What goes with plans' })).toContainText('2 labels by ana (1), ben (1), with 2 recorded changes');
  await expect(dialog).toContainText('2 submitted items');
  await expect(dialog).toContainText('items of task “quality” (3)');
  await screenshot(page, 'delete-dataset-impact');
  await dialog.getByRole('button', { name: 'Move to trash' }).click();
  await expect(datasets.emptyState).toBeVisible();

  // Undo, right away.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(datasets.row('plans')).toBeVisible();
  expect(await labelsOf('ana')).toMatchObject([{ value: 'Good', rationale: 'ana thinks so' }]);

  // Deleted again, it waits in the trash; Restore brings it back whole.
  await datasets.deleteDataset('plans');
  await expect(datasets.trashRow('plans')).toContainText('3 items');
  await expect(datasets.trashRow('plans')).toContainText('by lea');
  await screenshot(page, 'datasets-trash');
  await datasets.trashRow('plans').getByRole('button', { name: 'Restore' }).click();
  await expect(datasets.row('plans')).toBeVisible();
  expect(await labelsOf('ben')).toMatchObject([{ value: 'Bad', rationale: 'ben thinks so' }]);

  // Deleting for good asks for the name, typed.
  await datasets.deleteDataset('plans');
  await datasets.trashRow('plans').getByRole('button', { name: 'Delete forever…' }).click();
  const forever = page.getByRole('dialog', { name: 'Delete “plans” for good?' });
  const confirm = forever.getByRole('button', { name: 'Delete forever' });
  await expect(confirm).toBeDisabled();
  await forever.getByLabel('Type “plans” to confirm').fill('plan');
  await expect(confirm).toBeDisabled();
  await forever.getByLabel('Type “plans” to confirm').fill('plans');
  await screenshot(page, 'datasets-purge');
  await confirm.click();
  await expect(page.getByText('Deleted “plans” for good.')).toBeVisible();
  await expect(datasets.trashRow('plans')).toHaveCount(0);
});
