import fs from 'node:fs';
import path from 'node:path';
import { RELEASES } from '../electron/testing/fixtures';
import { AppShell } from './pages/AppShell';
import { ImportDialog } from './pages/ImportDialog';
import { MappingPanel } from './pages/MappingPanel';
import { callApi, importFiles, itemIdOf } from './api';
import { ConversationViewer } from './pages/ConversationViewer';
import { expect, screenshot, test } from './fixtures';

const release = (name: string) => path.join(RELEASES, name);

test('the import dialog shows a release it recognises, with its preset mapping and what it makes of the first records', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  const dialog = await ImportDialog.openAsLead(shell);
  await dialog.chooseFiles([release('tau-bench-trajectories.json')]);
  const mapping = new MappingPanel(page);
  await mapping.showFirstRecords();
  await expect(mapping.recognised).toContainText('Recognised as a tau-bench release');
  await expect(mapping.records).toContainText('#1 {"task_id":0');
  await expect(mapping.text).toHaveValue(/"path": "info\.task\.actions"/);
  await expect(mapping.previewRows).toHaveCount(3);
  await expect(mapping.previewRows.first()).toContainText('task-0-trial-0');
  await expect(mapping.previewRows.first()).toContainText('19 turns, 6 tool calls, 2 expected calls');
  await screenshot(page, 'import-mapping-preset');
  await dialog.importAndWait();
  await expect(dialog.resultFor('tau-bench-trajectories.json')).toContainText('3 items imported');
});

test('a file no format knows: write a mapping, preview it, see a record it cannot read, save it by name, import through it', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  const dialog = await ImportDialog.openAsLead(shell);
  await dialog.chooseFiles([release('support-log.jsonl')]);
  const mapping = new MappingPanel(page);
  await mapping.showFirstRecords();
  await expect(mapping.recognised).toContainText('Not a shape Accord knows');
  // First a mapping that expects every record to have session.ref: record 3 has none, and says so.
  const written = JSON.parse(fs.readFileSync(release('support-log.mapping.json'), 'utf8')) as Record<string, unknown>;
  await mapping.writeMapping(JSON.stringify({ ...written, id: 'session.ref' }, null, 2));
  await expect(mapping.previewRows).toHaveCount(3);
  await expect(mapping.previewRows.nth(2)).toContainText('record 3: session.ref: expected the conversation id, found session is an object with fields bot');
  await screenshot(page, 'import-mapping-problem');
  // The mapping as written falls back to the record number.
  await mapping.writeMapping(JSON.stringify(written, null, 2));
  await expect(mapping.previewRows.nth(2)).toContainText('session-3');
  await expect(mapping.previewRows.first()).toContainText('4 turns, 0 tool calls');
  await mapping.save();
  await expect(mapping.saved).toHaveText('Saved as "support-log".');
  await screenshot(page, 'import-mapping-dialog');
  await dialog.importAndWait();
  await expect(dialog.resultFor('support-log.jsonl')).toContainText('3 items imported');
  const saved = await callApi<{ name: string; preset: boolean }[]>(app, 'mappings.list', {}, 'lea');
  expect(saved.filter((m) => !m.preset).map((m) => m.name)).toEqual(['support-log']);
});

test('a tau-bench conversation shows its retried call as a retry and its figures per scoring mode, each naming its mode', async ({ page, app }) => {
  await importFiles(app, [release('tau-bench-trajectories.json')]);
  const id = await itemIdOf(app, 'task-0-trial-0');
  await new AppShell(page).open(app.url, `#/items/${id}`);
  const viewer = new ConversationViewer(page);
  await viewer.root.waitFor();
  const modes = page.getByTestId('trace-mode');
  await expect(modes).toHaveCount(3);
  await expect(modes.nth(0)).toContainText('all calls');
  await expect(modes.nth(0)).toContainText('5 (1 retried left out)');
  await expect(modes.nth(1)).toContainText('gold lists only state-changing calls');
  await expect(modes.nth(1)).toContainText('2 (1 retried, 3 read-only left out)');
  await expect(modes.nth(2)).toContainText('order-free');
  await expect(page.getByTestId('trace-row').filter({ hasText: 'Failed, retried' })).toHaveCount(1);
  // The TCA in bold is the state-changing one (its gold lists no lookups), as the item list shows it.
  await expect(modes.nth(1).locator('[data-headline]')).toHaveText('1.00');
  await expect(modes.nth(1).locator('[data-headline]')).toHaveCSS('font-weight', '750');
  await expect(page.locator('[data-metric="toolCallAccuracy"]').getByTestId('trace-metric-value')).toHaveCSS('font-weight', '600');
  await page.getByTestId('trace-panel').scrollIntoViewIfNeeded();
  await screenshot(page, 'trace-modes-tau-bench');
  // In a 1280-px window the table fits the viewer: nothing of the Counted column hides past its edge.
  await page.setViewportSize({ width: 1280, height: 720 });
  const table = page.getByTestId('trace-modes');
  await expect.poll(() => table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  await page.getByTestId('trace-panel').scrollIntoViewIfNeeded();
  await screenshot(page, 'trace-modes-tau-bench-1280');
});

test('the item list gives a tau-bench conversation the TCA of its state-changing calls, naming the mode', async ({ page, app }) => {
  await importFiles(app, [release('tau-bench-trajectories.json')]);
  await page.setViewportSize({ width: 1280, height: 720 });
  await new AppShell(page).open(app.url, '#/items');
  const row = (id: string) => page.getByRole('row').filter({ hasText: id });
  // All calls would give trial 0 (reward 1) a TCA of 0 for the lookups its gold never lists.
  await expect(row('task-0-trial-0').getByTestId('headline-figure')).toHaveText('TCA 1.00');
  await expect(row('task-0-trial-1').getByTestId('headline-figure')).toHaveText('TCA 0.00');
  // The mode is named in full, nothing cut off.
  const mode = row('task-0-trial-0').getByTestId('headline-mode');
  await expect(mode).toHaveText('state-changing');
  await expect.poll(() => mode.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, 'items-tau-bench-reference-1280');
});
