import { callApi } from './api';
import { createTask, importReviewPlans, openAs, pageErrors } from './annotation';
import type { Browser, Page } from '@playwright/test';
import { expect, screenshot, test, type AppFixture } from './fixtures';
import { AdjudicationScreens } from './pages/AdjudicationScreens';
import { AppShell } from './pages/AppShell';

/** ana and ben answer overall quality of the three review plans and submit; they disagree on pq-002 and pq-003. */
async function disagreeingTask(app: AppFixture): Promise<{ task: number; items: Record<string, number> }> {
  await importReviewPlans(app);
  const task = await createTask(app, { name: 'settle', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ana', 'ben'] });
  const rows = (await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { kind: 'plan' })).rows;
  const answers: Record<string, Record<string, string>> = {
    ana: { 'pq-001': 'Extremely Good', 'pq-002': 'Bad', 'pq-003': 'Good' },
    ben: { 'pq-001': 'Extremely Good', 'pq-002': 'Very Good', 'pq-003': 'Acceptable' },
  };
  for (const [annotator, byItem] of Object.entries(answers)) {
    for (const row of rows) {
      await callApi(app, 'labels.save', { task, itemId: row.id, question: 'overall_quality', value: byItem[row.externalId] }, annotator);
      await callApi(app, 'labels.submit', { task, itemId: row.id }, annotator);
    }
  }
  return { task, items: Object.fromEntries(rows.map((r) => [r.externalId, r.id])) };
}

/** ada, as adjudicator, on `route` (an item of the task, with its query), once its answers show. */
async function openItemAsAdjudicator(app: AppFixture, browser: Browser, route: string): Promise<{ page: Page; screens: AdjudicationScreens }> {
  const page = await openAs(browser, app, 'ada', 'Adjudicator', route);
  const screens = new AdjudicationScreens(page);
  await screens.groups.first().waitFor();
  return { page, screens };
}

const goldOf = async (app: AppFixture, task: number, itemId: number) => (await callApi<{ value: unknown; rationale: string | null }[]>(app, 'gold.list', { task, itemId }))[0];

test('the gold note: Esc leaves it so 1, 2, j work again; a note typed before gold waits through moving on and is saved with it, one typed after gold updates it', async ({ app, browser }) => {
  const { task, items } = await disagreeingTask(app);
  const { page, screens } = await openItemAsAdjudicator(app, browser, `#/adjudication/${task}/items/${items['pq-002']}`);
  const note = screens.note('overall_quality');

  // Keys typed in the note stay there; Esc leaves it and the keys work again.
  await note.click();
  await page.keyboard.type('ben read step 2 as 1 j k ?');
  await page.keyboard.press('Escape');
  await expect(note).not.toBeFocused();
  await expect(note).toHaveValue('ben read step 2 as 1 j k ?');
  await expect(screens.itemId).toHaveText('pq-002');
  await expect(page.getByRole('dialog', { name: 'Keyboard' })).toBeHidden();
  await screenshot(page, 'adjudication-note-typed');

  // j moves on before any gold is chosen; coming back with k, the note is still there.
  await page.keyboard.press('j');
  await expect(screens.itemId).toHaveText('pq-003');
  await page.keyboard.press('k');
  await expect(screens.itemId).toHaveText('pq-002');
  await expect(screens.note('overall_quality')).toHaveValue('ben read step 2 as 1 j k ?');
  // 2 picks ben's answer as gold, the note saved with it.
  await page.keyboard.press('2');
  await expect(screens.settled).toContainText('1 of 1 disagreement settled');
  expect(await goldOf(app, task, items['pq-002'])).toMatchObject({ value: 'Very Good', rationale: 'ben read step 2 as 1 j k ?' });
  // 2 again, the gold as it stands: said briefly, nothing written, no "changed from Very Good to Very Good" in the log.
  await expect(page.getByTestId('gold-edit')).toHaveCount(1);
  await page.keyboard.press('2');
  await expect(page.getByText('overall_quality is already gold: Very Good')).toBeVisible();
  await screenshot(page, 'adjudication-already-gold');
  await expect(page.getByTestId('gold-edit')).toHaveCount(1);
  expect(await callApi<unknown[]>(app, 'gold.history', { task, itemId: items['pq-002'] })).toHaveLength(1);

  // A note typed after gold is saved onto it when the field is left.
  await page.keyboard.press('j');
  await expect(screens.itemId).toHaveText('pq-003');
  // The answers of pq-003 are in (its gold keys act on them) once it says what is settled.
  await expect(screens.settled).toContainText('0 of 1 disagreement settled');
  await page.keyboard.press('1');
  await expect(screens.settled).toContainText('1 of 1 disagreement settled');
  await screens.note('overall_quality').click();
  await page.keyboard.type('good enough');
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await goldOf(app, task, items['pq-003'])).rationale).toBe('good enough');
  expect(await goldOf(app, task, items['pq-003'])).toMatchObject({ value: 'Good' });
  expect(pageErrors(page)).toEqual([]);
});

test('k right after j goes back: the queue around the item is kept while the next item loads, not asked for afresh', async ({ app, browser }) => {
  const { task, items } = await disagreeingTask(app);
  const { page, screens } = await openItemAsAdjudicator(app, browser, `#/adjudication/${task}/items/${items['pq-002']}`);
  await expect(page.getByText('1 of 2 · 2 open')).toBeVisible();
  // From now on the queue answers slowly: an item screen that asked for it afresh had no
  // neighbours to move to until it came back, so k did nothing.
  await page.route('**/api/call/adjudication.queue', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await page.keyboard.press('j');
  await expect(screens.itemId).toHaveText('pq-003');
  await screens.groups.first().waitFor();
  await page.keyboard.press('k');
  // Without the queue kept, k found no neighbour and was dropped: the screen stayed on pq-003 for good.
  await expect(screens.itemId).toHaveText('pq-002');
});

test("an annotator sent an adjudication item's link gets the refusal, and the queue around it is not even asked for", async ({ app, browser }) => {
  const { task, items } = await disagreeingTask(app);
  const page = await openAs(browser, app, 'ana', 'Annotator');
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const item = page.waitForResponse('**/api/call/items.get');
  await new AppShell(page).goto(`#/adjudication/${task}/items/${items['pq-002']}`);
  await expect(new AdjudicationScreens(page).refusal).toBeVisible();
  // The page asks for the item and the queue together: once the item has come back, a queue request would have gone out.
  await item;
  expect(asked.filter((p) => p.endsWith('/adjudication.queue'))).toEqual([]);
});

test('Backspace goes back to the queue, its filter kept and the item selected; in the note it deletes a letter', async ({ app, browser }) => {
  const { task, items } = await disagreeingTask(app);
  const { page, screens } = await openItemAsAdjudicator(app, browser, `#/adjudication/${task}/items/${items['pq-003']}?settled=1`);
  // In the note, Backspace is the text's.
  const note = screens.note('overall_quality');
  await note.click();
  await page.keyboard.type('ok!');
  await page.keyboard.press('Backspace');
  await expect(note).toHaveValue('ok');
  await expect(screens.itemId).toHaveText('pq-003');
  await page.keyboard.press('Escape');
  // The cheat sheet names the key.
  await page.keyboard.press('?');
  await expect(page.getByTestId('cheat-sheet')).toContainText('Back to the queue');
  await page.keyboard.press('?');
  await expect(page.getByTestId('cheat-sheet')).toBeHidden();
  await page.keyboard.press('Backspace');
  // The queue as it was left (settled items shown), with pq-003 — its second entry — selected: Enter opens it again.
  await expect(page).toHaveURL(new RegExp(`#/adjudication/${task}\\?settled=1$`));
  await expect(page.getByRole('switch', { name: 'Show settled items' })).toBeChecked();
  await expect(screens.entries).toHaveCount(2);
  await expect(screens.entries.nth(1)).toContainText('pq-003');
  await expect(screens.entries.nth(1)).toHaveAttribute('aria-selected', 'true');
  await screenshot(page, 'adjudication-back-to-queue');
  await page.keyboard.press('Enter');
  await expect(screens.itemId).toHaveText('pq-003');
  await expect(page).toHaveURL(/\?settled=1$/);
  expect(pageErrors(page)).toEqual([]);
});

test('j on the last item and k on the first say so instead of doing nothing', async ({ app, browser }) => {
  const { task, items } = await disagreeingTask(app);
  const { page, screens } = await openItemAsAdjudicator(app, browser, `#/adjudication/${task}/items/${items['pq-002']}`);
  await expect(screens.position).toHaveText('1 of 2 · 2 open');
  await page.keyboard.press('k');
  await expect(page.getByText('First item of the queue — nothing before it')).toBeVisible();
  await expect(screens.itemId).toHaveText('pq-002');

  await page.keyboard.press('2');
  await expect(screens.position).toHaveText('1 of 2 · 1 open');
  await page.keyboard.press('j');
  await expect(screens.itemId).toHaveText('pq-003');
  await expect(screens.settled).toContainText('0 of 1 disagreement settled');
  // The last item, still open, and nothing else open: j has nowhere to go.
  await page.keyboard.press('j');
  await expect(page.getByText('Last item of the queue — the only one left to settle')).toBeVisible();
  await page.keyboard.press('1');
  await expect(screens.position).toHaveText('2 of 2 · 0 open');
  await page.keyboard.press('j');
  await expect(page.getByText('Last item of the queue — every disagreement is settled')).toBeVisible();
  await screenshot(page, 'adjudication-last-item');
  await expect(screens.itemId).toHaveText('pq-003');
  expect(pageErrors(page)).toEqual([]);
});

test('a gold key pressed while the next item’s answers load applies once they are in, on that item only', async ({ app, browser }) => {
  const { task, items } = await disagreeingTask(app);
  const { page, screens } = await openItemAsAdjudicator(app, browser, `#/adjudication/${task}/items/${items['pq-002']}`);

  // j: pq-003's header shows, its answers are held back; ↓ and then 1 are pressed before they come.
  let answers = await screens.holdAnswers();
  await page.keyboard.press('j');
  await expect(screens.itemId).toHaveText('pq-003');
  await expect(screens.groups).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('1');
  await expect(screens.waitingKey).toContainText('waits for the answers');
  await screenshot(page, 'adjudication-key-waits');
  expect(await callApi<unknown[]>(app, 'gold.list', { task, itemId: items['pq-003'] })).toEqual([]);
  await answers.release();
  // Dropped before, the 1 now sets the first answer (ana's Good) as gold.
  await expect(screens.settled).toContainText('1 of 1 disagreement settled');
  await expect(screens.waitingKey).toBeHidden();
  expect(await goldOf(app, task, items['pq-003'])).toMatchObject({ value: 'Good' });

  // A key pressed on an item left before its answers came is dropped with it.
  answers = await screens.holdAnswers();
  await page.keyboard.press('k');
  await expect(screens.itemId).toHaveText('pq-002');
  await page.keyboard.press('2');
  await expect(screens.waitingKey).toBeVisible();
  await page.keyboard.press('j');
  await expect(screens.itemId).toHaveText('pq-003');
  await expect(screens.waitingKey).toBeHidden();
  await answers.release();
  await expect(screens.settled).toContainText('1 of 1 disagreement settled');
  await expect(page.getByRole('dialog', { name: 'Why change gold?' })).toBeHidden();
  expect(await goldOf(app, task, items['pq-003'])).toMatchObject({ value: 'Good' });
  expect(await callApi<unknown[]>(app, 'gold.list', { task, itemId: items['pq-002'] })).toEqual([]);
  expect(pageErrors(page)).toEqual([]);
});
