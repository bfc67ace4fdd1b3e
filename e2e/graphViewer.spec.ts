import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { writeSopGraph } from '../build/bench/generateSopGraph';
import { importFiles, itemIdOf } from './api';
import { FIXTURES, FORMATS, appLink, expect, screenshot, test, type AppFixture } from './fixtures';
import { AppShell } from './pages/AppShell';
import { GraphViewer } from './pages/GraphViewer';
import { ItemPage } from './pages/ItemPage';

/** Opens a graph item in the viewer (optionally with `?unit=`) and waits until it is drawn. */
async function openGraph(page: Page, app: AppFixture, externalId: string, unit?: string, timeout?: number): Promise<GraphViewer> {
  const id = await itemIdOf(app, externalId);
  // One navigation with the hash in it, so the app starts on the item (a hash set right after
  // the first load can race the start page's redirect on a busy machine).
  await page.goto(appLink(app, `#/items/${id}${unit ? `?unit=${encodeURIComponent(unit)}` : ''}`));
  await new AppShell(page).workspaceName.waitFor();
  const viewer = new GraphViewer(page);
  await viewer.waitReady(timeout);
  return viewer;
}

test.describe('the JSON SOP graph (fixtures/formats/sop-graph.json)', () => {
  test.beforeEach(async ({ app }) => {
    await importFiles(app, [path.join(FORMATS, 'sop-graph.json')]);
  });

  test('draws the graph with its conditions on the edges and its start and end marked', async ({ page, app }) => {
    const viewer = await openGraph(page, app, 'Order return with refund');
    await expect(viewer.nodes).toHaveCount(6);
    // sop-graph.json: pathway 1 → 2 is taken when {customerStatus} == 'found'
    await expect(viewer.edgeLabel('e0')).toHaveText("{customerStatus} == 'found'");
    await expect(viewer.edgeLabel('e0')).toBeVisible();
    // A compound condition reads one clause per line.
    await expect(viewer.edgeLabel('e2')).toContainText('{daysSinceDelivery} <= 30');
    await expect(viewer.edgeLabel('e2')).toContainText('&& {finalSale} == false');
    await expect(viewer.node('1')).toHaveAttribute('data-type', 'start');
    await expect(viewer.node('1').getByTestId('graph-node-type')).toHaveText('Start');
    await expect(viewer.node('5')).toHaveAttribute('data-type', 'end');
    await expect(viewer.node('5').getByTestId('graph-node-type')).toHaveText('End');
    await expect(viewer.node('2')).toHaveAttribute('data-type', 'task');
    await expect(viewer.legend).toContainText('Start');
    await expect(viewer.legend).toContainText('Task');
    await expect(viewer.legend).toContainText('End');
    // The first view shows the whole graph …
    await expect.poll(() => viewer.nodesOffScreen()).toEqual({ drawn: 6, off: [] });
    await screenshot(page, 'graph-sop-json');
    // … and after zooming in, F shows it whole again.
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('f');
    await expect.poll(() => viewer.nodesOffScreen()).toEqual({ drawn: 6, off: [] });
  });

  test('the node inspector shows steps, tools with their inputs and response values, and where the node leads', async ({ page, app }) => {
    const viewer = await openGraph(page, app, 'Order return with refund');
    await viewer.selectNode('1');
    await expect(page).toHaveURL(/unit=node%3A1/);
    await expect(viewer.node('1')).toHaveAttribute('aria-pressed', 'true');
    const inspector = viewer.nodeInspector;
    await expect(inspector.getByTestId('inspector-title')).toHaveText('Identify Customer');
    await expect(inspector.getByTestId('inspector-description')).toHaveText('Confirm who the customer is before any order data is shared.');
    await expect(inspector.getByTestId('inspector-steps')).toContainText('Step 2: Look the customer up with the Customer Lookup tool.');
    const tool = inspector.getByTestId('inspector-tool');
    await expect(tool).toContainText('Customer Lookup');
    await expect(tool).toContainText('GET');
    await expect(tool).toContainText('https://api.shop.example/customers');
    const inputs = tool.getByRole('table', { name: 'Input variables' });
    await expect(inputs).toContainText('email');
    await expect(inputs).toContainText('string');
    await expect(inputs).toContainText('the address on the account');
    await expect(tool.getByRole('table', { name: 'Response fields' }).getByTestId('allowed-value')).toHaveText(['found', 'not_found']);
    const outgoing = inspector.getByTestId('inspector-pathway');
    await expect(outgoing).toHaveCount(2);
    await expect(outgoing.first()).toContainText("{customerStatus} == 'found'");
    await expect(outgoing.first()).toContainText('Check Return Eligibility');
    await screenshot(page, 'graph-node-inspector');

    // From the inspector to the edge, and from the edge to its target node.
    await outgoing.nth(1).click();
    await expect(page).toHaveURL(/unit=edge%3Ae1/);
    const edge = viewer.edgeInspector;
    await expect(edge.getByTestId('inspector-condition')).toContainText("{customerStatus} == 'not_found'");
    await expect(edge.getByTestId('inspector-condition')).toContainText('returned by Customer Lookup (node 1)');
    await expect(edge.getByTestId('inspector-label')).toHaveText('customer not found');
    await expect(edge.getByTestId('inspector-origin')).toContainText('Listed in the edges, and drawn by pathway 2 of 1');
    await edge.getByRole('button', { name: 'Select node 6' }).click();
    await expect(page).toHaveURL(/unit=node%3A6/);
    await expect(viewer.nodeInspector.getByTestId('inspector-title')).toHaveText('Escalate to Human');
  });

  test('clicking an edge text selects the edge; the edge text can show labels instead', async ({ page, app }) => {
    const viewer = await openGraph(page, app, 'Order return with refund');
    await viewer.selectEdge('e3');
    await expect(viewer.edgeLabel('e3')).toHaveAttribute('aria-pressed', 'true');
    await expect(viewer.edgeInspector.getByTestId('inspector-condition')).toContainText('{daysSinceDelivery} > 30');
    await viewer.root.getByRole('button', { name: 'Labels' }).click();
    await expect(viewer.edgeLabel('e0')).toHaveText('customer found');
    await expect(viewer.root).toHaveAttribute('data-ready', 'true');
  });

  test('journeys are listed and highlighted one at a time with ] and [', async ({ page, app }) => {
    const viewer = await openGraph(page, app, 'Order return with refund');
    await expect(viewer.journeyPosition).toHaveText('4 journeys');
    await viewer.nextJourney();
    await expect(viewer.journeyPosition).toHaveText('Journey 1 of 4');
    // Journey 1 (items.journeys, edge order): 1 → 2 → 3 → 5
    await expect(viewer.journeys.nth(0)).toHaveAttribute('aria-pressed', 'true');
    await expect(viewer.node('1')).toHaveAttribute('data-step', '1');
    await expect(viewer.node('3')).toHaveAttribute('data-step', '3');
    await expect(viewer.node('5')).toHaveAttribute('data-step', '4');
    await expect(viewer.node('4')).toHaveAttribute('data-dimmed', 'true');
    await expect(viewer.edgeLabel('e0')).toHaveAttribute('data-journey', 'true');
    await expect(viewer.edgeLabel('e1')).toHaveAttribute('data-dimmed', 'true');
    await expect(viewer.journeySteps).toContainText("{daysSinceDelivery} <= 30 && {finalSale} == false");
    await screenshot(page, 'graph-journey');

    await viewer.nextJourney();
    await expect(viewer.journeyPosition).toHaveText('Journey 2 of 4');
    await expect(viewer.node('6')).toHaveAttribute('data-step', '4');
    await viewer.previousJourney();
    await viewer.previousJourney();
    await expect(viewer.journeyPosition).toHaveText('Journey 4 of 4');
    await viewer.journeys.nth(2).click();
    await expect(viewer.journeyPosition).toHaveText('Journey 3 of 4');
    await expect(viewer.node('4')).toHaveAttribute('data-step', '3');
    await page.keyboard.press('Escape');
    await expect(viewer.journeyPosition).toHaveText('4 journeys');
    await expect(viewer.node('4')).toHaveAttribute('data-dimmed', 'false');
  });

  test('zoom and fit with the keys and the buttons', async ({ page, app }) => {
    const viewer = await openGraph(page, app, 'Order return with refund');
    const start = await viewer.zoom();
    await page.keyboard.press('+');
    await expect.poll(() => viewer.zoom()).toBeGreaterThan(start);
    await viewer.root.getByRole('button', { name: 'Zoom out' }).click();
    await viewer.root.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => viewer.zoom()).toBeLessThan(start);
    await viewer.root.getByRole('button', { name: 'Fit the whole graph' }).click();
    for (const id of ['1', '5', '6']) await expect.poll(() => viewer.isInView(viewer.node(id)), `node ${id} in view`).toBe(true);
  });
});

test.describe('the password-reset fixture (review problems on purpose)', () => {
  test.beforeEach(async ({ app }) => {
    await importFiles(app, [path.join(FIXTURES, 'graph-password-reset.json')]);
  });

  test('pins findings on the nodes and edges they concern and draws the self-loop', async ({ page, app }) => {
    const viewer = await openGraph(page, app, 'Reset online banking password');
    // F is entered by nothing (graph-single-start), an error pinned on F.
    await expect(viewer.nodeBadge('F')).toHaveAttribute('data-severity', 'error');
    await expect(viewer.nodeBadge('D')).toHaveCount(0);
    // C → D reads {riskScore}, which no tool returns (graph-condition-variable on e5).
    await expect(viewer.edgeLabel('e5').getByTestId('graph-finding-badge')).toHaveAttribute('data-severity', 'error');
    // The self-loop B → B (e3) keeps its condition on the graph.
    await expect(viewer.edgeLabel('e3')).toContainText("{otpResult} == 'invalid'");
    await expect(viewer.edgeLabel('e3')).toBeVisible();
    await screenshot(page, 'graph-password-reset');

    await viewer.selectNode('F');
    await expect(viewer.nodeInspector.getByTestId('inspector-findings')).toContainText('no transition enters it');
    // Nothing enters F, so the importer counts it as a (second) start.
    await expect(viewer.nodeInspector.getByTestId('inspector-incoming')).toContainText('Nothing: the procedure starts here.');
  });

  test("a finding clicked in the page's list selects its unit and brings it into view", async ({ page, app }) => {
    const viewer = await openGraph(page, app, 'Reset online banking password');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    const item = new ItemPage(page);
    const finding = item.finding('not returned by any tool');
    await finding.click();
    await expect(page).toHaveURL(/unit=edge%3Ae5/);
    await expect(viewer.edgeLabel('e5')).toHaveAttribute('aria-pressed', 'true');
    await expect(viewer.edgeInspector.getByTestId('inspector-findings')).toContainText('{riskScore}');
    await expect.poll(() => viewer.isInView(viewer.edgeLabel('e5'))).toBe(true);

    await item.finding(/node F .*start/).click();
    await expect(page).toHaveURL(/unit=node%3AF/);
    await expect(viewer.nodeInspector).toHaveAttribute('data-node-id', 'F');
    await expect.poll(() => viewer.isInView(viewer.node('F'))).toBe(true);
  });

  test('a deep link ?unit=node:… opens the item with that node selected', async ({ page, app }) => {
    const viewer = await openGraph(page, app, 'Reset online banking password', 'node:C');
    await expect(viewer.node('C')).toHaveAttribute('aria-pressed', 'true');
    await expect(viewer.nodeInspector.getByTestId('inspector-title')).toHaveText('Reset Password');
    expect(await viewer.isInView(viewer.node('C'))).toBe(true);
    await expect(new ItemPage(page).finding('not returned by any tool')).toHaveAttribute('aria-pressed', 'false');

    const edge = await openGraph(page, app, 'Reset online banking password', 'edge:e3');
    await expect(edge.edgeInspector).toHaveAttribute('data-edge-key', 'e3');
    await expect(edge.edgeInspector.getByRole('button', { name: 'Select node B' })).toHaveCount(2);
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/unit=/);
    await expect(edge.overview).toBeVisible();
  });
});

test.describe('the line format', () => {
  test('flowgraph.txt: node types coloured, the N2 → N3 → N2 cycle drawn with its labels', async ({ page, app }) => {
    await importFiles(app, [path.join(FORMATS, 'flowgraph.txt')]);
    const viewer = await openGraph(page, app, 'flowgraph');
    await expect(viewer.nodes).toHaveCount(9);
    await expect(viewer.node('N0')).toHaveAttribute('data-type', 'start');
    await expect(viewer.node('N1')).toHaveAttribute('data-type', 'message');
    await expect(viewer.node('N2')).toHaveAttribute('data-type', 'api');
    await expect(viewer.node('N7')).toHaveAttribute('data-type', 'end');
    await expect(viewer.node('N8')).toHaveAttribute('data-type', 'end');
    for (const type of ['Start', 'Message', 'API call', 'End']) await expect(viewer.legend).toContainText(type);
    // No conditions in the line format: the edges show their labels (customer replies, API outputs).
    await expect(viewer.edgeLabel('e2')).toHaveText('Booking not found');
    await expect(viewer.edgeLabel('e3')).toHaveText('Gives a corrected reference');
    await expect(viewer.edgeLabel('e3').getByTestId('graph-finding-badge')).toHaveAttribute('data-severity', 'info');
    await expect(viewer.root.getByRole('button', { name: 'Conditions' })).toHaveCount(0);
    await viewer.selectNode('N2');
    await expect(viewer.nodeInspector.getByTestId('inspector-title')).toHaveText('get_booking');
    await expect(viewer.nodeInspector.getByTestId('inspector-incoming')).toContainText('N3');
    await expect(viewer.nodeInspector.getByTestId('inspector-outgoing')).toContainText('Booking not found');
    // The cycle's finding in the page's list brings the edge back up (N3 → N2) into view.
    await new ItemPage(page).finding('cycle N2 → N3 → N2').click();
    await expect(viewer.edgeInspector).toHaveAttribute('data-edge-key', 'e3');
    await expect.poll(() => viewer.isInView(viewer.edgeLabel('e3'))).toBe(true);
    await screenshot(page, 'graph-flowgraph');
  });

  test('graph-rebook-flight.txt: a repeated edge id draws two edges, each its own unit', async ({ page, app }) => {
    await importFiles(app, [path.join(FIXTURES, 'graph-rebook-flight.txt')]);
    const viewer = await openGraph(page, app, 'graph-rebook-flight');
    await expect(viewer.nodes).toHaveCount(11);
    // [E8] appears twice (N4 → N8 and N5 → N8): keys e8 and e9.
    await expect(viewer.edgeLabel('e8')).toContainText('No alternatives on the same day');
    await expect(viewer.edgeLabel('e9')).toContainText('Declines every offered flight');
    await viewer.selectEdge('e9');
    await expect(viewer.edgeInspector).toContainText('id E8');
    // the second [E8] is on line 21 of the file
    await expect(viewer.edgeInspector.getByTestId('inspector-origin')).toContainText('line 21');
    await screenshot(page, 'graph-rebook-flight');
  });
});

test('imported text in a graph is shown as text, never run as HTML', async ({ page, app }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-graph-xss-'));
  const file = path.join(dir, 'xss-graph.json');
  const script = '<script>window.__graphPwned = 1</script>';
  const img = '<img src=x onerror="window.__graphPwned = 2">';
  fs.writeFileSync(
    file,
    JSON.stringify({
      title: 'Hostile text',
      nodes: [
        { id: 'A', task_name: `Greet ${img}`, task_description: `Say hello ${script}`, steps: [`Step 1: ${script}`], tools: [], responsePathways: [{ conditions: [], nextNodeId: 'B' }] },
        { id: 'B', task_name: 'Close', task_description: 'Bye', steps: [], tools: [], responsePathways: [] },
      ],
      edges: [{ source: 'A', target: 'B', label: img }],
    }),
  );
  try {
    await importFiles(app, [file]);
    const viewer = await openGraph(page, app, 'Hostile text');
    await expect(viewer.node('A')).toContainText(script);
    // Drawn over two lines on the edge; whole in its accessible name.
    await expect(viewer.edgeLabel('e0')).toContainText('<img src=x');
    await expect(viewer.edgeLabel('e0')).toContainText('onerror="window.__graphPwned = 2">');
    await expect(viewer.edgeLabel('e0')).toHaveAttribute('aria-label', `Edge A → B: ${img}`);
    await viewer.selectNode('A');
    await expect(viewer.nodeInspector.getByTestId('inspector-description')).toHaveText(`Say hello ${script}`);
    await expect(viewer.nodeInspector.getByTestId('inspector-steps')).toContainText(script);
    expect(await viewer.root.locator('script, img').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __graphPwned?: number }).__graphPwned)).toBeUndefined();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('j pressed in quick succession moves one graph per press, however long the layouts take', async ({ page, app }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-graph-keys-'));
  try {
    // Seven generated graphs of 30 to 36 nodes, each its own item ("Generated procedure, N nodes").
    await importFiles(app, [30, 31, 32, 33, 34, 35, 36].map((n) => writeSopGraph(path.join(dir, `graph-${n}.json`), n)));
    await openGraph(page, app, 'Generated procedure, 30 nodes');
    const item = new ItemPage(page);
    await expect(item.position).toHaveText('1 of 7');
    for (let i = 0; i < 5; i++) await page.keyboard.press('j');
    await expect(item.externalId).toHaveText('Generated procedure, 35 nodes');
    await expect(item.position).toHaveText('6 of 7');
    await page.waitForTimeout(1_000);
    await expect(item.externalId).toHaveText('Generated procedure, 35 nodes');
    await new GraphViewer(page).waitReady();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
