import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { importFiles, itemIdOf } from './api';
import { AppShell } from './pages/AppShell';
import { ConversationViewer } from './pages/ConversationViewer';
import { GraphViewer } from './pages/GraphViewer';
import { PlanViewer } from './pages/PlanViewer';
import { FIXTURES, expect, screenshot, test, type AppFixture } from './fixtures';

/**
 * Issue 18 part 4: integers beyond 2^53 (fixtures/exact-numbers) show on screen digit for digit
 * in every viewer. `JSON.parse` anywhere on the way would show 12345678901234567000.
 */
const ID = '12345678901234567891';
const ROUNDED = '12345678901234567000';
const EXACT = path.join(FIXTURES, 'exact-numbers');

async function openItem(page: Page, app: AppFixture, externalId: string): Promise<void> {
  const id = await itemIdOf(app, externalId);
  await new AppShell(page).open(app.url, `#/items/${id}`);
}

test.beforeEach(async ({ app }) => {
  await importFiles(app, ['conversations.jsonl', 'roles.json', 'plans.jsonl', 'graph.json'].map((f) => path.join(EXACT, f)));
});

test('the item list shows ids beyond 2^53 as written', async ({ page, app }) => {
  await new AppShell(page).open(app.url, '#/items');
  const grid = page.getByRole('grid');
  for (const id of [ID, '12345678901234567893', '12345678901234567894', `roles-${ID}`]) await expect(grid.getByText(id, { exact: true })).toBeVisible();
  await expect(page.getByText(ROUNDED)).toHaveCount(0);
  await screenshot(page, 'exact-numbers-items');
});

test("the conversation viewer shows the call's arguments, the tool's output and the expected trace digit for digit", async ({ page, app }) => {
  await openItem(page, app, ID);
  const viewer = new ConversationViewer(page);
  await viewer.root.waitFor();
  // Bare, as the file wrote them (numbers, not strings in quotes).
  await expect(viewer.turn(1)).toContainText(`orderId:${ID}`);
  await expect(viewer.turn(2)).toContainText(`orderId:${ID}`);
  await expect(viewer.turn(2)).toContainText('parcel:90071992547409931');
  await expect(viewer.tracePanel).toContainText(`orderId:${ID}`);
  await expect(viewer.root).not.toContainText(`"${ID}"`);
  await expect(viewer.root).not.toContainText(ROUNDED);
  await viewer.scrollIntoView();
  await screenshot(page, 'exact-numbers-conversation');

  await openItem(page, app, `roles-${ID}`);
  await expect(viewer.turn(1)).toContainText(ID);
  await expect(viewer.turn(2)).toContainText(ID);
  await expect(viewer.root).not.toContainText(ROUNDED);
});

test("the plan viewer shows the step's field and the metadata panel the account beyond 2^53", async ({ page, app }) => {
  await openItem(page, app, '12345678901234567893');
  const viewer = new PlanViewer(page);
  await viewer.root.waitFor();
  await expect(viewer.step('1')).toContainText(ID);
  await expect(page.getByLabel('Metadata')).toContainText(`account ${ID}`);
  await expect(page.locator('body')).not.toContainText(ROUNDED);
  await screenshot(page, 'exact-numbers-plan');
});

test("the plan viewer shows an integer beyond 2^53 inside a step's own object field bare", async ({ page, app }) => {
  // A step field the format does not define, holding an object: written out as JSON, its number
  // bare as the file has it, not quoted digits.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-e2e-nested-'));
  const file = path.join(dir, 'nested-plans.jsonl');
  fs.writeFileSync(file, `{"query_id": "nested-1", "query": "Q", "plan": {"1": {"query": "T2S([], 'x')", "depends_on": [], "source": {"ticket": 12345678901234567895}}}}\n`);
  try {
    await importFiles(app, [file]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await openItem(page, app, 'nested-1');
  const viewer = new PlanViewer(page);
  await expect(viewer.step('1')).toContainText('{"ticket":12345678901234567895}');
});

test("the graph inspector shows a node's field beyond 2^53", async ({ page, app }) => {
  await openItem(page, app, '12345678901234567894');
  const viewer = new GraphViewer(page);
  await viewer.waitReady();
  await viewer.selectNode('1');
  const otherFields = viewer.nodeInspector.getByText('"max_amount"', { exact: false });
  await expect(otherFields).toContainText(`"max_amount": ${ID}`);
  await expect(viewer.nodeInspector).not.toContainText(ROUNDED);
  await otherFields.scrollIntoViewIfNeeded();
  await screenshot(page, 'exact-numbers-graph');
});
