import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSopGraph } from '../build/bench/generateSopGraph';
import { importFiles } from './api';
import { createTask, openAs } from './annotation';
import { FORMATS, expect, screenshot, test } from './fixtures';
import { openGraphAt1400 } from './openViewer';
import { GraphViewer } from './pages/GraphViewer';
import { LabelingScreen } from './pages/LabelingScreen';
import { TasksPage } from './pages/TasksPage';

test('graphs open fitted: the 6-node example and a 60-node graph show every node at 1400×900 (200 nodes: big-artifacts.heavy.spec.ts)', async ({ page, app }) => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-graph-fit-'));
  try {
    await importFiles(app, [path.join(FORMATS, 'sop-graph.json'), writeSopGraph(path.join(dir, 'graph-60.json'), 60)]);
    for (const [externalId, count, shot] of [
      ['Order return with refund', 6, 'graph-fit-6-nodes'],
      ['Generated procedure, 60 nodes', 60, 'graph-fit-60-nodes'],
    ] as const) {
      const { viewer, ms } = await openGraphAt1400(page, app, externalId);
      console.log(`${externalId}: drawn fitted ${ms} ms after following its link (layout ${await viewer.root.getAttribute('data-layout-ms')} ms)`);
      await expect.poll(() => viewer.nodesOffScreen(), `${externalId}: every node on screen`).toEqual({ drawn: count, off: [] });
      await screenshot(page, shot);
    }
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
