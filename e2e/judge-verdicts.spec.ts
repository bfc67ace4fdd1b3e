import type { CalibrationReport, JudgeProbes, RunSummary } from '../electron/api/contract';
import { callApi, itemIdOf } from './api';
import { createTask, importReviewPlans } from './annotation';
import { fixturePlans, LEVELS, seedPlanReview } from './judgeScenario';
import { openJudgesAs } from './pages/JudgeRunPages';
import { expect, screenshot, test } from './fixtures';

// The calibration view leads with its verdict — can, cannot, not enough evidence — and the
// evidence (issue 19). No endpoint: the judges' labels are imported as runs (judges.importLabels).

/** Imports `levels[i]` (a level index, or null for no label) for the i-th fixture plan as a judge run of `task`. */
async function importJudge(app: Parameters<typeof callApi>[0], task: string, name: string, levels: (number | null)[]): Promise<RunSummary> {
  const plans = fixturePlans();
  const rows = levels.flatMap((level, i) => (level === null ? [] : [`${plans[i].query_id},${LEVELS[level]},imported`]));
  return callApi<RunSummary>(app, 'judges.importLabels', { task, name, text: `unit,value,rationale\n${rows.join('\n')}\n`, fileName: `${name}.csv` });
}

const TRUTH = [5, 3, 2, 4, 6, 1, 5, 4, 3, 5, 2, 6, 4, 3, 5, 1, 4, 6, 2, 5, 3, 4, 5, 2, 6, 3, 4, 1, 5, 4];
const clamp = (level: number) => Math.max(0, Math.min(6, level));

test('the calibration view says can, cannot or not enough evidence, with the test, n, margin and p', async ({ page, app }) => {
  await seedPlanReview(app);
  // A third annotator's task: ana, ben and cy each slip now and then; a judge that gives the truth.
  await callApi(app, 'tasks.create', { name: 'triple', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben', 'cy'], seed: 1 });
  const items = await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { limit: 100 });
  const ids = new Map(items.rows.map((r) => [r.externalId, r.id]));
  const slips: Record<string, (i: number) => number> = { ana: (i) => (i % 4 === 1 ? 1 : 0), ben: (i) => (i % 5 === 2 ? -1 : 0), cy: (i) => (i % 3 === 0 ? 1 : 0) };
  for (const [i, plan] of fixturePlans().entries()) {
    for (const [annotator, slip] of Object.entries(slips)) {
      await callApi(app, 'labels.save', { task: 'triple', itemId: ids.get(plan.query_id)!, question: 'overall_quality', value: LEVELS[clamp(TRUTH[i] + slip(i))] }, annotator);
      await callApi(app, 'labels.submit', { task: 'triple', itemId: ids.get(plan.query_id)! }, annotator);
    }
  }
  const truthful = await importJudge(app, 'triple', 'truthful', TRUTH);
  const constant = await importJudge(app, 'plan-review', 'always-good', TRUTH.map(() => 4));
  const partial = await importJudge(app, 'plan-review', 'twenty-plans', TRUTH.map((t, i) => (i < 20 ? t : null)));

  const shell = await openJudgesAs(page, app.url, `#/judge-runs/${truthful.id}`, 'ada', 'Adjudicator');
  const cases: [RunSummary, string, 'can' | 'cannot' | 'insufficient', string][] = [
    [truthful, 'triple', 'can', 'judge-verdict-can'],
    [constant, 'plan-review', 'cannot', 'judge-verdict-cannot'],
    [partial, 'plan-review', 'insufficient', 'judge-verdict-insufficient'],
  ];
  for (const [run, task, word, shot] of cases) {
    await shell.goto(`#/judge-runs/${run.id}`);
    const report = await callApi<CalibrationReport>(app, 'judges.calibrate', { task, run: run.id });
    const q = report.questions[0];
    expect(q.verdict.verdict).toBe(word);
    const verdict = page.getByTestId('verdict');
    await expect(verdict).toHaveAttribute('data-verdict', word);
    await expect(page.getByTestId('verdict-title')).toHaveText({ can: 'Can replace an annotator', cannot: 'Cannot replace an annotator', insufficient: 'Not enough evidence' }[word]);
    await expect(page.getByTestId('verdict-n')).toHaveText(String(q.verdict.n));
    await expect(page.getByTestId('verdict-message')).toContainText(q.verdict.test === 'alternative annotator test' ? `on ${q.verdict.n} items` : `on ${q.verdict.n} units (margin`);
    if (q.verdict.altTest) {
      await expect(page.getByTestId('alt-test-row')).toHaveCount(q.verdict.altTest.annotators.length);
      await expect(page.getByTestId('alt-test-summary')).toContainText(`Winning rate ${q.verdict.altTest.winningRate!.toFixed(2)}`);
    } else await expect(page.getByTestId('non-inferiority')).toBeVisible();
    await expect(page.getByTestId('certainty-row')).toHaveCount(3);
    await expect(page.getByTestId('error-rates')).toBeVisible();
    // A 7-level scale has no pass level: no corrected pass-rate card, rather than an empty one.
    await expect(page.getByTestId('corrected-section')).toHaveCount(0);
    await expect(page.getByTestId('classes-section')).toContainText(`macro averages: ${q.macro.basis}.`);
    await verdict.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, shot);
    await page.getByTestId('error-rates-section').scrollIntoViewIfNeeded();
    await screenshot(page, `${shot}-evidence`);
  }
  // A constant judge is never favoured: "cannot", and it says why.
  await shell.goto(`#/judge-runs/${constant.id}`);
  await expect(page.getByTestId('verdict-message')).toContainText('gave one answer (“Good”) to every unit');
});

test('the alternative annotator test with only two of three annotators tested says not enough evidence, not “can”', async ({ page, app }) => {
  await seedPlanReview(app);
  // ana and ben label all 30 plans; cy only 10, fewer than the 30 items a tested annotator needs.
  await callApi(app, 'tasks.create', { name: 'triple', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben', 'cy'], seed: 1 });
  for (const [i, plan] of fixturePlans().entries()) {
    const itemId = await itemIdOf(app, plan.query_id);
    for (const annotator of i < 10 ? ['ana', 'ben', 'cy'] : ['ana', 'ben']) {
      await callApi(app, 'labels.save', { task: 'triple', itemId, question: 'overall_quality', value: LEVELS[TRUTH[i]] }, annotator);
      await callApi(app, 'labels.submit', { task: 'triple', itemId }, annotator);
    }
  }
  const run = await importJudge(app, 'triple', 'truthful', TRUTH);
  const q = (await callApi<CalibrationReport>(app, 'judges.calibrate', { task: 'triple', run: run.id })).questions[0];
  expect(q.verdict.altTest!.annotators.map((a) => a.rater)).toEqual(['ana', 'ben']);
  expect(q.verdict.verdict).toBe('insufficient');
  await openJudgesAs(page, app.url, `#/judge-runs/${run.id}`, 'ada', 'Adjudicator');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByTestId('verdict-title')).toHaveText('Not enough evidence');
  await expect(page.getByTestId('verdict-message')).toContainText('2 annotators tested, the test needs 3; cy has fewer than 30 items');
  await expect(page.getByTestId('alt-test-summary')).toContainText('not enough evidence: 2 annotators tested, the test needs 3');
  await page.getByTestId('alt-test-summary').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'judge-alt-test-two-tested-1280');
});

test('a binary question shows TPR and TNR with their lower bounds, the corrected pass rate and the label budget', async ({ page, app }) => {
  await seedPlanReview(app);
  const schema = { id: 'pass-check', title: 'Does the plan pass?', kinds: ['plan'], questions: [{ id: 'passes', type: 'binary', title: 'Passes?', options: ['pass', 'fail'] }] };
  await callApi(app, 'tasks.create', { name: 'pass-check', schema: { json: schema }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
  const items = await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { limit: 100 });
  const ids = new Map(items.rows.map((r) => [r.externalId, r.id]));
  const plans = fixturePlans();
  const passes = (i: number) => TRUTH[i] >= 4;
  for (const [i, plan] of plans.entries()) {
    const itemId = ids.get(plan.query_id)!;
    for (const annotator of ['ana', 'ben']) {
      const slip = annotator === 'ben' && i % 7 === 3;
      await callApi(app, 'labels.save', { task: 'pass-check', itemId, question: 'passes', value: passes(i) !== slip ? 'pass' : 'fail' }, annotator);
      await callApi(app, 'labels.submit', { task: 'pass-check', itemId }, annotator);
    }
    if (i < 20) await callApi(app, 'adjudication.setGold', { task: 'pass-check', itemId, question: 'passes', value: passes(i) ? 'pass' : 'fail' }, 'ada');
  }
  // The judge misses every fifth plan.
  const rows = plans.map((p, i) => `${p.query_id},${passes(i) !== (i % 5 === 4) ? 'pass' : 'fail'}`);
  const run = await callApi<RunSummary>(app, 'judges.importLabels', { task: 'pass-check', name: 'pass-judge', text: `unit,value\n${rows.join('\n')}\n`, fileName: 'pass-judge.csv' });
  const report = await callApi<CalibrationReport>(app, 'judges.calibrate', { task: 'pass-check', run: run.id });
  const q = report.questions[0];
  expect(q.errorRates!.classes).toHaveLength(1);
  expect(q.correctedPassRate.positive).toBe('pass');

  // The same judge again, answering differently on every sixth plan: a rerun to measure stability against.
  const rerunRows = plans.map((p, i) => `${p.query_id},${passes(i) !== (i % 5 === 4) !== (i % 6 === 0) ? 'pass' : 'fail'}`);
  await callApi<RunSummary>(app, 'judges.importLabels', { task: 'pass-check', name: 'pass-judge', text: `unit,value\n${rerunRows.join('\n')}\n`, fileName: 'pass-judge-rerun.csv' });
  const probes = await callApi<JudgeProbes>(app, 'judges.probes', { task: 'pass-check', runs: [run.id, run.id + 1], question: 'passes' });
  expect(probes.kind).toBe('stability');
  expect(probes.results[0].rerun!.flips).toBe(5);

  await openJudgesAs(page, app.url, `#/judge-runs/${run.id}`, 'ada', 'Adjudicator');
  await expect(page.getByTestId('probe-flip-rate')).toHaveText(`${(probes.results[0].rerun!.flipRate! * 100).toFixed(1)}%`);
  await page.getByTestId('probes-section').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'judge-verdict-probes');
  await expect(page.getByTestId('error-rate-row')).toHaveCount(1);
  await expect(page.getByTestId('certified')).toHaveAttribute('data-status', q.errorRates!.status);
  await expect(page.getByTestId('corrected-row')).toHaveCount(2);
  await page.getByTestId('error-rates-section').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'judge-verdict-binary-error-rates');
});

test('a perfect judge on 18 pass and 12 fail units has not enough evidence to certify, and the chip says how many fail units it needs', async ({ page, app }) => {
  await seedPlanReview(app);
  const schema = { id: 'pass-check', title: 'Does the plan pass?', kinds: ['plan'], questions: [{ id: 'passes', type: 'binary', title: 'Passes?', options: ['pass', 'fail'] }] };
  await callApi(app, 'tasks.create', { name: 'pass-check', schema: { json: schema }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
  const plans = fixturePlans();
  const passes = (i: number) => TRUTH[i] >= 4;
  expect(plans.filter((_, i) => passes(i))).toHaveLength(18);
  for (const [i, plan] of plans.entries()) {
    const itemId = await itemIdOf(app, plan.query_id);
    for (const annotator of ['ana', 'ben']) {
      await callApi(app, 'labels.save', { task: 'pass-check', itemId, question: 'passes', value: passes(i) ? 'pass' : 'fail' }, annotator);
      await callApi(app, 'labels.submit', { task: 'pass-check', itemId }, annotator);
    }
  }
  const rows = plans.map((p, i) => `${p.query_id},${passes(i) ? 'pass' : 'fail'}`);
  const run = await callApi<RunSummary>(app, 'judges.importLabels', { task: 'pass-check', name: 'perfect', text: `unit,value\n${rows.join('\n')}\n`, fileName: 'perfect.csv' });
  await openJudgesAs(page, app.url, `#/judge-runs/${run.id}`, 'ada', 'Adjudicator');
  // TPR 18/18 has a lower bound of 0.815 (clears 0.80); TNR 12/12 has 0.735 and would need 17 fail units (0.025^(1/17) = 0.805).
  const chip = page.getByTestId('certified');
  await expect(chip).toHaveText('Not enough evidence at 0.80: needs 17 “fail” units, 12 now');
  await expect(chip).toHaveAttribute('data-status', 'not enough evidence');
  await expect(page.getByTestId('error-rates')).toContainText('Test: every exact (Clopper–Pearson) 95% lower bound must reach 0.80; against human majority on 30 units.');
  await expect(page.getByTestId('error-rate-row')).toContainText('100.0% (18/18)81.5%—100.0% (12/12)73.5%17');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('error-rates-section').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'judge-error-rates-not-enough-evidence-1280');
});

test('a reason that starts with κ keeps the Greek letter: no capital kappa that reads as K', async ({ page, app }) => {
  // Two annotators and a judge who all pass every plan: κ between the annotators is undefined, and the page says so in a sentence of its own.
  await importReviewPlans(app, 5, 'plans');
  const schema = { id: 'pass-check', title: 'Does the plan pass?', kinds: ['plan'], questions: [{ id: 'passes', type: 'binary', title: 'Passes?', options: ['pass', 'fail'] }] };
  const task = await createTask(app, { name: 'all-pass', schema: { json: schema }, datasets: ['plans'], annotators: ['ana', 'ben'] });
  const plans = fixturePlans().slice(0, 5);
  for (const plan of plans) {
    const itemId = await itemIdOf(app, plan.query_id);
    for (const annotator of ['ana', 'ben']) {
      await callApi(app, 'labels.save', { task, itemId, question: 'passes', value: 'pass' }, annotator);
      await callApi(app, 'labels.submit', { task, itemId }, annotator);
    }
  }
  const run = await callApi<RunSummary>(app, 'judges.importLabels', { task, name: 'yes-judge', text: `unit,value\n${plans.map((p) => `${p.query_id},pass`).join('\n')}\n`, fileName: 'yes-judge.csv' });
  await openJudgesAs(page, app.url, `#/judge-runs/${run.id}`, 'ada', 'Adjudicator');
  // 'κ'.toUpperCase() is 'Κ' (U+039A, Greek capital kappa), which reads as the Latin K.
  await expect(page.getByTestId('non-inferiority')).toContainText('. κ between the annotators is undefined (they gave one answer to every unit).');
  await expect(page.getByTestId('question-calibration')).not.toContainText('Κ');
});
