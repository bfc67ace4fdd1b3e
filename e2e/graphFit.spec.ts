import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { writeSopGraph } from '../build/bench/generateSopGraph';
import { importFiles, itemIdOf } from './api';
import { createTask, openAs } from './annotation';
import { FORMATS, appLink, expect, screenshot, test, type AppFixture } from './fixtures';
import { AppShell } from './pages/AppShell';
import { GraphViewer } from './pages/GraphViewer';
import { LabelingScreen } from './pages/LabelingScreen';
import { TasksPage } from './pages/TasksPage';

/** Opens an item at 1400×900, as the issue reports it, and waits until its graph is drawn; returns the milliseconds that took. */
async function openAt1400(page: Page, app: AppFixture, externalId: string): Promise<{ viewer: GraphViewer; ms: number }> {
  await page.setViewportSize({ width: 1400, height: 900 });
  const id = await itemIdOf(app, externalId);
  await page.goto(appLink(app, '#/items'));
  await new AppShell(page).workspaceName.waitFor();
  const viewer = new GraphViewer(page);
  const started = Date.now();
  await new AppShell(page).goto(`#/items/${id}`);
  await viewer.waitReady(60_000);
  return { viewer, ms: Date.now() - started };
}

test('graphs open fitted: the 6-node example, a 60-node and a 200-node graph show every node at 1400×900', async ({ page, app }) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-graph-fit-'));
  try {
    await importFiles(app, [path.join(FORMATS, 'sop-graph.json'), writeSopGraph(path.join(dir, 'graph-60.json'), 60), writeSopGraph(path.join(dir, 'graph-200.json'), 200)]);
    for (const [externalId, count, shot] of [
      ['Order return with refund', 6, 'graph-fit-6-nodes'],
      ['Generated procedure, 60 nodes', 60, 'graph-fit-60-nodes'],
      ['Generated procedure, 200 nodes', 200, 'graph-fit-200-nodes'],
    ] as const) {
      const { viewer, ms } = await openAt1400(page, app, externalId);
      console.log(`${externalId}: drawn fitted ${ms} ms after following its link (layout ${await viewer.root.getAttribute('data-layout-ms')} ms)`);
      await expect.poll(() => viewer.nodesOffScreen(), `${externalId}: every node on screen`).toEqual({ drawn: count, off: [] });
      await screenshot(page, shot);
    }

    // The 200-node graph: a minimap, and a search box that centres a node at a readable zoom.
    const viewer = new GraphViewer(page);
    await expect(viewer.minimap).toBeVisible();
    expect(await viewer.zoom()).toBeLessThan(0.2);
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
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('on the label screen the graph fills the pane down to its bottom and opens fitted', async ({ app, browser }) => {
  await importFiles(app, [path.join(FORMATS, 'sop-graph.json')], { dataset: 'graphs' });
  await createTask(app, { name: 'graphs', schema: { preset: 'sop-graph-review' }, datasets: ['graphs'], annotators: ['ana'] });
  const page = await openAs(browser, app, 'ana', 'Annotator');
  await page.setViewportSize({ width: 1400, height: 900 });
  await new TasksPage(page).label('graphs');
  await new LabelingScreen(page).currentItem();
  const viewer = new GraphViewer(page);
  await viewer.waitReady();
  await expect.poll(() => viewer.nodesOffScreen()).toEqual({ drawn: 6, off: [] });
  // No blank band under the canvas: the artifact panel ends where the viewer's pane does.
  const [pane, panel] = await Promise.all([page.getByTestId('labeling-viewer').boundingBox(), page.getByTestId('artifact-panel').boundingBox()]);
  expect(pane!.y + pane!.height - (panel!.y + panel!.height)).toBeLessThan(20);
  await page.mouse.move(700, 26);
  await screenshot(page, 'graph-fit-label-screen');
});
