import { sql } from 'kysely';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { importFiles } from '../../electron/services/import/importFiles';
import { startBenchSession } from './browserSession';
import { writeLongConversation } from './longConversation';

/**
 * The few browser globals the in-page timing code uses. The Node project has no DOM types, and
 * the functions passed to `page.evaluate` run in the page, so they read these off `globalThis`.
 */
interface PageElement {
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  readonly parentElement: PageElement | null;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
  click(): void;
}
interface PageGlobals {
  document: { querySelector(selector: string): PageElement | null; querySelectorAll(selector: string): ArrayLike<PageElement>; scrollingElement: PageElement; body: unknown };
  location: { hash: string };
  requestAnimationFrame(callback: () => void): number;
  getComputedStyle(element: PageElement): { overflowY: string };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void; disconnect(): void };
}

const TURNS = 300;
const ROUNDS = 5;
/** The lazily loaded viewer chunk; held back in the baseline page so only the raw view renders. */
const VIEWER_CHUNK = /\/assets\/ConversationViewer-[^/]*\.js$/;

/**
 * Issue 3 item 5: opens a 300-turn conversation in the conversation viewer and in the raw
 * view of the same item, in one headless Chromium session against browser mode, and scrolls
 * each end to end. Prints medians over {@link ROUNDS} rounds and the ratios viewer / raw.
 * The renderer under test is `dist/renderer` (`npm run build:renderer`) or ACCORD_STATIC_DIR.
 */
export async function benchConversationViewer(): Promise<void> {
  const { dir, server, browser, close } = await startBenchSession('accord-bench-conversation-');
  try {
    const file = path.join(dir, `long-${TURNS}.jsonl`);
    writeLongConversation(file, TURNS);
    await importFiles(server.ctx, [{ path: file, displayName: path.basename(file) }]);
    const id = server.ctx.sql.one(sql<{ id: number }>`SELECT id FROM items WHERE external_id = ${`long-${TURNS}`}`)!.id;

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // tsx compiles the functions passed to page.evaluate with esbuild's `__name` helper, which
    // the page lacks; an identity stands in for it.
    await context.addInitScript('window.__name = (fn) => fn');
    const viewerPage = await context.newPage();
    const rawPage = await context.newPage();
    // The baseline page never gets the viewer's code, so its item page shows the raw view alone.
    await rawPage.route(VIEWER_CHUNK, () => undefined);
    for (const page of [viewerPage, rawPage]) {
      await page.goto(server.url);
      await page.getByTestId('workspace-name').waitFor();
    }

    const open = { viewer: [] as number[], raw: [] as number[] };
    const scroll = { viewer: [] as ScrollFigures[], raw: [] as ScrollFigures[] };
    // Round 0 warms caches (code chunks, the item's JSON) and is not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      const viewerOpen = await timeOpen(viewerPage, id, '[data-testid="transcript"] [data-testid="turn"]', false);
      const viewerScroll = await timeScroll(viewerPage, '[data-testid="transcript"]');
      const rawOpen = await timeOpen(rawPage, id, '[data-testid="code-json"]', true);
      const rawScroll = await timeScroll(rawPage, '[data-testid="code-json"]');
      if (round === 0) continue;
      open.viewer.push(viewerOpen);
      open.raw.push(rawOpen);
      scroll.viewer.push(viewerScroll);
      scroll.raw.push(rawScroll);
    }
    const domTurns = await viewerPage.locator('[data-testid="turn"]').count();
    const rawLines = await rawPage.locator('[data-testid="code-json"] > span').count();

    const openViewer = median(open.viewer);
    const openRaw = median(open.raw);
    const scrollViewer = medianScroll(scroll.viewer);
    const scrollRaw = medianScroll(scroll.raw);
    console.log(`\nconversation viewer: a ${TURNS}-turn conversation (${ROUNDS} rounds, medians; headless Chromium, 1440×900)`);
    console.log(`  open in the viewer        ${openViewer.toFixed(0)} ms   (${domTurns} of ${TURNS} turns in the DOM)`);
    console.log(`  open in the raw view      ${openRaw.toFixed(0)} ms   (${rawLines.toLocaleString('en')} lines of JSON drawn)`);
    console.log(`  ratio viewer / raw        ${(openViewer / openRaw).toFixed(2)}×`);
    console.log(`  scroll end to end, viewer ${scrollViewer.total.toFixed(0)} ms over ${scrollViewer.steps} steps   mean frame ${scrollViewer.meanFrame.toFixed(1)} ms   slowest ${scrollViewer.maxFrame.toFixed(0)} ms`);
    console.log(`  scroll end to end, raw    ${scrollRaw.total.toFixed(0)} ms over ${scrollRaw.steps} steps   mean frame ${scrollRaw.meanFrame.toFixed(1)} ms   slowest ${scrollRaw.maxFrame.toFixed(0)} ms`);
    console.log(`  ratio viewer / raw        ${(scrollViewer.meanFrame / scrollRaw.meanFrame).toFixed(2)}× per frame`);
  } finally {
    await close();
  }
}

/**
 * Milliseconds from following the item's link (from the item list, so the item page mounts
 * afresh) until `ready` is in the DOM and a frame has been painted. With `clickRaw`, the Raw tab
 * is clicked the moment it appears, from inside the page, so no test-driver round trip counts.
 */
async function timeOpen(page: Page, id: number, ready: string, clickRaw: boolean): Promise<number> {
  // A page behind another gets one animation frame a second; measure the one in front.
  await page.bringToFront();
  await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/items'));
  await page.getByTestId('item-external-id').waitFor({ state: 'detached' });
  return page.evaluate(
    ({ hash, ready, clickRaw }) =>
      new Promise<number>((resolve) => {
        const { document, location, requestAnimationFrame, MutationObserver } = globalThis as unknown as PageGlobals;
        const start = performance.now();
        const check = () => {
          if (clickRaw) {
            const tab = Array.from(document.querySelectorAll('[role="tab"]')).find((t) => t.textContent === 'Raw');
            if (tab && tab.getAttribute('aria-selected') !== 'true') tab.click();
          }
          if (!document.querySelector(ready)) return false;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
          return true;
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true });
        location.hash = hash;
      }),
    { hash: `#/items/${id}`, ready, clickRaw },
  );
}

interface ScrollFigures {
  total: number;
  steps: number;
  meanFrame: number;
  maxFrame: number;
}

/**
 * Scrolls the element that scrolls `content` (the transcript's own scroll area, or the page's
 * main area for the raw view) from top to bottom by 90% of its height per frame, timing every
 * frame.
 */
async function timeScroll(page: Page, content: string): Promise<ScrollFigures> {
  await page.bringToFront();
  return page.evaluate(async (content) => {
    const { document, requestAnimationFrame, getComputedStyle } = globalThis as unknown as PageGlobals;
    let scroller = document.querySelector(content);
    while (scroller && !(scroller.scrollHeight > scroller.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(scroller).overflowY))) {
      scroller = scroller.parentElement;
    }
    if (!scroller) scroller = document.scrollingElement;
    scroller.scrollTop = 0;
    await new Promise<void>((resolve) => requestAnimationFrame(resolve));
    const frames: number[] = [];
    const start = performance.now();
    let last = start;
    // Stop at the end, or when a step no longer moves (nothing left to scroll).
    for (let i = 0; i < 500 && scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1; i++) {
      const before = scroller.scrollTop;
      scroller.scrollTop += scroller.clientHeight * 0.9;
      await new Promise<void>((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      frames.push(now - last);
      last = now;
      if (scroller.scrollTop <= before) break;
    }
    const total = performance.now() - start;
    return { total, steps: frames.length, meanFrame: total / Math.max(1, frames.length), maxFrame: Math.max(0, ...frames) };
  }, content);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function medianScroll(runs: ScrollFigures[]): ScrollFigures {
  return {
    total: median(runs.map((r) => r.total)),
    steps: median(runs.map((r) => r.steps)),
    meanFrame: median(runs.map((r) => r.meanFrame)),
    maxFrame: median(runs.map((r) => r.maxFrame)),
  };
}
