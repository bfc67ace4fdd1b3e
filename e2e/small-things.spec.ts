import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { callApi, itemIdOf } from './api';
import { openAs, pageErrors } from './annotation';
import { appLink, expect, screenshot, test } from './fixtures';
import { fakeJudgeEndpoint, seedPlanReview } from './judgeScenario';
import { LabelingScreen } from './pages/LabelingScreen';
import { TaskPage } from './pages/TaskPage';

const endpoint = fakeJudgeEndpoint('sk-e2e-small-things-0123456789');

/** Boxes of `inner` elements that reach past the right edge of their `outer` ancestor, as "text: how far". */
async function overflowing(page: Page, outer: string, inner: string): Promise<string[]> {
  return page.locator(outer).evaluateAll(
    (boxes, selector) =>
      boxes.flatMap((box) => {
        const edge = box.getBoundingClientRect().right - parseFloat(box.ownerDocument.defaultView!.getComputedStyle(box).paddingRight);
        return [...box.querySelectorAll(selector)].flatMap((el) => {
          const right = el.getBoundingClientRect().right;
          return right > edge + 0.5 ? [`${(el.textContent ?? '').trim().slice(0, 40)}: ${Math.round(right - edge)} px`] : [];
        });
      }),
    inner,
  );
}

test('three other raters (two of them judges): the notice says “raters’”, judge names stay inside their answer’s row; the progress table shows every header at 1280 px', async ({ app, browser }) => {
  test.setTimeout(180_000);
  await seedPlanReview(app);
  for (const model of ['judge-a', 'judge-b']) {
    await callApi(app, 'judges.run', { task: 'plan-review', judge: { preset: 'plan-quality' }, baseUrl: endpoint().baseUrl, model, concurrency: 8 });
  }
  await expect.poll(async () => (await callApi<{ status: string }[]>(app, 'judges.runs')).every((r) => r.status === 'finished'), { timeout: 60_000 }).toBe(true);

  // ana submitted pq-002; ben and both judges answered it too. The lead has opened the task for
  // discussion: otherwise ana sees none of them, even after submitting (issue 13).
  await callApi(app, 'tasks.setDiscussion', { task: 'plan-review', open: true });
  const ana = await openAs(browser, app, 'ana', 'Annotator');
  const task = (await callApi<{ id: number }[]>(app, 'tasks.list'))[0]!;
  await ana.goto(appLink(app, `#/tasks/${task.id}/label/${await itemIdOf(app, 'pq-002')}`));
  const screen = new LabelingScreen(ana);
  await screen.currentItem();
  await expect(screen.blindNotice).toContainText('3 other raters’ answers are shown beside yours.');
  await expect(screen.raterMarks.first()).toBeVisible();
  expect(await overflowing(ana, '[data-testid="question-card"] [role="radio"]', '[data-testid="rater-marks"] > span')).toEqual([]);
  await ana.mouse.move(640, 26);
  await screenshot(ana, 'labeling-judge-marks');

  // The lead's task page in a 1280 px window: every column of the progress table in its card.
  const lea = await openAs(browser, app, 'lea', 'Lead', `#/tasks/${task.id}`);
  await lea.setViewportSize({ width: 1280, height: 800 });
  await expect(new TaskPage(lea).progressRows).toHaveCount(2);
  expect(await overflowing(lea, 'section[aria-labelledby="progress-title"]', 'th')).toEqual([]);
  // …each header on one line ("To do" and "Time spent" broke in two), and nothing to scroll sideways.
  const progress = lea.getByRole('table', { name: 'Progress per annotator' });
  const wrapped = await progress.locator('th').evaluateAll((cells) =>
    cells.flatMap((th) => {
      const range = th.ownerDocument.createRange();
      range.selectNodeContents(th);
      return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size > 1 ? [th.textContent] : [];
    }),
  );
  expect(wrapped).toEqual([]);
  expect(await progress.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(lea, 'task-page-1280');
  expect([...pageErrors(ana), ...pageErrors(lea)]).toEqual([]);
});

test('the HTML agreement report keeps its tables inside its card at 1280 px', async ({ app, browser }) => {
  test.setTimeout(120_000);
  await seedPlanReview(app);
  const exported = await callApi<{ content: string }>(app, 'agreement.export', { task: 'plan-review', format: 'html', bootstrap: 50 });
  const file = test.info().outputPath('report.html');
  fs.writeFileSync(file, exported.content);
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(`file://${file}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await overflowing(page, 'main', 'table')).toEqual([]);
  await screenshot(page, 'agreement-report-html-1280');
  await page.close();
});

test('motion follows the system setting: a press ripples and links fade their colours, unless the system asks for reduced motion', async ({ app, browser }) => {
  // The everyday tier runs with reduced motion (playwright.config.ts); a context of its own sees the motion.
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await page.goto(appLink(app, '#/items'));
    const nav = page.getByRole('link', { name: 'Datasets' });
    // Held down, the press shows its ripple: animated, or still.
    await nav.hover();
    await page.mouse.down();
    const ripple = nav.locator('.MuiTouchRipple-ripple').first();
    await ripple.waitFor({ state: 'attached' });
    const animation = await ripple.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).animationName);
    await page.mouse.up();
    const transition: string = await nav.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).transitionDuration);
    const durations = transition.split(',').map((d: string) => parseFloat(d));
    if (reducedMotion === 'reduce') {
      expect(animation, 'the ripple does not grow').toBe('none');
      expect(durations.every((d) => d === 0), `transition-duration ${transition}`).toBe(true);
    } else {
      expect(animation, 'the ripple grows').not.toBe('none');
      expect(durations.some((d) => d > 0), `transition-duration ${transition}`).toBe(true);
    }
    await context.close();
  }
});
