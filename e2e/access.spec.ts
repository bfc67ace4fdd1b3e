import { AppShell } from './pages/AppShell';
import { expect, screenshot, test } from './fixtures';

test('the printed URL logs the page in and the token leaves the address bar', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url);
  await expect(shell.workspaceName).toContainText('test'); // the fixture's workspace is test.accord
  expect(page.url()).not.toContain('token=');
  await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
  await expect(page.getByText('No datasets yet')).toBeVisible();
  await screenshot(page, 'datasets-empty');
});

test('without the token the server serves nothing useful', async ({ page, app }) => {
  const response = await page.goto(app.server.baseUrl);
  expect(response?.status()).toBe(401);
  await expect(page.locator('body')).toContainText('needs its access token');
  await expect(page.locator('#root')).toHaveCount(0);

  const api = await page.request.post(`${app.server.baseUrl}api/call/workspace.info`, { data: {} });
  expect(api.status()).toBe(401);
  const assets = await page.request.get(`${app.server.baseUrl}index.html`);
  expect(assets.status()).toBe(401);
});

test('a wrong token is refused like none', async ({ page, app }) => {
  const response = await page.goto(`${app.server.baseUrl}?token=${'0'.repeat(64)}`);
  expect(response?.status()).toBe(401);
});
