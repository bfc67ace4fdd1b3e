import fs from 'node:fs';
import { callApi } from './api';
import { createTask, importReviewPlans, openAs, pageErrors } from './annotation';
import { expect, screenshot, test, type AppFixture } from './fixtures';
import { AdjudicationScreens } from './pages/AdjudicationScreens';
import { AppShell } from './pages/AppShell';
import { TaskPage } from './pages/TaskPage';
import { TasksPage } from './pages/TasksPage';

/** ana and ben answer overall quality of the three review plans and submit; they disagree on pq-002. */
async function labelBoth(app: AppFixture, task: string) {
  const items = await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { kind: 'plan' });
  const answers: Record<string, Record<string, string>> = {
    ana: { 'pq-001': 'Extremely Good', 'pq-002': 'Bad', 'pq-003': 'Good' },
    ben: { 'pq-001': 'Extremely Good', 'pq-002': 'Very Good', 'pq-003': 'Good' },
  };
  for (const [annotator, byItem] of Object.entries(answers)) {
    for (const row of items.rows) {
      await callApi(app, 'labels.save', { task, itemId: row.id, question: 'overall_quality', value: byItem[row.externalId] }, annotator);
      await callApi(app, 'labels.submit', { task, itemId: row.id }, annotator);
    }
  }
}

const readDownload = async (download: { path(): Promise<string | null> }) => fs.readFileSync((await download.path())!, 'utf8');

test('an annotator, who labels blind, is offered only their own pack; an adjudicator exports every rater’s labels and anyone’s pack', async ({ app, browser }) => {
  await importReviewPlans(app);
  await createTask(app, { name: 'blind', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ana', 'ben'] });
  await labelBoth(app, 'blind');

  // ana annotates: no all-raters export, no choice of whose pack, and a line saying why.
  const ana = await openAs(browser, app, 'ana', 'Annotator');
  await new TasksPage(ana).open('blind');
  const asAna = new TaskPage(ana);
  await expect(asAna.blindNote).toHaveText('You label blind, so exports of every rater’s labels and other annotators’ packs are for adjudicators and leads.');
  await expect(asAna.labelFilesButton('Export CSV')).toHaveCount(0);
  await expect(asAna.labelFilesButton('Export JSONL')).toHaveCount(0);
  await expect(asAna.labelFiles.getByLabel('Annotator')).toHaveCount(0);
  await expect(asAna.labelFilesButton('Import my labels…')).toBeVisible();
  await expect(asAna.labelFilesButton('Import label pack…')).toBeVisible();
  await asAna.labelFiles.scrollIntoViewIfNeeded();
  await screenshot(ana, 'task-label-files-annotator');

  // Her own pack: her labels only, none of ben's.
  const own = await asAna.exportOwnPack();
  expect(own.suggestedFilename()).toBe('blind.ana.accord-pack.json');
  const pack = JSON.parse(await readDownload(own)) as { annotator: { name: string }; labels: { value: string }[] };
  expect(pack.annotator.name).toBe('ana');
  expect(pack.labels.map((l) => l.value)).toEqual(['Extremely Good', 'Bad', 'Good']);
  await expect(ana.getByTestId('export-result')).toHaveText('Saved blind.ana.accord-pack.json: 3 labels of ana');

  // The server refuses the rest to her name too, whichever client asks.
  await expect(callApi(app, 'labels.export', { task: 'blind', format: 'csv' }, 'ana')).rejects.toThrow(
    "the labels export holds every rater's labels (export your own labels as a label pack), so labels.export is for adjudicators and leads; ana is an annotator",
  );
  await expect(callApi(app, 'packs.export', { task: 'blind', annotator: 'ben' }, 'ana')).rejects.toThrow("ben's label pack holds ben's labels");
  await expect(callApi(app, 'adjudication.queue', { task: 'blind' }, 'ana')).rejects.toThrow('ana is an annotator');

  // Adjudication refuses her with the same card as agreement.
  await new AppShell(ana).goto('#/adjudication');
  const adjudication = new AdjudicationScreens(ana);
  await expect(adjudication.refusal.getByRole('heading', { name: 'Adjudication is for adjudicators and leads' })).toBeVisible();
  await expect(adjudication.refusal).toContainText('You are signed in as ana, an annotator.');
  await expect(adjudication.refusal.getByRole('button', { name: 'Switch role' })).toBeVisible();
  await expect(ana.getByRole('table', { name: 'Tasks to adjudicate' })).toHaveCount(0);
  await screenshot(ana, 'adjudication-refused');

  // ada adjudicates: both exports hold every rater's labels, and ben's pack is hers to take.
  const ada = await openAs(browser, app, 'ada', 'Adjudicator');
  await new TasksPage(ada).open('blind');
  const asAda = new TaskPage(ada);
  await expect(asAda.blindNote).toHaveCount(0);
  const csv = await readDownload(await asAda.exportLabels('CSV'));
  expect(csv).toContain('pq-002,,overall_quality,ana,Bad,');
  expect(csv).toContain('pq-002,,overall_quality,ben,Very Good,');
  const jsonl = (await readDownload(await asAda.exportLabels('JSONL'))).trim().split('\n').map((l) => JSON.parse(l) as { rater: string });
  expect(jsonl.map((l) => l.rater).sort()).toEqual(['ana', 'ana', 'ana', 'ben', 'ben', 'ben']);
  const bens = await asAda.exportPack('ben');
  expect(bens.suggestedFilename()).toBe('blind.ben.accord-pack.json');
  expect((JSON.parse(await readDownload(bens)) as { labels: { value: string }[] }).labels.map((l) => l.value)).toEqual(['Extremely Good', 'Very Good', 'Good']);
  await new AppShell(ada).goto('#/adjudication');
  // Items to settle: pq-002, where ana said Bad and ben Very Good.
  await expect(ada.getByTestId('adjudication-task-row').filter({ hasText: 'blind' }).getByRole('cell').nth(2)).toHaveText('1');
  // The button and the headers keep to one line: beside a task with a long schema title, at 1280 px,
  // they broke in two ("Open / queue").
  const open = ada.getByTestId('adjudication-task-row').filter({ hasText: 'blind' }).getByRole('link', { name: 'Open queue' });
  const header = ada.getByRole('columnheader', { name: 'Items to settle' });
  for (const one of [open, header]) expect(await one.evaluate((e) => e.ownerDocument.defaultView!.getComputedStyle(e).whiteSpace)).toBe('nowrap');
  expect([...pageErrors(ana), ...pageErrors(ada)]).toEqual([]);
});
