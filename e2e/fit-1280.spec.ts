import type { Locator } from '@playwright/test';
import type { RunSummary } from '../electron/api/contract';
import { callApi } from './api';
import { expect, screenshot, test } from './fixtures';
import { fakeJudgeEndpoint, LEVELS, seedPlanReview } from './judgeScenario';
import { AgreementDashboard } from './pages/AgreementDashboard';
import { AppShell } from './pages/AppShell';
import { CalibrationPage, openJudgesAs } from './pages/JudgeRunPages';
import { WhoAreYou } from './pages/WhoAreYou';

// The 7-level plan-quality screens in a 1280 × 720 window: every column in sight inside its card,
// no label dropped or run into the next (the judge's calibration and the annotators' margins).

const KEY = 'sk-e2e-fit-1280-0123456789';
const endpoint = fakeJudgeEndpoint(KEY);

/** How far an element's content runs past its own box sideways (0 or less: it fits). */
const overflowX = (el: Locator) => el.evaluate((e) => e.scrollWidth - e.clientWidth);

/** Whether `inner`'s box lies within `outer`'s, left to right. */
async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  return !!a && !!b && a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
}

test('the calibration of a 7-level judge at 1280 px: agreement table, confusion matrix and per-class chart fit their cards', async ({ page, app }) => {
  test.setTimeout(120_000);
  await seedPlanReview(app);
  const run = await callApi<RunSummary>(app, 'judges.run', { task: 'plan-review', judge: { preset: 'plan-quality' }, baseUrl: endpoint().baseUrl, model: 'judge-a', concurrency: 8 });
  await page.setViewportSize({ width: 1280, height: 720 });
  await openJudgesAs(page, app.url, `#/judge-runs/${run.id}`, 'lea', 'Lead');
  const calibration = new CalibrationPage(page);
  await expect(calibration.verdict).toBeVisible();

  const agreement = calibration.section('agreement');
  await agreement.scrollIntoViewIfNeeded();
  await screenshot(page, 'fit-1280-calibration-agreement');
  const table = agreement.getByRole('table', { name: 'Agreement by pair' });
  for (const header of await table.getByRole('columnheader').all()) expect(await inside(header, agreement)).toBe(true);
  expect(await overflowX(agreement)).toBeLessThanOrEqual(0);

  const confusion = calibration.section('confusion');
  await confusion.scrollIntoViewIfNeeded();
  await screenshot(page, 'fit-1280-calibration-confusion');
  const headers = calibration.confusion.getByRole('columnheader');
  await expect(headers).toHaveCount(9);
  for (const header of await headers.all()) {
    expect(await inside(header, confusion)).toBe(true);
    expect(await overflowX(header)).toBeLessThanOrEqual(0);
  }

  const classes = calibration.section('classes');
  await classes.scrollIntoViewIfNeeded();
  await screenshot(page, 'fit-1280-calibration-classes');
  // Every bar group named, whole (a name is split a word to a line; the chart drops or cuts what would not fit).
  const ticks = classes.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
  await expect(ticks).toHaveCount(LEVELS.length);
  expect((await ticks.allTextContents()).map((t) => t.replace(/\s+/g, ''))).toEqual(LEVELS.map((l) => l.replace(/\s+/g, '')));
});

test('the annotators of a 7-level question at 1280 px: every column of "Categories used per rater" in sight', async ({ page, app }) => {
  test.setTimeout(120_000);
  await seedPlanReview(app);
  await page.setViewportSize({ width: 1280, height: 720 });
  const shell = new AppShell(page);
  await shell.open(app.url, '#/agreement');
  await new WhoAreYou(page).signIn('ada', 'Adjudicator');
  const task = (await callApi<{ id: number; name: string }[]>(app, 'tasks.list', {})).find((t) => t.name === 'plan-review')!;
  await shell.goto(`#/agreement/${task.id}/overall_quality`);
  const dashboard = new AgreementDashboard(page);
  await dashboard.questionTitle.waitFor();
  await dashboard.showView('Annotators');
  const margins = page.getByRole('table', { name: 'Category use per rater' });
  await margins.scrollIntoViewIfNeeded();
  await screenshot(page, 'fit-1280-agreement-annotators');
  await expect(margins.getByRole('columnheader', { name: 'N/A' })).toBeInViewport();
  expect(await overflowX(margins.locator('..'))).toBeLessThanOrEqual(0);
});
