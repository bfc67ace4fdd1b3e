import path from 'node:path';
import { importFiles } from './api';
import { AppShell } from './pages/AppShell';
import { ItemBrowser } from './pages/ItemBrowser';
import { FORMATS, expect, screenshot, test } from './fixtures';
import { withSlowCpu } from './slowCpu';

const ALL = ['plans.jsonl', 'plans-generated.csv', 'conversations-chat.jsonl', 'conversation-roles.json', 'trajectory-events.jsonl', 'sop-graph.json', 'flowgraph.txt'];

test.beforeEach(async ({ app }) => {
  await importFiles(app, ALL.map((name) => path.join(FORMATS, name)));
});

test('filters narrow the list in the database and live in the URL', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url, '#/items');
  const browser = new ItemBrowser(page);
  await expect(browser.summary).toHaveText('12 items');

  await browser.filterBy('Kind', 'Plan');
  await expect(browser.summary).toHaveText('6 matching items');
  await expect(page).toHaveURL(/kind=plan/);

  await browser.filterBy('Findings', 'With errors');
  await expect(browser.summary).toHaveText('1 matching item'); // the last row of plans-generated.csv is not valid JSON
  await expect(page).toHaveURL(/severity=error/);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await browser.search.fill('conv-000');
  await expect(browser.summary).toHaveText('2 matching items');
  await expect(page).toHaveURL(/q=conv-000/);
  await screenshot(page, 'items-search');

  // The URL alone restores the same view.
  await page.reload();
  await expect(browser.search).toHaveValue('conv-000');
  await expect(browser.summary).toHaveText('2 matching items');
});

test('sorting is done by the database', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url, '#/items?kind=plan');
  const browser = new ItemBrowser(page);
  await browser.sortBy('ID');
  await expect(page).toHaveURL(/sort=externalId/);
  // Byte order, as SQLite compares text: "q-002" < "q-002/…" < "q-003"
  await expect
    .poll(() => browser.externalIds())
    .toEqual(['q-001', 'q-002', 'q-002/large-planner/with_lineage', 'q-002/small-planner/without_lineage', 'q-003', 'q-003/small-planner/without_lineage']);
  // Clicked twice quickly, a header sorts descending: the second click builds on the first before
  // the router shows it (useSearchParamsNow). Seen once in CI before that: the second click
  // reversed the old sort and left ascending findings. A CPU slowed 20× makes the clicks quick
  // against the router's transition every time.
  const findings = (await browser.grid.getByRole('columnheader', { name: 'Findings' }).boundingBox())!;
  await withSlowCpu(page, async () => {
    for (let click = 0; click < 2; click++) await page.mouse.click(findings.x + findings.width / 2, findings.y + findings.height / 2);
  });
  await expect(page).toHaveURL(/sort=findings&desc=1/);
  await expect.poll(async () => (await browser.externalIds())[0]).toBe('q-003/small-planner/without_lineage');
  await screenshot(page, 'items-sorted');
  // In a 1280-px window every column is in sight, the findings included: the grid does not scroll sideways.
  await page.setViewportSize({ width: 1280, height: 720 });
  const pastEdge = () =>
    page.locator('.MuiDataGrid-main').evaluate((main) => {
      const headers = [...main.querySelectorAll('[role="columnheader"]')].map((h) => h.getBoundingClientRect().right);
      return Math.round(Math.max(...headers) - main.getBoundingClientRect().right);
    });
  await expect.poll(pastEdge).toBeLessThanOrEqual(0);
  await expect(page.getByRole('gridcell').filter({ has: page.getByLabel(/^\d+ errors?$/) }).first()).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'items-1280');
});

test('a metadata filter picks a field and one of its values', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url, '#/items');
  const browser = new ItemBrowser(page);
  await browser.filterByMetadata('domain', 'retail');
  await expect(browser.summary).toHaveText('2 matching items'); // conv-0001 and conv-0002
  await expect(page).toHaveURL(/m\.domain=retail/);
  await expect(browser.filters.getByRole('button', { name: 'domain = retail' })).toBeVisible();
  await screenshot(page, 'items-metadata-filter');
});
