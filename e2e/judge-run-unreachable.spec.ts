import path from 'node:path';
import type { RunSummary } from '../electron/api/contract';
import { closedPort } from '../electron/testing/closedPort';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../electron/testing/fakeOpenAiServer';
import { callApi, importFiles } from './api';
import { fixturePlans, scriptedJudge } from './judgeScenario';
import { JudgeRunsPage, openJudgesAs } from './pages/JudgeRunPages';
import { JudgesPage } from './pages/JudgesPage';
import { expect, FIXTURES, screenshot, test } from './fixtures';

let server: FakeOpenAiServer | null = null;
test.afterEach(async () => {
  await server?.close();
  server = null;
});

test('a run on an endpoint that refuses connections stops early, says why, and its failed calls are retried once the server is up', async ({ page, app }) => {
  await importFiles(app, [path.join(FIXTURES, 'plans.jsonl')], { dataset: 'plans' });
  await callApi(app, 'tasks.create', { name: 'plan-review', schema: { preset: 'plan-quality' }, datasets: ['plans'], seed: 1 });
  // Nothing listens on this port of 127.0.0.1: every connection is refused.
  const port = await closedPort();
  const deadUrl = `http://127.0.0.1:${port}/v1`;

  await openJudgesAs(page, app.url, '#/judges', 'lea', 'Lead');
  const judges = new JudgesPage(page);
  await judges.select('Plan quality (reference-based)');
  const dialog = await judges.openRunDialog();
  await dialog.fill({ baseUrl: deadUrl, model: 'judge-a' });
  const started = Date.now();
  await dialog.start();
  // One call's 5 attempts (about 4–8 s of backoff), not 30 calls' worth (about 50 s).
  await expect(dialog.result).toContainText(`the endpoint could not be reached (connect ECONNREFUSED 127.0.0.1:${port}; 5 attempts of one call, none reached a server), so the run stopped early`, {
    timeout: 25_000,
  });
  expect(Date.now() - started).toBeLessThan(25_000);
  await expect(dialog.result).toContainText('none sent. Check the base URL and that the server is running, then retry the failed calls');
  await screenshot(page, 'judge-run-unreachable-dialog');

  const [run] = await callApi<RunSummary[]>(app, 'judges.runs', {});
  // Every call accounted for (failed, none pending), none counted as sent.
  expect(run).toMatchObject({ status: 'failed', total: 30, ok: 0, failed: 30, pending: 0, requests: 0 });
  await dialog.dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto(`${app.url.split('#')[0]}#/judge-runs`);
  const runs = new JudgeRunsPage(page);
  await expect(runs.status(run.id)).toHaveText('failed');
  await page.goto(`${app.url.split('#')[0]}#/judge-runs/${run.id}`);
  const problems = page.getByTestId('run-problems');
  await expect(problems).toContainText('30 calls of 30 gave no readable answer');
  await expect(problems).toContainText(`failed: not sent: the run stopped early because the endpoint could not be reached (connect ECONNREFUSED 127.0.0.1:${port})`);
  const retry = problems.getByRole('button', { name: 'Retry 30 failed calls' });
  await expect(retry).toBeVisible();
  await screenshot(page, 'judge-run-unreachable-page');

  // The server comes up on that port: retrying the failed calls sends each plan once.
  server = await startFakeOpenAiServer({ respond: scriptedJudge(fixturePlans()), port });
  await retry.click();
  const resume = page.getByRole('dialog');
  await resume.getByRole('button', { name: 'Resume run' }).click();
  await expect(resume.getByTestId('run-result')).toContainText(`Run ${run.id} finished.`, { timeout: 25_000 });
  const [done] = await callApi<RunSummary[]>(app, 'judges.runs', {});
  expect(done).toMatchObject({ id: run.id, status: 'finished', error: null, ok: 30, failed: 0, requests: 30 });
  expect(new Set(server.requests.map((r) => r.prompt)).size).toBe(30);
  expect(server.requests).toHaveLength(30);
});
