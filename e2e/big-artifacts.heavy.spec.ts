import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSopGraph } from '../build/bench/generateSopGraph';
import { writeLongConversation } from '../build/bench/longConversation';
import { importFiles, itemIdOf } from './api';
import { expect, screenshot, test } from './fixtures';
import { openConversation, openGraphAt1400 } from './openViewer';
import { AppShell } from './pages/AppShell';
import { GraphViewer } from './pages/GraphViewer';

// The biggest artifacts the viewers are made for, generated in code: a 200-node SOP graph and a
// 300-turn conversation. In the heavy tier (each takes a core for 15-20 s); the everyday tier
// opens the fixtures and a 60-node graph (graphFit.spec.ts, graphViewer.spec.ts,
// conversationViewer.spec.ts).

test('a 200-node graph opens fitted at 1400×900, and is searched, deep-linked into and walked', async ({ page, app }) => {
  // Laid out in milliseconds (fastLayout); the bounds allow for a machine shared with others.
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-graph-200-'));
  try {
    const externalId = 'Generated procedure, 200 nodes';
    await importFiles(app, [writeSopGraph(path.join(dir, 'graph-200.json'), 200)]);
    const { viewer, ms } = await openGraphAt1400(page, app, externalId);
    console.log(`200-node graph: drawn fitted ${ms} ms after following its link (layout ${await viewer.root.getAttribute('data-layout-ms')} ms)`);
    // Starts fitted: every node on screen, the minimap beside it.
    await expect.poll(() => viewer.nodesOffScreen()).toEqual({ drawn: 200, off: [] });
    await expect(viewer.minimap).toBeVisible();
    expect(await viewer.zoom()).toBeLessThan(0.2);
    await screenshot(page, 'graph-fit-200-nodes');

    // The search box centres a node at a readable zoom.
    await viewer.find('n150', 'n150');
    await expect(viewer.node('n150')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/unit=node%3An150/);
    await expect.poll(() => viewer.isInView(viewer.node('n150'))).toBe(true);
    await expect.poll(() => viewer.zoom()).toBeGreaterThanOrEqual(0.7);
    // Zoomed in, the node's title and its edges' conditions are drawn to be read.
    await expect(viewer.node('n150').locator('.sop-node__title')).toBeVisible();
    await expect(viewer.edgeLabels.first()).toBeVisible();
    // The search field gave the keyboard back: f fits the whole graph again.
    await expect(viewer.search).not.toBeFocused();
    await screenshot(page, 'graph-200-nodes-found');
    await page.keyboard.press('f');
    await expect.poll(() => viewer.nodesOffScreen()).toEqual({ drawn: 200, off: [] });
    expect(await viewer.zoom()).toBeLessThan(0.2);

    // Following a link to another unit far down the graph brings it into view.
    await new AppShell(page).goto(`#/items/${await itemIdOf(app, externalId)}?unit=node%3An180`);
    const linked = new GraphViewer(page);
    await linked.waitReady(90_000);
    await expect(linked.node('n180')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => linked.isInView(linked.node('n180'))).toBe(true);

    await linked.nextJourney();
    await expect(linked.journeyPosition).toHaveText('Journey 1 of 1,000');
    await screenshot(page, 'graph-200-nodes-journey');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a 300-turn conversation is windowed, scrolls to its end, and deep links deep into it', async ({ page, app }) => {
  const file = test.info().outputPath('long-300.jsonl');
  writeLongConversation(file, 300);
  await importFiles(app, [file]);
  const viewer = await openConversation(page, app, 'long-300');
  await expect(viewer.transcriptSummary).toContainText('300 turns');
  await expect(viewer.turn(0)).toBeVisible();
  // Only the turns near the viewport are in the DOM.
  expect(await viewer.renderedTurns.count()).toBeLessThan(60);
  // A long trace shows its problem rows first: of 60 calls, block 20 asked for another order
  // (longConversation.ts); the other 59 are one click away.
  await expect(viewer.traceRows).toHaveCount(1);
  await expect(viewer.tracePanel).toContainText('Showing the 1 call that differs of 60.');
  await expect(viewer.metric('toolCallAccuracy')).toHaveText('0.99');

  await viewer.scrollTranscriptToEnd(299);
  await expect(viewer.turn(299)).toBeInViewport();
  await expect(viewer.turn(299)).toHaveAttribute('data-role', 'tool_output');
  expect(await viewer.renderedTurns.count()).toBeLessThan(60);
  await screenshot(page, 'conversation-300-turns');

  // A deep link into the middle: turn 250 is selected and on screen.
  const id = await itemIdOf(app, 'long-300');
  await new AppShell(page).goto(`#/items/${id}?unit=turn:250`);
  await expect(viewer.turn(250)).toHaveAttribute('aria-current', 'true');
  await expect(viewer.turn(250)).toBeInViewport();
  // Clicking the trace row with the mismatch (block 20: turn 1 + 20×5 + 2 = 103) scrolls back up to it.
  const mismatch = viewer.traceRows.filter({ has: page.getByTestId('param-mismatch') });
  await expect(mismatch).toHaveCount(1);
  await mismatch.click();
  await expect(viewer.turn(103)).toHaveAttribute('aria-current', 'true');
  await expect(viewer.turn(103)).toBeInViewport();
  await expect(viewer.turn(103).getByTestId('turn-trace-mark')).toHaveText('1 parameter differs');
  await screenshot(page, 'conversation-300-turns-deep-link');

  // Hidden behind the Raw tab, the transcript keeps its measurements: back on Review, the
  // selected turn is where it was.
  await viewer.showRawAndBack();
  await expect(viewer.turn(103)).toBeInViewport();
  const [turnBox, transcriptBox] = [await viewer.turn(103).boundingBox(), await viewer.transcript.boundingBox()];
  expect(turnBox!.y - transcriptBox!.y).toBeLessThan(40);

  await viewer.tracePanel.getByTestId('trace-show-all').click();
  await expect(viewer.traceRows).toHaveCount(60);
});
