import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatasetsPage } from './pages/DatasetsPage';
import { ImportDialog } from './pages/ImportDialog';
import { ItemBrowser } from './pages/ItemBrowser';
import { AppShell } from './pages/AppShell';
import { WhoAreYou } from './pages/WhoAreYou';
import { callApi, importFiles } from './api';
import type { Page } from '@playwright/test';
import { FIXTURES, FORMATS, expect, screenshot, test, type AppFixture } from './fixtures';

const formats = (name: string) => path.join(FORMATS, name);

test('importing files through the UI shows per-file results, then their items', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  await shell.importButton.click();

  const dialog = new ImportDialog(page);
  // Importing is a lead's: a window where nobody has said who they are is asked first.
  await expect(dialog.dialog.getByTestId('lead-gate')).toContainText('Importing datasets is for a lead');
  await expect(dialog.dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await screenshot(page, 'import-dialog-who-are-you');
  await dialog.signInAsLead();
  // labels.csv is not an artifact file: it must be rejected with its place and reason.
  await dialog.chooseFiles([formats('plans.jsonl'), formats('conversations-chat.jsonl'), formats('labels.csv')]);
  await expect(dialog.chosenFiles).toHaveCount(3);
  await screenshot(page, 'import-dialog-files');

  await dialog.importAndWait();
  await expect(dialog.resultFor('plans.jsonl')).toContainText('3 items imported');
  // One plan has a warning finding: the result says so instead of reading as clean.
  await expect(dialog.resultFor('plans.jsonl').getByTestId('import-findings')).toHaveText("Findings: 1 warning, listed on the dataset's items");
  await expect(dialog.resultFor('conversations-chat.jsonl')).toContainText('2 items imported');
  const rejected = dialog.resultFor('labels.csv');
  await expect(rejected).toContainText('Rejected');
  await expect(rejected).toContainText(/labels\.csv:1:1 — .*labels file/);
  await screenshot(page, 'import-dialog-results');

  await dialog.showItems();
  const browser = new ItemBrowser(page);
  await expect(browser.summary).toHaveText('5 items');
  await expect(browser.row('q-002')).toBeVisible();
  await expect(browser.row('conv-0001')).toBeVisible();
  await screenshot(page, 'items-after-import');

  await shell.navigate('Datasets');
  const datasets = new DatasetsPage(page);
  await expect(datasets.rows).toHaveCount(2);
  await expect(datasets.row('plans')).toContainText('plans.jsonl');
  await expect(datasets.row('plans')).toContainText('plans-jsonl');
  await screenshot(page, 'datasets');
});

test('a folder of SOP graphs, one a file as ALMITA releases them, imports as one dataset named after it', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  const dialog = await ImportDialog.openAsLead(shell);
  // Each file is uploaded alone: only the folder's name, sent with each, keeps them together.
  await dialog.chooseFolder(path.join(FIXTURES, 'releases', 'almita-flowgraphs'));
  await expect(dialog.chosenFiles).toHaveCount(3);
  await expect(dialog.chosenFiles.first()).toContainText('almita-flowgraphs/cancel_subscription.txt');
  await expect(dialog.chosenFiles.first()).toContainText('from the folder “almita-flowgraphs”');
  await screenshot(page, 'import-dialog-folder');
  await dialog.importAndWait();
  await expect(dialog.fileResults).toHaveCount(3);
  await dialog.close();
  await shell.navigate('Datasets');
  const datasets = new DatasetsPage(page);
  await expect(datasets.rows).toHaveCount(1);
  await expect(datasets.row('almita-flowgraphs')).toContainText('3');
});

test('a folder with nothing to import says so, and nothing is chosen', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  const dialog = await ImportDialog.openAsLead(shell);
  // A folder of notes and pictures: no file an import reads.
  const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'accord-e2e-')), 'screenshots');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'README.md'), '# notes');
  fs.writeFileSync(path.join(folder, 'graph.png'), 'not really a picture');
  await dialog.chooseFolder(folder);
  await expect(dialog.dialog.getByRole('alert')).toContainText('The folder “screenshots” holds no file to import');
  await expect(dialog.chosenFiles).toHaveCount(0);
});

test('importing the same file again changes nothing, and says so', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  const dialog = new ImportDialog(page);
  for (const expected of ['3 items imported', 'Already imported']) {
    await shell.importButton.click();
    if (expected === '3 items imported') await dialog.signInAsLead();
    await dialog.chooseFiles([formats('plans.jsonl')]);
    await dialog.importAndWait();
    await expect(dialog.resultFor('plans.jsonl')).toContainText(expected);
    await dialog.close();
  }
  await expect(new DatasetsPage(page).rows).toHaveCount(1);
});

test('a dataset can be deleted after confirming', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  const dialog = await ImportDialog.openAsLead(shell);
  await dialog.chooseFiles([formats('plans.jsonl')]);
  await dialog.datasetName.fill('march plans');
  await dialog.importAndWait();
  await expect(dialog.resultFor('plans.jsonl')).toContainText('dataset “march plans”');
  await dialog.close();

  const datasets = new DatasetsPage(page);
  await expect(datasets.row('march plans')).toContainText('3');
  await datasets.deleteDataset('march plans');
  await expect(datasets.emptyState).toBeVisible();
  await expect(shell.workspaceName).toContainText('0 items');
});

test('an annotator is told that importing and deleting datasets are a lead\'s, and the server refuses them too', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  await shell.importButton.click();
  const dialog = new ImportDialog(page);
  await new WhoAreYou(page).signIn('ana', 'Annotator');
  await expect(dialog.dialog.getByTestId('lead-gate')).toContainText('Importing datasets is for a lead; you are ana (annotator)');
  await expect(dialog.dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await screenshot(page, 'import-dialog-annotator');
  await dialog.dialog.getByRole('button', { name: 'Cancel' }).click();
  // Known as an annotator now, ana is no longer offered the top bar's import.
  await expect(shell.importButton).toHaveCount(0);
  await importFiles(app, [formats('plans.jsonl')]);
  await shell.navigate('Datasets');
  await expect(page.getByRole('button', { name: 'Delete dataset plans' })).toBeDisabled();
  // The UI only says so; the server decides: ana's own call is refused.
  await expect(callApi(app, 'datasets.delete', { id: 1 }, 'ana')).rejects.toThrow('datasets.delete is for leads; ana is an annotator');
});

/** The import dialog in a 1280×720 window, signed in as a lead. */
async function importDialogAt1280(page: Page, app: AppFixture): Promise<ImportDialog> {
  await page.setViewportSize({ width: 1280, height: 720 });
  const shell = new AppShell(page);
  await shell.open(app.url);
  return ImportDialog.openAsLead(shell);
}

test('a release carrying its raters\' labels says, in the results, the task it made of them, and opens it', async ({ page, app }) => {
  const dialog = await importDialogAt1280(page, app);
  await dialog.chooseFiles([path.join(FIXTURES, 'releases', 'judge-bench-support.json')]);
  await dialog.importAndWait();
  const task = dialog.resultFor('judge-bench-support.json').getByTestId('import-release-task');
  // The CLI's words (electron/common/releaseTask.ts): the dialog said nothing of the task.
  await expect(task).toContainText('task "judge-bench-support": 2 questions, 3 raters (anonymous slots), 34 labels');
  await screenshot(page, 'import-dialog-release-task-1280');
  await task.getByRole('button', { name: 'Open task' }).click();
  await expect(dialog.dialog).toHaveCount(0);
  await expect(page).toHaveURL(/#\/tasks\/\d+$/);
  await expect(page.getByRole('heading', { name: 'judge-bench-support' })).toBeVisible();
});

test('at 1280×720 the dialog keeps the chosen files and the options in view: the drop zone shrinks to a line once files are chosen', async ({ page, app }) => {
  const dialog = await importDialogAt1280(page, app);
  const releases = ['tau-bench-trajectories.json', 'judge-bench-support.json', 'worfbench-graph_eval.json', 'sharegpt-chats.json'].map((f) => path.join(FIXTURES, 'releases', f));
  await dialog.chooseFiles([...releases, formats('plans.jsonl')]);
  const content = await dialog.dialog.locator('.MuiDialogContent-root').boundingBox();
  const field = dialog.dialog.getByLabel('Dataset name (optional)');
  const box = await field.boundingBox();
  // The whole field shows inside the dialog's content, without scrolling it (it sat below the fold).
  expect(box!.y + box!.height).toBeLessThanOrEqual(content!.y + content!.height);
  await expect(dialog.dialog).toContainText('All 5 files go into this one dataset.');
  await screenshot(page, 'import-dialog-five-files-1280');
});
