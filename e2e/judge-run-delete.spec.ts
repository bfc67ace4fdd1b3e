import path from 'node:path';
import type { RunSummary } from '../electron/api/contract';
import { callApi, importFiles } from './api';
import { fakeJudgeEndpoint } from './judgeScenario';
import { JudgeRunsPage, openJudgesAs } from './pages/JudgeRunPages';
import { WhoAreYou } from './pages/WhoAreYou';
import { expect, FIXTURES, screenshot, test } from './fixtures';

// Issue 13, rule 1: deleting a judge run says exactly what goes, moves it to a trash that
// restores every call and label, and deletes for good only with "run N" typed. Leads only.

const endpoint = fakeJudgeEndpoint('sk-e2e-judge-delete-0123456789');

test('a lead deletes a judge run saying what goes, restores it whole, and purges it with “run N” typed; an adjudicator cannot', async ({ page, app }) => {
  test.setTimeout(120_000);
  await importFiles(app, [path.join(FIXTURES, 'plans.jsonl')], { dataset: 'plans' });
  await callApi(app, 'tasks.create', { name: 'plan-review', schema: { preset: 'plan-quality' }, datasets: ['plans'], seed: 1 });
  await callApi(app, 'annotators.upsert', { name: 'ada', role: 'adjudicator' });
  const run = await callApi<RunSummary>(app, 'judges.run', {
    task: 'plan-review',
    judge: { preset: 'plan-quality' },
    baseUrl: endpoint().baseUrl,
    model: 'judge-a',
    prices: { '*': { input: 0.15, output: 0.6 } },
  });
  expect(run).toMatchObject({ status: 'finished', ok: 30 });
  const judgeLabels = async () =>
    (await callApi<{ content: string }>(app, 'labels.export', { task: 'plan-review', format: 'jsonl' })).content.split('\n').filter((l) => l.includes('"raterKind":"judge"')).length;
  expect(await judgeLabels()).toBe(30);

  // An adjudicator sees the button, disabled, and why.
  await openJudgesAs(page, app.url, '#/judge-runs', 'ada', 'Adjudicator');
  const runs = new JudgeRunsPage(page);
  await expect(runs.deleteButton(run.id)).toBeDisabled();
  await runs.deleteButton(run.id).locator('xpath=..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Only a lead can delete a judge run');

  // In a 1280-px window every column and the row's delete button are in sight: nothing scrolls sideways.
  await page.setViewportSize({ width: 1280, height: 720 });
  const table = page.getByRole('table', { name: 'Judge runs' });
  await expect.poll(() => table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await expect(runs.deleteButton(run.id)).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'judge-runs-1280');

  // The lead: the dialog says what goes before anything does.
  await page.setViewportSize({ width: 1400, height: 900 });
  await new WhoAreYou(page).switchTo('lea', 'Lead');
  await runs.deleteButton(run.id).click();
  const dialog = page.getByRole('dialog', { name: `Delete judge run ${run.id}?` });
  const goes = dialog.getByRole('list', { name: `What goes with run ${run.id}` });
  await expect(goes).toContainText('30 calls (30 answered) with their raw responses');
  await expect(goes).toContainText('the record of what it cost: $');
  await expect(goes).toContainText('30 judge labels on 30 items of task “plan-review”, with 30 recorded changes');
  await expect(goes).toContainText('its calibration (computed when asked, never stored: none can be made while the run is in the trash)');
  await screenshot(page, 'judge-run-delete-dialog');
  await dialog.getByRole('button', { name: 'Move to trash' }).click();
  await expect(runs.row(run.id)).toHaveCount(0);
  await expect(runs.trashRow(run.id)).toContainText('30 calls');
  await expect(runs.trashRow(run.id)).toContainText('by lea');
  expect(await judgeLabels()).toBe(0);
  await screenshot(page, 'judge-run-trash');

  // Restore brings every call and label back.
  await runs.trashRow(run.id).getByRole('button', { name: 'Restore' }).click();
  await expect(runs.row(run.id)).toBeVisible();
  expect(await judgeLabels()).toBe(30);
  expect((await callApi<{ total: number }>(app, 'judges.calls', { run: run.id })).total).toBe(30);

  // Deleting for good asks for "run N", typed.
  await runs.deleteButton(run.id).click();
  await dialog.getByRole('button', { name: 'Move to trash' }).click();
  await runs.trashRow(run.id).getByRole('button', { name: 'Delete forever…' }).click();
  const forever = page.getByRole('dialog', { name: /for good\?/ });
  const confirm = forever.getByRole('button', { name: 'Delete forever' });
  await forever.getByLabel(`Type “run ${run.id}” to confirm`).fill(String(run.id));
  await expect(confirm).toBeDisabled();
  await forever.getByLabel(`Type “run ${run.id}” to confirm`).fill(`run ${run.id}`);
  await screenshot(page, 'judge-run-purge');
  await confirm.click();
  await expect(page.getByText(new RegExp(`Deleted “Run ${run.id} · .*” for good\\.`))).toBeVisible();
  expect(await callApi<unknown[]>(app, 'judges.trash', {})).toEqual([]);
});
