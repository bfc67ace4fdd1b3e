import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { callApi, importFiles, itemIdOf } from './api';
import { createTask, openAs } from './annotation';
import { expect, screenshot, test, type AppFixture } from './fixtures';
import { AppShell } from './pages/AppShell';

// Issue 15, part 3: markup in imported files (and in what people type about them) stays text on
// every screen that shows it, under the strict Content-Security-Policy header. Each field gets
// its own payload, so a failure names the field: an <img onerror>, a <script> and an alert that
// would set window.__xss or open a dialog if anything ran them.

/** The payload for one field: its name (to find it on screen) and markup that would run if parsed as HTML. */
const mark = (field: string) => `${field} <img src=x onerror="window.__xss='${field}';alert('${field}')"><script>window.__xss='${field}'</script>`;
const DATASET = mark('dataset');
const ITEM = mark('item');
const QUERY = mark('query');
const PROMPT = mark('prompt');
const TOOL = mark('tool');
const ARGUMENT = mark('argument');
const PERSONA = mark('persona');
const USER_INFO = mark('userinfo');
const MESSAGE = mark('message');
const GRAPH_TITLE = mark('graph');
const NODE = mark('node');
const EDGE = mark('edge');
const TASK = mark('task');
const RATIONALE_ANA = mark('rationale-ana');
const RATIONALE_BEN = mark('rationale-ben');

function writeHostileFiles(dir: string): string[] {
  const plans = path.join(dir, 'hostile-plans.jsonl');
  const record = (id: string) => ({ query_id: id, query: QUERY, subjective: false, compound: false, plan: { 1: { query: `LLM([], '${PROMPT}')`, depends_on: [] } } });
  fs.writeFileSync(plans, `${JSON.stringify(record(ITEM))}\n${JSON.stringify(record('plain-002'))}\n`);

  const conversation = path.join(dir, 'hostile-chat.jsonl');
  fs.writeFileSync(
    conversation,
    `${JSON.stringify({
      id: 'hostile-conversation',
      domain: 'retail',
      scenario: { type: 'failing_function', seed: 7, persona: PERSONA, user_info: { note: USER_INFO } },
      messages: [
        { role: 'user', content: MESSAGE },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: TOOL, arguments: JSON.stringify({ note: ARGUMENT }) } }] },
        { role: 'tool', tool_call_id: 'call_a', content: '{"ok":true}' },
        { role: 'assistant', content: 'Done.' },
      ],
    })}\n`,
  );

  const graph = path.join(dir, 'hostile-graph.json');
  fs.writeFileSync(
    graph,
    JSON.stringify({
      title: GRAPH_TITLE,
      nodes: [
        { id: 'A', task_name: NODE, task_description: 'Say hello', steps: [], tools: [], responsePathways: [{ conditions: [], nextNodeId: 'B' }] },
        { id: 'B', task_name: 'Close', task_description: 'Bye', steps: [], tools: [], responsePathways: [] },
      ],
      edges: [{ source: 'A', target: 'B', label: EDGE }],
    }),
  );
  return [plans, conversation, graph];
}

/** Imports the hostile files (the plans under a hostile dataset name) and seeds a task whose two raters wrote hostile rationales. */
async function hostileWorkspace(app: AppFixture): Promise<{ task: number; planId: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-markup-'));
  const [plans, conversation, graph] = writeHostileFiles(dir);
  await importFiles(app, [plans], { dataset: DATASET });
  await importFiles(app, [conversation, graph]);
  fs.rmSync(dir, { recursive: true, force: true });
  const task = await createTask(app, { name: TASK, schema: { preset: 'plan-quality' }, datasets: [DATASET], annotators: ['ana', 'ben'] });
  const planId = await itemIdOf(app, 'plain-002');
  const hostileId = (await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { kind: 'plan' })).rows.find((r) => r.externalId === ITEM)!.id;
  for (const [who, value, rationale] of [['ana', 'Bad', RATIONALE_ANA], ['ben', 'Very Good', RATIONALE_BEN]] as const) {
    for (const itemId of [planId, hostileId]) {
      await callApi(app, 'labels.save', { task, itemId, question: 'overall_quality', value, rationale }, who);
      await callApi(app, 'labels.submit', { task, itemId }, who);
    }
  }
  return { task, planId };
}

/** Watches a page for anything the payloads would do: a dialog, or window.__xss set. */
function watch(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** The payload is on screen character for character, and nothing of it became an element or ran. */
async function expectShownAsText(page: Page, payload: string, seen: { dialogs: string[] }): Promise<void> {
  await expect(page.getByText(payload, { exact: false }).first()).toBeVisible();
  expect(await page.locator('#root [onerror], #root [onload], #root script, #root img[src="x"]').count()).toBe(0);
  expect(await page.evaluate('window.__xss')).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
}

test('imported markup stays text in the catalog: dataset and item names, plan query and prompts, tool names and arguments, scenario fields, graph labels', async ({ page, app }) => {
  await hostileWorkspace(app);
  const seen = watch(page);
  const shell = new AppShell(page);
  await shell.open(app.url, '#/datasets');
  await expectShownAsText(page, DATASET, seen);

  await shell.goto('#/items');
  await expectShownAsText(page, ITEM, seen);
  await screenshot(page, 'markup-items');

  const ids = Object.fromEntries((await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { limit: 100 })).rows.map((r) => [r.externalId, r.id]));
  await shell.goto(`#/items/${ids[ITEM]}`);
  await expectShownAsText(page, QUERY, seen);
  await expectShownAsText(page, PROMPT, seen);

  await shell.goto(`#/items/${ids['hostile-conversation']}`);
  await expectShownAsText(page, MESSAGE, seen);
  await expectShownAsText(page, TOOL, seen);
  await expectShownAsText(page, PERSONA, seen);
  await expectShownAsText(page, ARGUMENT, seen);
  await expectShownAsText(page, USER_INFO, seen);
  await screenshot(page, 'markup-conversation');

  const graphId = Object.entries(ids).find(([externalId]) => externalId !== ITEM && externalId !== 'plain-002' && externalId !== 'hostile-conversation')![1];
  await shell.goto(`#/items/${graphId}`);
  await expectShownAsText(page, GRAPH_TITLE, seen);
  await expect(page.getByTestId('graph-node').filter({ hasText: 'node <img' })).toBeVisible();
  await expect(page.locator('[aria-label^="Edge A → B"]').first()).toHaveAttribute('aria-label', `Edge A → B: ${EDGE}`);
  expect(await page.evaluate('window.__xss')).toBeUndefined();
  await screenshot(page, 'markup-graph');
});

test('markup people typed or imported stays text where annotation shows it: task names, rationales side by side, the labeling screen', async ({ app, browser }) => {
  const { task, planId } = await hostileWorkspace(app);
  const lead = await openAs(browser, app, 'lea', 'Lead', '#/tasks');
  const seen = watch(lead);
  await expectShownAsText(lead, TASK, seen);
  await new AppShell(lead).goto(`#/tasks/${task}`);
  await expectShownAsText(lead, TASK, seen);

  await new AppShell(lead).goto(`#/adjudication/${task}/items/${planId}`);
  await expectShownAsText(lead, RATIONALE_ANA, seen);
  await expectShownAsText(lead, RATIONALE_BEN, seen);
  await screenshot(lead, 'markup-adjudication');

  const ana = await openAs(browser, app, 'ana', 'Annotator', `#/tasks/${task}/label/${planId}`);
  const anaSeen = watch(ana);
  await expect(ana.getByRole('textbox', { name: /rationale/i }).first()).toHaveValue(RATIONALE_ANA);
  await expectShownAsText(ana, TASK, anaSeen);
  await screenshot(ana, 'markup-labeling');
  await lead.context().close();
  await ana.context().close();
});

test('the page is served under a strict CSP header that stops inline script even if markup reached the DOM', async ({ page, app }) => {
  const response = await page.goto(app.url);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy.split(';').find((d) => d.trim().startsWith('script-src'))).not.toMatch(/unsafe|data:|\*/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  await new AppShell(page).workspaceName.waitFor();
  const seen = watch(page);
  // As if a screen had used innerHTML: the browser refuses the inline handler and script.
  await page.evaluate(`document.body.insertAdjacentHTML('beforeend', ${JSON.stringify(mark('injected'))})`);
  await page.evaluate(`(() => { const s = document.createElement('script'); s.textContent = "window.__xss = 'inline'"; document.body.appendChild(s); })()`);
  // Polled from here: a string predicate that waitForFunction polls inside the page is itself
  // eval, which this very policy refuses (it failed so when the image was not done at once).
  await expect.poll(() => page.locator('img[src="x"]').evaluate((img) => (img as unknown as { complete: boolean }).complete)).toBe(true);
  expect(await page.evaluate('window.__xss')).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
});
