import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBrowserMode } from '../electron/transports/http/server';
import { AppShell } from './pages/AppShell';
import { ImportDialog } from './pages/ImportDialog';
import { importFiles } from './api';
import { FORMATS, appLink, expect, screenshot, test } from './fixtures';

test('the printed URL logs the page in; the token moves from the fragment to sessionStorage, never a cookie', async ({ page, app }) => {
  expect(app.url).toMatch(/\/#token=[0-9a-f]{64}$/);
  const shell = new AppShell(page);
  await shell.open(app.url);
  await expect(shell.workspaceName).toContainText('test'); // the fixture's workspace is test.accord
  expect(page.url()).not.toContain('token');
  expect(await page.evaluate("sessionStorage.getItem('accord.token')")).toBe(app.server.token);
  expect(await page.context().cookies()).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
  await expect(page.getByText('No datasets yet')).toBeVisible();
  await screenshot(page, 'datasets-empty');

  // A reload keeps the tab logged in (sessionStorage), with nothing in the address.
  await page.reload();
  await expect(page.getByText('No datasets yet')).toBeVisible();
});

test('the event stream is authenticated too: a change made elsewhere shows without a reload', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  await expect(page.getByText('No datasets yet')).toBeVisible();
  await importFiles(app, [path.join(FORMATS, 'plans.jsonl')]);
  await expect(shell.workspaceName.locator('..')).toContainText('1 dataset');
  await expect(page.getByText('No datasets yet')).toHaveCount(0);
});

test('a deep link carries the token in its fragment and opens its route', async ({ page, app }) => {
  await page.goto(appLink(app, '#/items?kind=plan'));
  await expect(page.getByRole('heading', { name: 'Items', level: 1 })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/items?kind=plan');
});

test('without the token the page says so and the API answers nothing', async ({ page, app }) => {
  const response = await page.goto(app.server.baseUrl);
  expect(response?.status()).toBe(200); // the page is no secret; the data behind the API is
  await expect(page.getByText(/needs its access token/).first()).toBeVisible();
  await screenshot(page, 'access-no-token');

  const api = await page.request.post(`${app.server.baseUrl}api/call/workspace.info`, { data: {} });
  expect(api.status()).toBe(401);
  const wrong = await page.request.post(`${app.server.baseUrl}api/call/workspace.info`, { data: {}, headers: { authorization: `Bearer ${'0'.repeat(64)}` } });
  expect(wrong.status()).toBe(401);
  // The old query-string token is no way in either.
  const query = await page.request.post(`${app.server.baseUrl}api/call/workspace.info?token=${app.server.token}`, { data: {} });
  expect(query.status()).toBe(401);
});

test('a second server on another port, and a restarted one, open from their own URLs in the same browser', async ({ page, app }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-e2e-second-'));
  const shell = new AppShell(page);
  await shell.open(app.url);
  await expect(shell.workspaceName).toContainText('test');

  const second = await startBrowserMode({ workspacePath: path.join(dir, 'second.accord'), port: 0, staticDir: process.env.ACCORD_STATIC_DIR });
  const other = await page.context().newPage();
  await new AppShell(other).open(second.url);
  await expect(new AppShell(other).workspaceName).toContainText('second');

  // Restarted on the same port with a fresh token, opened in the tab that held the old one.
  const port = second.port;
  await second.close();
  const restarted = await startBrowserMode({ workspacePath: path.join(dir, 'restarted.accord'), port, staticDir: process.env.ACCORD_STATIC_DIR });
  await other.goto(restarted.url); // same document: only the fragment changed
  await expect.poll(() => other.evaluate("sessionStorage.getItem('accord.token')")).toBe(restarted.token);
  expect(other.url()).not.toContain('token');
  await other.reload(); // what a person does after restarting the server
  await expect(new AppShell(other).workspaceName).toContainText('restarted');
  await expect(other.getByText(/needs its access token/)).toHaveCount(0);
  // The first tab never noticed.
  await page.reload();
  await expect(shell.workspaceName).toContainText('test');
  await restarted.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a file over the upload limit is refused in words, and nothing of it stays on the server', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-e2e-limit-'));
  const server = await startBrowserMode({ workspacePath: path.join(dir, 'limit.accord'), port: 0, staticDir: process.env.ACCORD_STATIC_DIR, maxUploadBytes: 1024 * 1024 });
  try {
    const big = path.join(dir, 'big.jsonl');
    fs.writeFileSync(big, `${JSON.stringify({ query_id: 'q', query: 'x'.repeat(3 * 1024 * 1024) })}\n`);
    const shell = new AppShell(page);
    await shell.open(server.url);
    const dialog = await ImportDialog.openAsLead(shell);
    await dialog.chooseFiles([big]);
    await dialog.dialog.getByRole('button', { name: /^Import/ }).click();
    await expect(dialog.dialog).toContainText('big.jsonl: Too large: uploads are limited to 1 MB (accord serve --max-upload-mb sets this).');
    await screenshot(page, 'import-over-upload-limit');
    expect(fs.readdirSync(server.uploadsFolder)).toEqual([]);
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
