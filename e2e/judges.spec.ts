import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CalibrationReport, RunComparison, RunSummary } from '../electron/api/contract';
import { callApi } from './api';
import { fakeJudgeEndpoint, fixturePlans, GOLD_COUNT, seedPlanReview } from './judgeScenario';
import { AgreementDashboard } from './pages/AgreementDashboard';
import { AppShell } from './pages/AppShell';
import { CalibrationPage, JudgeRunsPage, openJudgesAs } from './pages/JudgeRunPages';
import { JudgesPage, RunDialog } from './pages/JudgesPage';
import { WhoAreYou } from './pages/WhoAreYou';
import { expect, screenshot, test } from './fixtures';

const KEY = 'sk-e2e-judges-0123456789';
const endpoint = fakeJudgeEndpoint(KEY, { latencyMs: 40 });

// Figures as the calibration view writes them (two decimals, a true minus, whole percentages).
const kappa = (v: number | null) => (v === null ? '—' : v.toFixed(2).replace(/^-/, '\u2212'));
const interval = (ci: [number, number] | null) => (ci ? `${kappa(ci[0])} – ${kappa(ci[1])}` : '—');
const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);

test('a judge runs from the UI on the fixture plans and is calibrated against two annotators and gold', async ({ page, app }) => {
  await seedPlanReview(app);
  // Running a judge and reading its calibration are for adjudicators and leads: ada adjudicates.
  await openJudgesAs(page, app.url, '#/judges', 'ada', 'Adjudicator');

  // The library: presets with their version hashes; the editor highlights the prompt's placeholders.
  const judges = new JudgesPage(page);
  await judges.select('Plan quality (reference-based)');
  await expect(judges.listItems.first()).toBeVisible();
  const presets = await callApi<{ title: string; version: string }[]>(app, 'judges.list');
  const preset = presets.find((p) => p.title === 'Plan quality (reference-based)')!;
  await expect(judges.version).toHaveText(`@${preset.version}`);
  await expect(judges.placeholders('gold_plan')).toHaveAttribute('data-known', 'true');
  await screenshot(page, 'judges-list');

  // The preview renders the prompt on the task's first item, exactly as a run would send it.
  await judges.tab('Preview');
  await expect(judges.preview).toBeVisible();
  const first = fixturePlans()[0];
  await expect(page.getByTestId('preview-user')).toContainText(`Query: ${first.query}`);
  await expect(judges.preview).toContainText('Rendered for pq-001');
  // What each placeholder became is marked in the rendered prompt.
  await expect(page.locator('[data-filled="query"]')).toHaveText(first.query);
  await page.locator('[data-filled="query"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'judge-preview');

  // Run it from the dialog against the fake server; the key comes from the server's environment.
  await judges.tab('Prompt');
  // Slow enough (30 requests, 2 at a time, 0.4 s each) to watch the bar move.
  endpoint().setLatency(400);
  const dialog = await judges.openRunDialog();
  await expect(dialog.keyStatus).toContainText('OPENAI_API_KEY');
  await expect(dialog.keyStatus).toContainText('a key is configured');
  await expect(dialog.dialog.getByTestId('run-size')).toContainText('Up to 30 requests');
  await dialog.fill({ baseUrl: endpoint().baseUrl, model: 'judge-a', concurrency: 2, prices: { model: 'judge-a', input: 0.15, output: 0.6 } });
  await dialog.start();
  await expect(dialog.progress).toBeVisible();
  await expect.poll(() => dialog.done(), { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  await expect(dialog.eta).toContainText(/per second · about .* left/);
  await screenshot(page, 'judge-run-progress');
  await expect(dialog.result).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'judge-run-finished');
  expect(endpoint().requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  const [run] = await callApi<RunSummary[]>(app, 'judges.runs', { task: 'plan-review' });
  expect(run).toMatchObject({ status: 'finished', total: 30, pending: 0 });
  await expect(dialog.result).toContainText(`Run ${run.id} finished`);

  // The calibration view shows exactly the figures judges.calibrate computes.
  await dialog.dialog.getByRole('button', { name: 'Open calibration' }).click();
  const calibration = new CalibrationPage(page);
  await expect(calibration.verdict).toBeVisible();
  const report = await callApi<CalibrationReport>(app, 'judges.calibrate', { task: 'plan-review', run: run.id, maxDisagreements: 200 });
  const q = report.questions[0];
  expect(q.annotators).toEqual(['ana', 'ben']);
  expect(q.reference).toBe('gold');
  await expect(calibration.verdict).toHaveAttribute('data-verdict', q.verdict.verdict);
  // Two annotators: the verdict rests on non-inferiority, its figures beside the sentence.
  expect(q.verdict.test).toBe('non-inferiority');
  await expect(page.getByTestId('verdict-test')).toHaveText('non-inferiority');
  await expect(page.getByTestId('verdict-n')).toHaveText(String(q.verdict.n));
  await expect(page.getByTestId('verdict-margin')).toHaveText(q.verdict.margin!.toFixed(2));
  await expect(page.getByTestId('verdict-message')).toContainText(`on ${q.verdict.n} units (margin`);
  const figures = [
    ...q.vsAnnotators.map((f) => [`judge:${f.raters[1]}`, f] as const),
    ['judge:(gold)', q.vsGold!] as const,
    ...q.humanHuman.map((f) => [`${f.raters[0]}:${f.raters[1]}`, f] as const),
  ];
  await expect(calibration.pairs).toHaveCount(4);
  for (const [key, f] of figures) {
    expect(await calibration.pairCell(key, 'units')).toBe(String(f.units));
    expect(await calibration.pairCell(key, 'kappa')).toBe(kappa(f.kappa.value));
    expect(await calibration.pairCell(key, 'ci')).toBe(interval(f.kappa.ci95));
    expect(await calibration.pairCell(key, 'agreement')).toBe(percent(f.percentAgreement.value));
  }
  // Gold covers the first 20 plans, and the judge answered all 30.
  expect(q.units).toBe(30);
  expect(q.vsGold!.units).toBe(GOLD_COUNT);
  for (const [i, row] of q.confusion.counts.entries()) {
    for (const [j, n] of row.entries()) await expect(page.getByTestId(`confusion-${i}-${j}`)).toHaveText(n === 0 ? '·' : String(n));
  }
  const ratio = (v: number | null) => (v === null ? '—' : v.toFixed(2));
  await expect(page.getByTestId('macro-f1')).toHaveText(ratio(q.macro.f1));
  await expect(page.getByTestId('macro-precision')).toHaveText(ratio(q.macro.precision));
  const signed = (v: number | null) => (v === null ? '—' : v > 0 ? `+${v.toFixed(2)}` : v.toFixed(2).replace(/^-/, '\u2212'));
  await expect(page.getByTestId('bias-mean')).toHaveText(signed(q.ordinal!.meanSignedDifference));
  await expect(page.getByTestId('bias-within-one')).toHaveText(percent(q.ordinal!.withinOneLevel));
  await expect(calibration.disagreements).toHaveCount(q.disagreements.length);
  await screenshot(page, 'judge-calibration');

  await calibration.section('confusion').scrollIntoViewIfNeeded();
  await screenshot(page, 'judge-calibration-confusion');

  // Disagreements: the judge's rationale beside gold's and both annotators', markup shown as text.
  const firstDisagreement = calibration.disagreements.first();
  await firstDisagreement.scrollIntoViewIfNeeded();
  await expect(firstDisagreement).toContainText(q.disagreements[0].judge.rationale!);
  await expect(firstDisagreement).toContainText('Adjudicated against the gold plan.');
  await expect(firstDisagreement).toContainText('ana:');
  await expect(firstDisagreement).toContainText('ben:');
  const marked = calibration.disagreements.filter({ hasText: '<b>bold claim</b>' });
  if ((await marked.count()) > 0) await expect(marked.locator('b')).toHaveCount(0);
  await calibration.section('disagreements').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'judge-calibration-disagreements');

  // A click goes to the item.
  const unit = q.disagreements[0].unit.split('|')[0];
  await firstDisagreement.getByRole('link').click();
  await expect(page.getByTestId('item-external-id')).toHaveText(unit);
});

test('two runs compared: fixed, regressed and unchanged against gold, and systems ranked by both', async ({ page, app }) => {
  await seedPlanReview(app);
  const a = await callApi<RunSummary>(app, 'judges.run', { task: 'plan-review', judge: { preset: 'plan-quality' }, baseUrl: endpoint().baseUrl, model: 'judge-a', concurrency: 8 });
  const b = await callApi<RunSummary>(app, 'judges.run', { task: 'plan-review', judge: { preset: 'plan-quality' }, baseUrl: endpoint().baseUrl, model: 'judge-b', concurrency: 8 });

  const shell = await openJudgesAs(page, app.url, '#/judge-runs', 'lea', 'Lead');
  const runs = new JudgeRunsPage(page);
  await expect(runs.rows).toHaveCount(2);
  await expect(runs.row(a.id).getByTestId('run-status')).toHaveText('finished');
  await screenshot(page, 'judge-runs');
  // Ticked down the list (newest first), the earlier run is still the one before.
  await runs.selectForComparison(b.id);
  await runs.selectForComparison(a.id);
  await runs.compare();
  await expect(page).toHaveURL(new RegExp(`compare\\?a=${a.id}&b=${b.id}`));
  await expect(page.getByRole('heading', { name: `Run ${a.id} vs run ${b.id}` })).toBeVisible();

  // Ranked at once by a field the items carry: the fixture plans name a domain and no model, so "model" is not offered.
  await expect(page.getByLabel('Rank systems by')).toHaveText('domain');
  await expect(page.getByTestId('system-row')).toHaveCount(3);
  await page.getByLabel('Rank systems by').click();
  await expect(page.getByRole('option', { name: 'model', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'domain' }).click();
  const comparison = await callApi<RunComparison>(app, 'judges.compare', { runA: a.id, runB: b.id, by: 'domain' });
  const q = comparison.questions[0];
  expect(q.fixed.length + q.regressed.length).toBeGreaterThan(0);
  await expect(page.getByTestId('compare-fixed')).toHaveText(String(q.fixed.length));
  await expect(page.getByTestId('compare-regressed')).toHaveText(String(q.regressed.length));
  await expect(page.getByTestId('compare-accuracy-a')).toHaveText(`${Math.round(q.accuracyA! * 100)}%`);
  await expect(page.getByTestId('compare-accuracy-b')).toHaveText(`${Math.round(q.accuracyB! * 100)}%`);
  await expect(page.getByTestId('fixed-units').getByRole('link')).toHaveCount(q.fixed.length);
  const ranking = comparison.rankings[0];
  expect(ranking.systems.map((s) => s.system)).toEqual(['banking', 'retail', 'telecom']);
  await expect(page.getByTestId('spearman')).toHaveText(`ρ = ${kappa(ranking.spearman.value)}`);
  await expect(page.getByTestId('system-row')).toHaveCount(3);
  await screenshot(page, 'judge-run-comparison');
  await page.getByTestId('system-ranking').scrollIntoViewIfNeeded();
  await screenshot(page, 'judge-run-comparison-ranking');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('system-ranking').scrollIntoViewIfNeeded();
  await screenshot(page, 'judge-run-comparison-ranking-1280');
  // A link ranking by a field no item has says so, and offers the fields they have.
  await shell.goto(`#/judge-runs/compare?a=${a.id}&b=${b.id}&by=model`);
  const none = page.getByTestId('no-ranking');
  await expect(none).toContainText('No system ranking by “model”: no item of this task has that field');
  await none.scrollIntoViewIfNeeded();
  await screenshot(page, 'judge-run-comparison-no-ranking-1280');
  await none.getByRole('button', { name: 'domain', exact: true }).click();
  await expect(page.getByTestId('system-row')).toHaveCount(3);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A run on a task nobody has labelled has nothing to be calibrated against, and says so.
  await callApi(app, 'tasks.create', { name: 'unlabelled', schema: { preset: 'plan-quality' }, datasets: ['plans'], seed: 1 });
  const lonely = await callApi<RunSummary>(app, 'judges.run', { task: 'unlabelled', judge: { preset: 'plan-quality' }, baseUrl: endpoint().baseUrl, model: 'judge-a' });
  expect(lonely.cacheHits).toBe(30); // the same requests as run A: answered from the cache
  await shell.goto(`#/judge-runs/${lonely.id}`);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'insufficient');
  await expect(page.getByTestId('nothing-to-compare')).toBeVisible();
  await expect(page.getByTestId('confusion-section')).toHaveCount(0);
});

test('a cancelled run resumes from the runs table without sending any item twice', async ({ page, app }) => {
  await seedPlanReview(app);
  endpoint().setLatency(250);
  const shell = await openJudgesAs(page, app.url, '#/judges', 'ada', 'Adjudicator');
  const judges = new JudgesPage(page);
  await judges.select('Plan quality (reference-based)');
  const dialog = await judges.openRunDialog();
  await dialog.fill({ baseUrl: endpoint().baseUrl, model: 'judge-a', concurrency: 1 });
  await dialog.start();
  await expect.poll(() => dialog.done(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await dialog.cancel();
  await expect(dialog.result).toContainText('was cancelled', { timeout: 20_000 });
  const [cancelled] = await callApi<RunSummary[]>(app, 'judges.runs', {});
  expect(cancelled.status).toBe('cancelled');
  expect(cancelled.pending).toBeGreaterThan(0);
  await dialog.dialog.getByRole('button', { name: 'Close' }).click();

  endpoint().setLatency(20);
  await shell.goto('#/judge-runs');
  const runs = new JudgeRunsPage(page);
  await expect(runs.row(cancelled.id).getByTestId('run-status')).toHaveText('cancelled');
  await runs.row(cancelled.id).getByRole('button', { name: `Resume run ${cancelled.id}` }).click();
  const resume = new RunDialog(page);
  await expect(resume.dialog.getByLabel('Base URL')).toBeDisabled();
  await resume.start();
  await expect(resume.result).toContainText(`Run ${cancelled.id} finished`, { timeout: 30_000 });
  await expect(runs.row(cancelled.id).getByTestId('run-status')).toHaveText('finished');

  // Every plan was sent exactly once across the cancelled attempt and the resume.
  const sent = endpoint().requests.map((r) => r.prompt);
  expect(new Set(sent).size).toBe(sent.length);
  const [finished] = await callApi<RunSummary[]>(app, 'judges.runs', {});
  expect(finished.ok + finished.invalid).toBe(30);
  expect(sent.length).toBe(finished.ok);
});

test('an imported judge joins the library with its own version; an unknown placeholder is flagged', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url, '#/judges');
  // Storing a judge in the workspace is for a named person: say who is here first.
  await page.getByRole('button', { name: 'Who are you?' }).click();
  await new WhoAreYou(page).signIn('ada', 'Adjudicator');
  const judges = new JudgesPage(page);
  await judges.select('Plan quality (reference-based)');
  const presets = await callApi<{ id: string; definition: { sampling: { temperature: number | null } } }[]>(app, 'judges.list');
  const judge = structuredClone(presets.find((p) => p.id === 'plan-quality-reference')!.definition);
  judge.sampling.temperature = 0.3;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-judge-file-'));
  const file = path.join(dir, 'plan-quality-warm.judge.json');
  fs.writeFileSync(file, JSON.stringify({ ...judge, title: 'Plan quality, warmer' }));
  try {
    await judges.importFile(file);
    await expect(judges.list.getByText('Plan quality, warmer')).toBeVisible();
    const stored = (await callApi<{ title: string; version: string; origin: string }[]>(app, 'judges.list')).find((j) => j.title === 'Plan quality, warmer')!;
    expect(stored.origin).toBe('workspace');
    await expect(judges.version).toHaveText(`@${stored.version}`);

    // Typing an unknown placeholder marks it and blocks the run until it is fixed.
    await judges.template('User message').press('ControlOrMeta+End');
    await judges.template('User message').pressSequentially(' {{gold_plann}}');
    await expect(judges.placeholders('gold_plann')).toHaveAttribute('data-known', 'false');
    await expect(page.getByText('Unknown placeholder: {{gold_plann}}')).toBeVisible();
    await expect(judges.issues).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run…' })).toBeDisabled();
    await screenshot(page, 'judge-editor');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('counting a judge as a rater makes the 7-point question three raters: the dashboard says its headline is now α, and why', async ({ page, app }) => {
  await seedPlanReview(app);
  await callApi<RunSummary>(app, 'judges.run', { task: 'plan-review', judge: { preset: 'plan-quality' }, baseUrl: endpoint().baseUrl, model: 'judge-a', concurrency: 8 });
  const task = (await callApi<{ id: number; name: string }[]>(app, 'tasks.list', {})).find((t) => t.name === 'plan-review')!;
  await openJudgesAs(page, app.url, `#/agreement/${task.id}`, 'lea', 'Lead');
  const dashboard = new AgreementDashboard(page);
  await expect(dashboard.row('overall_quality')).toContainText('weighted κ (quadratic)');
  await expect(page.getByTestId('judge-switch-notice')).toHaveCount(0);

  await page.getByLabel('Include LLM judges as raters').click();
  await expect(page.getByLabel('Include LLM judges as raters')).toBeChecked();
  await expect(dashboard.row('overall_quality')).toContainText("Krippendorff's α (ordinal)");
  await expect(page.getByTestId('judge-switch-notice')).toHaveText(
    /^With the judges counted as raters, “[^”]+” has three or more raters, so its headline is Krippendorff's α \(at the question's level of measurement\) instead of the two annotators' weighted κ\.$/,
  );
  await screenshot(page, 'agreement-judges-switch-notice');
  // Also on the question's own page.
  await dashboard.row('overall_quality').getByRole('link').first().click();
  await expect(page.getByTestId('judge-switch-notice')).toBeVisible();
});
