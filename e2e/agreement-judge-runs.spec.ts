import type { RunSummary } from '../electron/api/contract';
import { callApi } from './api';
import { fakeJudgeEndpoint, seedPlanReview } from './judgeScenario';
import { AgreementDashboard } from './pages/AgreementDashboard';
import { openJudgesAs } from './pages/JudgeRunPages';
import { expect, screenshot, test } from './fixtures';

const KEY = 'sk-e2e-agreement-judge-runs-0123';
const endpoint = fakeJudgeEndpoint(KEY, { latencyMs: 5 });

test('the dashboard counts only the judge runs chosen as raters, not every run on the task', async ({ page, app }) => {
  test.setTimeout(120_000);
  await seedPlanReview(app);
  const first = await callApi<RunSummary>(app, 'judges.run', { task: 'plan-review', judge: { preset: 'plan-quality' }, baseUrl: endpoint().baseUrl, model: 'judge-a', concurrency: 8 });
  const second = await callApi<RunSummary>(app, 'judges.run', { task: 'plan-review', judge: { preset: 'plan-quality' }, baseUrl: endpoint().baseUrl, model: 'judge-b', concurrency: 8 });
  const task = (await callApi<{ id: number; name: string }[]>(app, 'tasks.list', {})).find((t) => t.name === 'plan-review')!;
  const every = await callApi<{ raters: string[]; selection: { judgeRaters: string[] } }>(app, 'agreement.summary', { task: task.id, includeJudges: true, bootstrap: 0 });
  const judgeRaters = every.selection.judgeRaters;
  expect(judgeRaters).toHaveLength(2);
  expect(first.id).not.toBe(second.id);
  const [keep, leave] = judgeRaters;

  await openJudgesAs(page, app.url, `#/agreement/${task.id}`, 'lea', 'Lead');
  const dashboard = new AgreementDashboard(page);
  await page.getByLabel('Include LLM judges as raters').click();
  const picker = page.getByTestId('judge-runs').locator('..');
  await expect(picker).toHaveText(/All 2 judge runs/);
  await expect(page.getByTestId('page-summary')).toContainText(leave);

  // Leave one run out: the summary, the URL and the figures name the other alone.
  await picker.click();
  await page.getByRole('option', { name: leave }).click();
  await page.keyboard.press('Escape');
  await expect(picker).toContainText(keep);
  await expect(picker).not.toContainText('All 2 judge runs');
  await expect(page).toHaveURL(new RegExp(`judge=${encodeURIComponent(keep).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(page.getByTestId('page-summary')).not.toContainText(leave);
  const one = await callApi<{ questions: { question: string; headline: { value: number } }[] }>(app, 'agreement.summary', { task: task.id, includeJudges: true, judges: [keep], bootstrap: 1000, seed: 1 });
  const quality = one.questions.find((q) => q.question === 'overall_quality')!;
  await expect(dashboard.headline('overall_quality')).toHaveText(quality.headline.value.toFixed(3).replace('-', '−'));
  await screenshot(page, 'agreement-judge-runs-picker');

  // The question's page keeps the choice.
  await dashboard.row('overall_quality').getByRole('link').first().click();
  await expect(page.getByTestId('page-summary')).not.toContainText(leave);
  await expect(page.getByTestId('page-summary')).toContainText(keep);
});
