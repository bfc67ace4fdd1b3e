import type { RunComparison, RunSummary } from '../electron/api/contract';
import { callApi, itemIdOf } from './api';
import { fixturePlans, seedPlanReview } from './judgeScenario';
import { openJudgesAs } from './pages/JudgeRunPages';
import { expect, screenshot, test } from './fixtures';

// Comparing two judge runs says whether one is better only with a test behind it: the exact
// McNemar test on the units one run fixed and the other regressed, and each accuracy with its
// interval and n.

/** A binary task over the fixture plans, gold "pass" on the first 20 plans; two judge runs imported, 55% and 75% right on gold. */
async function seedTwoRuns(app: Parameters<typeof callApi>[0]): Promise<[RunSummary, RunSummary]> {
  await seedPlanReview(app);
  const schema = { id: 'pass-check', title: 'Does the plan pass?', kinds: ['plan'], questions: [{ id: 'passes', type: 'binary', title: 'Passes?', options: ['pass', 'fail'] }] };
  await callApi(app, 'tasks.create', { name: 'pass-check', schema: { json: schema }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
  const plans = fixturePlans();
  for (const plan of plans.slice(0, 20)) {
    await callApi(app, 'adjudication.setGold', { task: 'pass-check', itemId: await itemIdOf(app, plan.query_id), question: 'passes', value: 'pass' }, 'ada');
  }
  // Run A right on plans 1–11; run B right on 1–10 and 12–16: it fixes 5 and regresses 1.
  const rightA = (i: number) => i < 11;
  const rightB = (i: number) => i < 10 || (i >= 11 && i < 16);
  const csv = (right: (i: number) => boolean) => `unit,value\n${plans.map((p, i) => `${p.query_id},${right(i) ? 'pass' : 'fail'}`).join('\n')}\n`;
  const a = await callApi<RunSummary>(app, 'judges.importLabels', { task: 'pass-check', name: 'judge-a', text: csv(rightA), fileName: 'a.csv' });
  const b = await callApi<RunSummary>(app, 'judges.importLabels', { task: 'pass-check', name: 'judge-b', text: csv(rightB), fileName: 'b.csv' });
  return [a, b];
}

test('55% → 75% on 20 gold units with 5 fixed and 1 regressed is no evidence of a difference: McNemar exact p = 0.219, intervals with n, no green', async ({ page, app }) => {
  const [a, b] = await seedTwoRuns(app);
  const comparison = await callApi<RunComparison>(app, 'judges.compare', { runA: a.id, runB: b.id, by: 'domain' });
  const q = comparison.questions[0];
  expect(q).toMatchObject({ withGold: 20, accuracyA: 0.55, accuracyB: 0.75, mcnemar: { fixed: 5, regressed: 1, better: null } });
  // scipy.stats.binomtest(1, 6, 0.5).pvalue = 0.21875
  expect(q.mcnemar.pValue).toBeCloseTo(0.21875, 12);

  await openJudgesAs(page, app.url, `#/judge-runs/compare?a=${a.id}&b=${b.id}`, 'lea', 'Lead');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByTestId('compare-accuracy-a')).toHaveText('55%');
  await expect(page.getByTestId('compare-accuracy-b')).toHaveText('75%');
  // statsmodels proportion_confint(11, 20, method='wilson') = (0.342, 0.742); (15, 20) → (0.531, 0.888)
  await expect(page.getByTestId('compare-accuracy-a-interval')).toHaveText('Wilson 95% 34%–74%, n = 20');
  await expect(page.getByTestId('compare-accuracy-b-interval')).toHaveText('Wilson 95% 53%–89%, n = 20');
  const difference = page.getByTestId('compare-difference');
  await expect(difference).toHaveText('No evidence of a difference (n = 20, McNemar exact p = 0.219 on 5 fixed vs 1 regressed).');
  await expect(difference).toHaveAttribute('data-better', 'none');
  // Not green: the colour a real improvement gets (success.main) is not on run B's accuracy.
  const colour = await page.getByTestId('compare-accuracy-b').evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).color);
  const plain = await page.getByTestId('compare-accuracy-a').evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).color);
  expect(colour).toBe(plain);
  await screenshot(page, 'judge-compare-no-evidence-1280');
});

test('Spearman’s ρ over three systems states n and its exact p, and says three are too few to tell', async ({ page, app }) => {
  const [a, b] = await seedTwoRuns(app);
  const comparison = await callApi<RunComparison>(app, 'judges.compare', { runA: a.id, runB: b.id, by: 'domain' });
  const test = comparison.rankings[0].spearmanTest;
  // Three domains; with three systems no ordering reaches one-sided p < 0.05 (the smallest is 1/3! = 0.167).
  expect(test).toMatchObject({ n: 3, method: 'exact permutation', verdict: 'too few systems to tell' });
  await openJudgesAs(page, app.url, `#/judge-runs/compare?a=${a.id}&b=${b.id}`, 'lea', 'Lead');
  await page.setViewportSize({ width: 1280, height: 720 });
  const line = page.getByTestId('spearman-test');
  await expect(line).toHaveText(new RegExp(`^ρ = \\S+ over 3 systems, exact permutation p = \\d\\.\\d{3} \\(one-sided, ρ > 0\\): too few systems to tell\\.$`));
  await expect(line).toHaveText(`${test.message}.`);
  await page.getByTestId('system-ranking').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'judge-compare-ranking-too-few-1280');
});
