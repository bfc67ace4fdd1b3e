import type { RunSummary } from '../electron/api/contract';
import { callApi } from './api';
import { fakeJudgeEndpoint, seedPlanReview } from './judgeScenario';
import { CalibrationPage, JudgeRunsPage, openJudgesAs } from './pages/JudgeRunPages';
import { JudgesPage } from './pages/JudgesPage';
import { WhoAreYou } from './pages/WhoAreYou';
import { expect, screenshot, test } from './fixtures';

const endpoint = fakeJudgeEndpoint('sk-e2e-blind-judges-0123456789');

const REFUSED = {
  calls: "a judge run's calls hold the judge's answer on each unit, a strong hint to anyone still labeling them, so judges.calls is for adjudicators and leads; ana is an annotator",
  calibrate: "judge calibration puts a judge beside every annotator's labels and gold, with their rationales, so judges.calibrate is for adjudicators and leads; ana is an annotator",
  compare: 'comparing judge runs scores each against gold, unit by unit, so judges.compare is for adjudicators and leads; ana is an annotator',
  run: "judge runs spend the workspace's API key and budget and add a judge's labels to the task, so judges.",
};

test('an annotator, who labels blind, sees no judge run, calls or calibration and cannot start a run; as adjudicator the same links open', async ({ page, app }) => {
  // ana and ben annotate plan-review, ada adjudicated gold; two runs are on record (the CLI names nobody).
  await seedPlanReview(app);
  const runArgs = (model: string) => ({ task: 'plan-review', judge: { preset: 'plan-quality' }, baseUrl: endpoint().baseUrl, model, concurrency: 8 });
  const a = await callApi<RunSummary>(app, 'judges.run', runArgs('judge-a'));
  const b = await callApi<RunSummary>(app, 'judges.run', runArgs('judge-b'));

  // ana, an annotator: Judge runs is locked in the navigation and refused with the shared card.
  const shell = await openJudgesAs(page, app.url, '#/judge-runs', 'ana', 'Annotator');
  const runs = new JudgeRunsPage(page);
  await expect(runs.refusal.getByRole('heading', { name: 'Judge runs are for adjudicators and leads' })).toBeVisible();
  await expect(runs.refusal).toContainText('You are signed in as ana, an annotator.');
  await expect(runs.refusal).toContainText('Judge runs show a judge’s answer on each unit — a strong hint while you label the same units —');
  await expect(runs.refusal.getByRole('button', { name: 'Switch role' })).toBeVisible();
  await expect(runs.rows).toHaveCount(0);
  const judgeRunsLink = shell.nav.getByRole('link', { name: 'Judge runs' });
  await expect(judgeRunsLink.getByTestId('nav-locked')).toBeVisible();
  await expect(shell.nav.getByRole('link', { name: 'Judges', exact: true }).getByTestId('nav-locked')).toHaveCount(0);
  await screenshot(page, 'judge-runs-refused');

  // A deep link to a run's calibration and calls, or to a comparison, gets the same card.
  const calibration = new CalibrationPage(page);
  await shell.goto(`#/judge-runs/${a.id}`);
  await expect(runs.refusal).toBeVisible();
  await expect(calibration.verdict).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /^Calls/ })).toHaveCount(0);
  await shell.goto(`#/judge-runs/compare?a=${a.id}&b=${b.id}`);
  await expect(runs.refusal).toBeVisible();
  await expect(page.getByTestId('compare-fixed')).toHaveCount(0);

  // The server refuses the same to her name, whichever client asks.
  await expect(callApi(app, 'judges.calls', { run: a.id }, 'ana')).rejects.toThrow(REFUSED.calls);
  await expect(callApi(app, 'judges.calibrate', { task: 'plan-review', run: a.id }, 'ana')).rejects.toThrow(REFUSED.calibrate);
  await expect(callApi(app, 'judges.compare', { runA: a.id, runB: b.id }, 'ana')).rejects.toThrow(REFUSED.compare);
  const sent = endpoint().requests.length;
  await expect(callApi(app, 'judges.run', { ...runArgs('judge-c') }, 'ana')).rejects.toThrow(REFUSED.run);
  await expect(callApi(app, 'judges.cancel', { run: a.id }, 'ana')).rejects.toThrow(REFUSED.run);
  expect(endpoint().requests.length).toBe(sent);

  // The judge library stays open to her (a prompt holds no label), but Run is locked, saying why.
  await shell.goto('#/judges');
  const judges = new JudgesPage(page);
  await judges.select('Plan quality (reference-based)');
  await expect(judges.version).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run…' })).toBeDisabled();
  await page.getByTestId('judge-run-lock').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'You are signed in as ana, an annotator. Running a judge is for adjudicators and leads: a run spends the workspace’s API budget and adds the judge’s answers to the task.',
  );
  // Wait for the tooltip's fade-in, or the screenshot shows it half transparent.
  await expect(page.getByRole('tooltip').locator('.MuiTooltip-tooltip')).toHaveCSS('opacity', '1');
  await screenshot(page, 'judge-run-locked');

  // Switching to adjudicator from the card opens the runs and a run's calibration.
  await shell.goto('#/judge-runs');
  await runs.refusal.getByRole('button', { name: 'Switch role' }).click();
  await new WhoAreYou(page).signIn('ada', 'Adjudicator');
  await expect(runs.rows).toHaveCount(2);
  await expect(shell.nav.getByTestId('nav-locked')).toHaveCount(0);
  await runs.row(a.id).getByRole('link').first().click();
  await expect(calibration.verdict).toBeVisible();
  await expect(calibration.pairs).toHaveCount(4);
  await page.getByRole('tab', { name: /^Calls/ }).click();
  await expect(page.getByTestId('call-row').first()).toBeVisible();
});
