import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBrowserMode } from '../electron/transports/http/server';
import { callApi, importFiles } from './api';
import { composedSchema, createTask, importReviewPlans, openAs, pageErrors } from './annotation';
import { expect, screenshot, test, type AppFixture } from './fixtures';
import { TaskPage } from './pages/TaskPage';
import { TasksPage } from './pages/TasksPage';

/** Saves ana's overall quality of the three review plans through the API, and submits them when asked. */
async function anaLabels(app: AppFixture, task: string, submit: boolean) {
  const items = await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { kind: 'plan' });
  const quality: Record<string, string> = { 'pq-001': 'Extremely Good', 'pq-002': 'Bad', 'pq-003': 'Good' };
  for (const row of items.rows) {
    await callApi(app, 'labels.save', { task, itemId: row.id, question: 'overall_quality', value: quality[row.externalId], rationale: `about ${row.externalId}` }, 'ana');
    if (submit) await callApi(app, 'labels.submit', { task, itemId: row.id }, 'ana');
  }
}

function tempFile(name: string, content: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-labels-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

test('labels export as CSV and JSONL and import back through the task page', async ({ app, browser }) => {
  await importReviewPlans(app);
  await createTask(app, { name: 'files', schema: { json: await composedSchema(app, 'plan-review', ['plan-quality', 'plan-step-tags']) }, datasets: ['review-plans'], annotators: ['ana', 'ben'] });
  await anaLabels(app, 'files', false);
  const page = await openAs(browser, app, 'lea', 'Lead');
  await new TasksPage(page).open('files');
  const task = new TaskPage(page);

  const csv = await task.exportLabels('CSV');
  expect(csv.suggestedFilename()).toBe('files.labels.csv');
  const csvText = fs.readFileSync(await csv.path(), 'utf8');
  // The columns of fixtures/formats/labels.csv, then blind labeling's (issue 13): the original of a
  // label revised after discussion and what was visible when each label was made.
  expect(csvText.split('\n')[0]).toBe('item,unit,question,rater,value,rationale,original_value,revised_after_discussion,visible');
  expect(csvText).toContain('pq-002,,overall_quality,ana,Bad,about pq-002');
  const jsonl = await task.exportLabels('JSONL');
  const lines = fs.readFileSync(await jsonl.path(), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { rater: string; createdAt: string });
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatchObject({ rater: 'ana' });
  expect(lines[0].createdAt).toBeTruthy();

  // A second rater's labels from a CSV: step tags joined by ";", units as bare step ids.
  const incoming = tempFile('cy.csv', ['item,unit,question,rater,value,rationale', 'pq-003,,overall_quality,cy,Acceptable,misses a step', 'pq-003,2,step_tags,cy,incorrect_tool;complex_prompt,'].join('\n'));
  await task.importLabels(incoming);
  await expect(task.labelImportReport).toContainText('cy.csv imported (CSV)');
  await expect(task.labelImportReport).toContainText('2 added');
  await expect(task.labelImportReport).toContainText('new raters: cy');
  await screenshot(page, 'task-page');
  await task.importLabels(incoming);
  await expect(task.labelImportReport).toContainText('cy.csv: nothing new');

  // A file with a mistake is refused whole, saying where.
  const broken = tempFile('broken.csv', ['item,unit,question,rater,value,rationale', 'pq-001,,overall_quality,dee,Superb,'].join('\n'));
  await task.importLabels(broken);
  await expect(task.labelImportReport).toContainText('was rejected whole');
  await expect(task.labelImportReport).toContainText('line 2');
  const labels = await callApi<{ others: { rater: string }[] }>(app, 'labels.list', { task: 'files', itemId: (await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { search: 'pq-003' })).rows[0].id }, 'lea');
  expect(labels.others.map((l) => l.rater).sort()).toEqual(['ana', 'cy', 'cy']);
  expect(pageErrors(page)).toEqual([]);
});

test('a label pack round-trips to another workspace through the UI; importing it again changes nothing; labels on a changed item are refused', async ({ app, browser }) => {
  const plans = await importReviewPlans(app);
  await createTask(app, { name: 'packs', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ana', 'ben'] });
  await anaLabels(app, 'packs', true);
  const here = await openAs(browser, app, 'lea', 'Lead');
  await new TasksPage(here).open('packs');
  const pack = await new TaskPage(here).exportPack('ana');
  expect(pack.suggestedFilename()).toBe('packs.ana.accord-pack.json');
  const packFile = tempFile('packs.ana.accord-pack.json', fs.readFileSync(await pack.path(), 'utf8'));

  // Another machine: its own workspace with the same items and a task of the same name and schema.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-e2e-other-'));
  const server = await startBrowserMode({ workspacePath: path.join(dir, 'other.accord'), port: 0, staticDir: process.env.ACCORD_STATIC_DIR ? path.resolve(process.env.ACCORD_STATIC_DIR) : undefined });
  try {
    const other: AppFixture = { server, workspacePath: path.join(dir, 'other.accord'), url: server.url };
    await importFiles(other, [plans], { dataset: 'review-plans' });
    await createTask(other, { name: 'packs', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ben'] });
    const there = await openAs(browser, other, 'lee', 'Lead');
    await new TasksPage(there).open('packs');
    const task = new TaskPage(there);

    await task.importPack(packFile);
    await expect(task.packFigure('Applied')).toHaveAttribute('aria-label', 'Applied: 3');
    await expect(task.packFigure('Submissions')).toHaveAttribute('aria-label', 'Submissions: 3');
    await expect(task.packFigure('Refused')).toHaveAttribute('aria-label', 'Refused: 0');
    await screenshot(there, 'pack-import-report');
    await task.closePackReport();
    await expect(task.progressRows.filter({ hasText: 'ana' })).toContainText('3/3');

    await task.importPack(packFile);
    await expect(task.packDialog).toContainText('Nothing new');
    await expect(task.packFigure('Applied')).toHaveAttribute('aria-label', 'Applied: 0');
    await expect(task.packFigure('Unchanged')).toHaveAttribute('aria-label', 'Unchanged: 3');
    await task.closePackReport();

    // The same pack, but pq-002 has changed since ana labelled it: her label on it is refused, with the reason.
    const json = JSON.parse(fs.readFileSync(packFile, 'utf8')) as { items: { externalId: string; contentHash: string }[] };
    json.items.find((i) => i.externalId === 'pq-002')!.contentHash = '0'.repeat(64);
    await task.importPack(tempFile('changed.accord-pack.json', JSON.stringify(json)));
    await expect(task.packFigure('Refused')).toHaveAttribute('aria-label', 'Refused: 1');
    await expect(task.packDialog.getByTestId('refused-label')).toContainText('pq-002');
    await expect(task.packDialog.getByTestId('refused-label')).toContainText('changed since these labels were made');
    await expect(task.packDialog).toContainText('1 was refused');
    await screenshot(there, 'pack-import-refused');

    const labels = await callApi<{ rater: string; value: string }[]>(other, 'labels.export', { task: 'packs', format: 'jsonl' }).then((e) =>
      (e as unknown as { content: string }).content.trim().split('\n').map((l) => JSON.parse(l) as { rater: string; value: string }),
    );
    expect(labels.map((l) => [l.rater, l.value])).toEqual([
      ['ana', 'Extremely Good'],
      ['ana', 'Bad'],
      ['ana', 'Good'],
    ]);
    expect([...pageErrors(here), ...pageErrors(there)]).toEqual([]);
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a crowd’s labels file counts the labels written while it imports', async ({ app, browser }) => {
  // 30 plans × 600 raters: a crowd release's shape (JUDGE-BENCH files carry 100+ raters), 18,000 labels.
  await importReviewPlans(app, 30);
  await createTask(app, { name: 'crowd', schema: { json: await composedSchema(app, 'plan-review', ['plan-quality']) }, datasets: ['review-plans'] });
  const raters = Array.from({ length: 600 }, (_, r) => `rater ${r + 1}`);
  const plans = Array.from({ length: 30 }, (_, i) => `pq-${String(i + 1).padStart(3, '0')}`);
  const rows = plans.flatMap((plan) => raters.map((rater) => `${plan},,overall_quality,${rater},Good,`));
  const file = tempFile('crowd.csv', ['item,unit,question,rater,value,rationale', ...rows].join('\n'));
  const page = await openAs(browser, app, 'lea', 'Lead');
  await new TasksPage(page).open('crowd');
  const task = new TaskPage(page);
  // Every state of the bar the page renders, recorded in the page: the import takes about a second.
  await page.locator('body').evaluate((body) => {
    const view = body.ownerDocument.defaultView!;
    const shown: string[] = [];
    (view as unknown as { labelsProgressShown: string[] }).labelsProgressShown = shown;
    new view.MutationObserver(() => {
      const bar = body.querySelector('[data-testid="labels-import-progress"]');
      if (bar && bar.querySelector('[role="progressbar"]')) shown.push(bar.textContent ?? '');
    }).observe(body, { subtree: true, childList: true, characterData: true });
  });
  await task.importLabels(file);
  await expect(task.labelImportReport).toContainText('18,000 added', { timeout: 60_000 });
  await expect(page.getByTestId('labels-import-progress')).toHaveCount(0);
  const shown = await page.locator('body').evaluate((body) => (body.ownerDocument.defaultView as unknown as { labelsProgressShown: string[] }).labelsProgressShown);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((text) => /^Importing labels from crowd\.csv: [\d,]+ of 18,000 labels$/.test(text))).toBe(true);
});
