import type { CalibrationReport, RunSummary } from '../electron/api/contract';
import { startFakeOpenAiServer, status, type FakeOpenAiServer } from '../electron/testing/fakeOpenAiServer';
import { callApi } from './api';
import { fixturePlans, LEVELS, seedPlanReview } from './judgeScenario';
import { openJudgesAs } from './pages/JudgeRunPages';
import { expect, screenshot, test } from './fixtures';

// What a judge's evidence rests on, said where it is shown (walkthrough findings 6, 7, 9, 10 and
// 14 of session 16): the alt-test's scoring, which units gold holds, a run that answered nothing,
// two runs without gold, and a run compared with itself.

let server: FakeOpenAiServer | null = null;
test.afterEach(async () => {
  await server?.close();
  server = null;
});

const TRUTH = [5, 3, 2, 4, 6, 1, 5, 4, 3, 5, 2, 6, 4, 3, 5, 1, 4, 6, 2, 5, 3, 4, 5, 2, 6, 3, 4, 1, 5, 4];
const clamp = (level: number) => Math.max(0, Math.min(6, level));
const SLIPS: Record<string, (i: number) => number> = { ana: (i) => (i % 4 === 1 ? 1 : 0), ben: (i) => (i % 5 === 2 ? -1 : 0), cy: (i) => (i % 3 === 0 ? 1 : 0) };

async function importJudge(app: Parameters<typeof callApi>[0], task: string, name: string, levels: number[]): Promise<RunSummary> {
  const rows = fixturePlans().map((p, i) => `${p.query_id},${LEVELS[levels[i]]}`);
  return callApi<RunSummary>(app, 'judges.importLabels', { task, name, text: `unit,value\n${rows.join('\n')}\n`, fileName: `${name}.csv` });
}

test('the run page names the scoring and the units gold holds; a run that answered nothing says its calls failed; compare says when it cannot', async ({ page, app }) => {
  await seedPlanReview(app);
  await callApi(app, 'tasks.create', { name: 'triple', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben', 'cy'], seed: 1 });
  await callApi(app, 'tasks.create', { name: 'ungolded', schema: { preset: 'plan-quality' }, datasets: ['plans'], seed: 1 });
  const items = await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { limit: 100 });
  const ids = new Map(items.rows.map((r) => [r.externalId, r.id]));
  const plans = fixturePlans();
  for (const [i, plan] of plans.entries()) {
    for (const [annotator, slip] of Object.entries(SLIPS)) {
      await callApi(app, 'labels.save', { task: 'triple', itemId: ids.get(plan.query_id)!, question: 'overall_quality', value: LEVELS[clamp(TRUTH[i] + slip(i))] }, annotator);
      await callApi(app, 'labels.submit', { task: 'triple', itemId: ids.get(plan.query_id)! }, annotator);
    }
  }
  // Gold only on five units all three annotators agreed on, as "Accept unanimous answers" would leave it.
  const unanimous = plans.flatMap((_, i) => (Object.values(SLIPS).every((slip) => slip(i) === 0) ? [i] : [])).slice(0, 5);
  for (const i of unanimous) await callApi(app, 'adjudication.setGold', { task: 'triple', itemId: ids.get(plans[i].query_id)!, question: 'overall_quality', value: LEVELS[TRUTH[i]] }, 'ada');
  const truthful = await importJudge(app, 'triple', 'truthful', TRUTH);

  const report = await callApi<CalibrationReport>(app, 'judges.calibrate', { task: 'triple', run: truthful.id });
  const q = report.questions[0];
  expect(q.verdict.altTest?.scoring).toBe('neg-rmse');
  expect(q.verdict.message).toContain('the alternative annotator test (scoring neg-rmse, ε = 0.10');
  expect(q.goldSelection).toMatch(/^gold covers 5 of the 30 units the judge answered, all of them units every annotator agreed on/);

  const shell = await openJudgesAs(page, app.url, `#/judge-runs/${truthful.id}`, 'ada', 'Adjudicator');
  await expect(page.getByTestId('verdict-scoring')).toHaveText('neg-rmse');
  await expect(page.getByTestId('verdict-message')).toContainText('(scoring neg-rmse, ε = 0.10');
  await expect(page.getByTestId('alt-test-summary')).toContainText('scoring neg-rmse');
  await expect(page.getByTestId('gold-selection')).toContainText('Gold covers 5 of the 30 units the judge answered, all of them units every annotator agreed on');
  await screenshot(page, 'judge-evidence-scoring-and-gold-selection');

  // A run compared with itself: said on the page, no server error.
  await shell.goto(`#/judge-runs/compare?a=${truthful.id}&b=${truthful.id}`);
  await expect(page.getByTestId('compare-same-run')).toHaveText(`Run ${truthful.id} compared with itself: pick two different runs of the task.`);

  // Two runs on a task with no gold: no fixed or regressed counts, and why.
  const first = await importJudge(app, 'ungolded', 'first', TRUTH);
  const second = await importJudge(app, 'ungolded', 'second', TRUTH.map((t, i) => (i % 4 === 0 ? clamp(t + 1) : t)));
  await shell.goto(`#/judge-runs/compare?a=${first.id}&b=${second.id}`);
  await expect(page.getByTestId('compare-no-gold')).toContainText('Cannot compare accuracy: none of the 30 units both runs answered has gold');
  await expect(page.getByTestId('compare-fixed')).toHaveText('—');
  await expect(page.getByTestId('compare-regressed')).toHaveText('—');
  await expect(page.getByTestId('fixed-units')).toHaveCount(0);
  await screenshot(page, 'judge-compare-no-gold');

  // A run whose every call failed, on a task three annotators labelled: the calls are to blame, not the annotators.
  server = await startFakeOpenAiServer({ respond: () => status(400) });
  const dead = await callApi<RunSummary>(app, 'judges.run', { task: 'triple', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'refuses', maxAttempts: 1 });
  expect(dead.ok).toBe(0);
  await shell.goto(`#/judge-runs/${dead.id}`);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'insufficient');
  await expect(page.getByTestId('verdict-message')).toHaveText(new RegExp(`^The judge answered no unit \\(\\d+ of 30 calls failed.*\\): retry the failed calls \\(resume run ${dead.id}\\)\\.$`));
  await expect(page.getByTestId('judge-answered-nothing')).toContainText('the judge gave no answer on this question');
  await expect(page.getByTestId('nothing-to-compare')).toHaveCount(0);
  await screenshot(page, 'judge-run-answered-nothing');
});
