import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeConversationsJsonl } from '../build/bench/generateConversations';
import { AppShell } from './pages/AppShell';
import { DatasetsPage } from './pages/DatasetsPage';
import { ImportDialog } from './pages/ImportDialog';
import { expect, screenshot, test } from './fixtures';

let dir: string;
let file: string;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-e2e-big-'));
  file = path.join(dir, 'support-chats.jsonl');
  // ~63 MB, several seconds of import: long enough to watch the bar move and to cancel it. (The
  // server runs in this test process, so a busy import also delays Playwright's own commands.)
  await writeConversationsJsonl(file, 30_000);
});

test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a long import shows a progress bar fed by job progress, then its count', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  const dialog = await ImportDialog.openAsLead(shell);
  await dialog.chooseFiles([file]);
  await dialog.dialog.getByRole('button', { name: 'Import' }).click();

  const bar = dialog.dialog.getByRole('progressbar', { name: /Importing support-chats\.jsonl/ });
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(dialog.dialog.getByTestId('import-progress')).toContainText(/MB of .*MB/);
  await screenshot(page, 'import-progress');

  await dialog.results.waitFor({ timeout: 60_000 });
  await expect(dialog.resultFor('support-chats.jsonl')).toContainText('30,000 items imported');
});

test('cancelling an import leaves the workspace as it was', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  const dialog = await ImportDialog.openAsLead(shell);
  await dialog.chooseFiles([file]);
  await dialog.dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.dialog.getByRole('progressbar', { name: /Importing/ })).toBeVisible();
  await dialog.dialog.getByRole('button', { name: 'Cancel import' }).click();

  await dialog.results.waitFor({ timeout: 60_000 });
  await expect(dialog.results).toContainText('Import cancelled');
  await dialog.close();
  await expect(new DatasetsPage(page).emptyState).toBeVisible();
});
