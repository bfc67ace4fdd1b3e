import path from 'node:path';
import type { Page } from '@playwright/test';
import { callApi, importFiles, itemIdOf } from './api';
import { createTask } from './annotation';
import { FIXTURES, expect, screenshot, test, type AppFixture } from './fixtures';
import { AgreementDashboard } from './pages/AgreementDashboard';
import { AppShell } from './pages/AppShell';
import { WhoAreYou } from './pages/WhoAreYou';

const QUALITY = ['Extremely Bad', 'Very Bad', 'Bad', 'Acceptable', 'Good', 'Very Good', 'Extremely Good'];
const TAGS = ['incorrect_tool', 'incorrect_prompt', 'complex_prompt', 'repeated_detail'];
const overallQuality = { id: 'overall_quality', type: 'ordinal', title: 'Overall quality', levels: QUALITY.map((value, i) => ({ value, numeric: i + 1 })), required: false };

/** Saves and submits each annotator's answers on plans pq-001 … through the API, as the labeling screen does. */
async function label(app: AppFixture, task: number, answers: Record<string, Record<string, unknown>[]>): Promise<void> {
  for (const [annotator, perItem] of Object.entries(answers)) {
    for (const [i, values] of perItem.entries()) {
      const itemId = await itemIdOf(app, `pq-${String(i + 1).padStart(3, '0')}`);
      for (const [question, value] of Object.entries(values)) await callApi(app, 'labels.save', { task, itemId, question, value }, annotator);
      await callApi(app, 'labels.submit', { task, itemId }, annotator);
    }
  }
}

async function openDashboard(page: Page, app: AppFixture, task: string): Promise<AgreementDashboard> {
  await new AppShell(page).open(app.url, '#/agreement');
  await new WhoAreYou(page).signIn('lea', 'Lead');
  const dashboard = new AgreementDashboard(page);
  await dashboard.openTask(task);
  return dashboard;
}

test('a tiny task at 1280 × 800: every column in sight, a question nobody answered has its two-rater κ and not enough evidence (n = 0), a macro κ says over how many tags', async ({ page, app }) => {
  test.setTimeout(120_000);
  await importFiles(app, [path.join(FIXTURES, 'plans.jsonl')]);
  const schema = {
    id: 'tiny-review',
    title: 'Tiny review',
    kinds: ['plan'],
    questions: [
      { id: 'validity', type: 'binary', title: 'Valid?', options: ['yes', 'no'], required: false },
      overallQuality,
      { id: 'problems', type: 'multilabel', title: 'Problems', tags: TAGS, required: false },
    ],
  };
  const task = await createTask(app, { name: 'Tiny review', schema: { json: schema }, datasets: ['plans'], annotators: ['ana', 'benedict'] });
  // Three plans; nobody answers validity; only ana ever tags (incorrect_tool, once): the other tags have no κ.
  await label(app, task, {
    ana: [{ overall_quality: 'Good', problems: ['incorrect_tool'] }, { overall_quality: 'Bad', problems: [] }, { overall_quality: 'Very Good', problems: [] }],
    benedict: [{ overall_quality: 'Very Good', problems: [] }, { overall_quality: 'Acceptable', problems: [] }, { overall_quality: 'Good', problems: [] }],
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  const dashboard = await openDashboard(page, app, 'Tiny review');
  await expect(dashboard.row('validity')).toContainText("Cohen's κ");
  await expect(dashboard.band('validity')).toHaveText('not enough evidence (n = 0)');
  await expect(dashboard.row('problems')).toContainText('macro κ (mean over 1 of 4 tags)');
  // The warnings sit beside the title, in sight; nothing scrolls out of the table's box.
  const warning = dashboard.row('overall_quality').getByTestId('row-warnings');
  await expect(warning).toBeVisible();
  expect((await warning.boundingBox())!.x + 20).toBeLessThanOrEqual(1280);
  await expect.poll(() => dashboard.summaryTable.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, 'agreement-tiny-1280');
});

test("where α heads every question it has one column, Krippendorff's reading beside its band, and the Annotators tab shows its N/A column at 1280 × 800", async ({ page, app }) => {
  test.setTimeout(120_000);
  await importFiles(app, [path.join(FIXTURES, 'plans.jsonl')]);
  const schema = { id: 'alpha-only', title: 'Alpha only', kinds: ['plan'], questions: [{ ...overallQuality, allowNA: true }] };
  const task = await createTask(app, { name: 'Alpha only', schema: { json: schema }, datasets: ['plans'], annotators: ['ana', 'ben', 'cy'] });
  const level = (i: number, shift: number) => ({ overall_quality: QUALITY[Math.max(0, Math.min(6, (i % 7) + shift))] });
  await label(app, task, {
    ana: Array.from({ length: 12 }, (_, i) => level(i, 0)),
    ben: Array.from({ length: 12 }, (_, i) => level(i, i % 4 === 0 ? 1 : 0)),
    cy: Array.from({ length: 12 }, (_, i) => level(i, i % 3 === 0 ? -1 : 0)),
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  const dashboard = await openDashboard(page, app, 'Alpha only');
  await expect(dashboard.row('overall_quality')).toContainText("Krippendorff's α (ordinal)");
  // The headline's column is headed α; no second column is.
  await expect(dashboard.summaryTable.locator('thead th').filter({ hasText: /^α$/ })).toHaveCount(1);
  await expect(dashboard.row('overall_quality').getByTestId('alpha-reading')).toHaveText('≥ .800 reliable, ≥ .667 tentative (Krippendorff)');
  await screenshot(page, 'agreement-alpha-only-1280');

  await dashboard.openQuestion('Overall quality');
  await dashboard.showView('Annotators');
  const margins = page.getByRole('table', { name: 'Category use per rater' });
  await expect(margins.getByRole('columnheader', { name: 'N/A' })).toBeVisible();
  // Seven levels, Answered and N/A do not fit beside the rater matrix: the table goes under it, whole.
  await expect.poll(() => margins.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, 'agreement-annotators-1280');
});
