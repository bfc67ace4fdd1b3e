import path from 'node:path';
import type { RunSummary } from '../electron/api/contract';
import { JSON_SCHEMA_REFUSAL } from '../electron/testing/fakeOpenAiServer';
import { callApi, importFiles } from './api';
import { fakeJudgeEndpoint } from './judgeScenario';
import { CalibrationPage, CancelRunConfirmation, JudgeRunsPage, openJudgesAs } from './pages/JudgeRunPages';
import { JudgesPage } from './pages/JudgesPage';
import { expect, FIXTURES, screenshot, test } from './fixtures';

const endpoint = fakeJudgeEndpoint('sk-e2e-judge-control-0123456789');

/** The 30 fixture plans in a plan-quality task "plan-review" (no labels: these tests are about runs). */
async function seedPlanTask(app: Parameters<typeof importFiles>[0]): Promise<void> {
  await importFiles(app, [path.join(FIXTURES, 'plans.jsonl')], { dataset: 'plans' });
  await callApi(app, 'tasks.create', { name: 'plan-review', schema: { preset: 'plan-quality' }, datasets: ['plans'], seed: 1 });
}

test('a run left going in the background is cancelled from the runs table, and resumes without sending any plan twice', async ({ page, app }) => {
  await seedPlanTask(app);
  // Slow: 30 requests, one at a time, 0.8 s each — about 24 s if nobody stops it, time enough for a loaded machine.
  endpoint().setLatency(800);
  // Runs are started and cancelled by adjudicators and leads.
  const shell = await openJudgesAs(page, app.url, '#/judges', 'lea', 'Lead');
  const judges = new JudgesPage(page);
  await judges.select('Plan quality (reference-based)');
  const dialog = await judges.openRunDialog();
  await dialog.fill({ baseUrl: endpoint().baseUrl, model: 'judge-a', concurrency: 1 });
  await dialog.start();
  await expect.poll(() => dialog.done(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

  // Leave it running and go elsewhere: the dialog that could cancel it is gone.
  await dialog.dialog.getByRole('button', { name: 'Keep running in the background' }).click();
  await expect(dialog.dialog).toBeHidden();
  await shell.nav.getByRole('link', { name: 'Judge runs' }).click();
  const runs = new JudgeRunsPage(page);
  const [running] = await callApi<RunSummary[]>(app, 'judges.runs', {});
  expect(running.status).toBe('running');
  await expect(runs.status(running.id)).toHaveText('running');
  await expect(runs.cancelButton(running.id)).toHaveText('Cancel');
  // The row moves while the run goes on, counted from the calls recorded so far.
  await expect(runs.row(running.id)).toContainText(/[1-9]\d* answered/);
  await expect(runs.cancelButton(running.id)).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'judge-runs-running');

  // Cancel asks first; "Keep running" leaves the run alone.
  await runs.cancelButton(running.id).click();
  const confirmation = new CancelRunConfirmation(page);
  await expect(confirmation.dialog).toContainText('the ones in flight finish and their answers are kept');
  await confirmation.waitOpen();
  await screenshot(page, 'judge-run-cancel-confirm');
  await confirmation.keepRunning();
  await expect(confirmation.dialog).toBeHidden();
  await expect(runs.status(running.id)).toHaveText('running');

  await runs.cancelButton(running.id).click();
  await confirmation.confirm();
  await expect(runs.status(running.id)).toHaveText('cancelled', { timeout: 15_000 });
  await expect(runs.resumeButton(running.id)).toBeVisible();
  await expect(runs.cancelButton(running.id)).toHaveCount(0);
  await screenshot(page, 'judge-runs-cancelled');

  // Cancelled as the dialog's cancel would: work left, and every request sent is an answer kept.
  const [cancelled] = await callApi<RunSummary[]>(app, 'judges.runs', {});
  expect(cancelled).toMatchObject({ id: running.id, status: 'cancelled' });
  expect(cancelled.pending).toBeGreaterThan(0);
  expect(cancelled.ok).toBe(endpoint().requests.length);

  // The resume sends only what was left: each plan once across both attempts.
  endpoint().setLatency(10);
  const resumed = await callApi<RunSummary>(app, 'judges.run', { task: 'plan-review', resume: running.id, concurrency: 8 });
  expect(resumed).toMatchObject({ status: 'finished', ok: 30, pending: 0, requests: 30 });
  const sent = endpoint().requests.map((r) => r.prompt);
  expect(sent).toHaveLength(30);
  expect(new Set(sent).size).toBe(30);
});

test('a run on an endpoint that rejects json_schema falls back to json_object once and says so on its page', async ({ page, app }) => {
  await seedPlanTask(app);
  endpoint().refuseJsonSchema(JSON_SCHEMA_REFUSAL);
  const run = await callApi<RunSummary>(app, 'judges.run', { task: 'plan-review', judge: { preset: 'plan-quality' }, baseUrl: endpoint().baseUrl, model: 'judge-a', concurrency: 1 });
  expect(run).toMatchObject({ status: 'finished', ok: 30, requests: 31 });
  // One refused json_schema request for the run, then every plan as json_object.
  const formats = endpoint().requests.map((r) => (r.body.response_format as { type: string }).type);
  expect(formats.filter((f) => f === 'json_schema')).toHaveLength(1);
  expect(formats.filter((f) => f === 'json_object')).toHaveLength(30);

  const shell = await openJudgesAs(page, app.url, `#/judge-runs/${run.id}`, 'lea', 'Lead');
  const calibration = new CalibrationPage(page);
  await expect(calibration.outputFallback).toContainText('Endpoint rejected json_schema; used json_object');
  await expect(calibration.outputFallback).toContainText('the response schema written into the prompt, and every answer was checked against it');
  await expect(page.getByTestId('output-fallback-reason')).toHaveText(run.settings.outputFallback!.reason);
  await screenshot(page, 'judge-run-fallback');

  // A run on an endpoint that takes json_schema says nothing of the kind.
  endpoint().refuseJsonSchema(null);
  const plain = await callApi<RunSummary>(app, 'judges.run', { task: 'plan-review', judge: { preset: 'plan-quality' }, baseUrl: endpoint().baseUrl, model: 'judge-b', concurrency: 8 });
  expect(plain.settings.outputFallback).toBeNull();
  await shell.goto(`#/judge-runs/${plain.id}`);
  await expect(page.getByRole('heading', { name: `Run ${plain.id} · Plan quality (reference-based)` })).toBeVisible();
  await expect(calibration.outputFallback).toHaveCount(0);
});
