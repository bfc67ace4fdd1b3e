import fs from 'node:fs';
import path from 'node:path';
import type { RunSummary } from '../electron/api/contract';
import { startBrowserMode } from '../electron/transports/http/server';
import { callApi, importFiles } from './api';
import { expect, FIXTURES, screenshot, test } from './fixtures';
import { fakeJudgeEndpoint } from './judgeScenario';
import { writeReviewPlans } from './annotation';
import { AppShell } from './pages/AppShell';
import { ImportDialog } from './pages/ImportDialog';
import { JudgesPage } from './pages/JudgesPage';

// Long work from the UI of a team server (issue 16, "stateless servers"). A judge run: the
// server queues it as a job and answers at once; the dialog follows the run by its progress
// events until it has ended, and its Cancel reaches the run through the run's id (whichever of
// the team's servers runs it). An import: the upload moves to the team's upload folder and a
// job imports it; the dialog shows the report as for an import in the request.

const STATIC_DIR = process.env.ACCORD_STATIC_DIR ? path.resolve(process.env.ACCORD_STATIC_DIR) : undefined;
const endpoint = fakeJudgeEndpoint('sk-e2e-team-judge-0123456789');

test('the lead runs a judge on a team server: the queued run is followed to its end, and a second one is cancelled', async ({ page, app }) => {
  test.setTimeout(120_000);
  await importFiles(app, [path.join(FIXTURES, 'plans.jsonl')], { dataset: 'plans' });
  await callApi(app, 'tasks.create', { name: 'plan-review', schema: { preset: 'plan-quality' }, datasets: ['plans'], seed: 1 });
  const team = await startBrowserMode({ workspacePath: app.workspacePath, port: 0, staticDir: STATIC_DIR, team: { jobs: { leaseMs: 1_500, pollMs: 100 } } });
  try {
    const invite = await callApi<{ token: string }>(app, 'invites.create', { person: 'lea', urlBase: team.baseUrl });
    await page.goto(`${team.baseUrl}#invite=${invite.token}&route=/judges`);
    await expect(page.getByTestId('identity-button')).toContainText('lea');

    const judges = new JudgesPage(page);
    await judges.select('Plan quality (reference-based)');
    endpoint().setLatency(150);
    const dialog = await judges.openRunDialog();
    await dialog.fill({ baseUrl: endpoint().baseUrl, model: 'judge-a', concurrency: 2 });
    await dialog.start();
    await expect(dialog.progress).toBeVisible();
    await expect.poll(() => dialog.done(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'team-judge-run-progress');
    await expect(dialog.result).toBeVisible({ timeout: 30_000 });
    const [run] = await callApi<RunSummary[]>(app, 'judges.runs', { task: 'plan-review' });
    expect(run).toMatchObject({ status: 'finished', total: 30, ok: 30, pending: 0 });
    await expect(dialog.result).toContainText(`Run ${run.id} finished`);
    await screenshot(page, 'team-judge-run-finished');
    expect(endpoint().requests).toHaveLength(30);
    await dialog.dialog.getByRole('button', { name: 'Close' }).click();

    // A slow second run, cancelled from the dialog: the cancel goes to the run's job.
    endpoint().setLatency(800);
    const second = await judges.openRunDialog();
    await second.fill({ baseUrl: endpoint().baseUrl, model: 'judge-b', concurrency: 1 });
    await second.start();
    await expect.poll(() => second.done(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await second.cancel();
    await expect(second.result).toContainText('was cancelled', { timeout: 20_000 });
    const cancelled = (await callApi<RunSummary[]>(app, 'judges.runs', { task: 'plan-review' })).find((r) => r.model === 'judge-b')!;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.pending).toBeGreaterThan(0);
    await screenshot(page, 'team-judge-run-cancelled');
  } finally {
    await team.close();
  }
});

test('the lead imports a file through the import dialog of a team server: the import job reports back', async ({ page, app }) => {
  const uploads = path.join(app.workspacePath, '..', 'team-uploads');
  const team = await startBrowserMode({ workspacePath: app.workspacePath, port: 0, staticDir: STATIC_DIR, team: { jobs: { leaseMs: 1_500, pollMs: 100 }, uploadFolder: uploads } });
  try {
    const invite = await callApi<{ token: string }>(app, 'invites.create', { person: 'lea', urlBase: team.baseUrl });
    await page.goto(`${team.baseUrl}#invite=${invite.token}&route=/datasets`);
    await expect(page.getByTestId('identity-button')).toContainText('lea');
    await new AppShell(page).importButton.click();
    const importer = new ImportDialog(page);
    await importer.chooseFiles([writeReviewPlans(12, 'team-upload')]);
    await importer.datasetName.fill('team upload');
    await importer.importAndWait();
    await expect(importer.resultFor('team-upload.jsonl')).toContainText('12 items imported');
    await screenshot(page, 'team-import-job-result');
    expect(await callApi<{ name: string; itemCount: number }[]>(app, 'datasets.list', {})).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'team upload' })]));
    // The job's copy of the upload is gone once it has ended.
    expect(fs.readdirSync(uploads)).toEqual([]);
  } finally {
    await team.close();
  }
});
