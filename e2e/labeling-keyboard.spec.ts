import path from 'node:path';
import { callApi, importFiles } from './api';
import { composedSchema, createTask, importReviewPlans, openAs, pageErrors } from './annotation';
import { FIXTURES, expect, screenshot, test } from './fixtures';
import { LabelingScreen } from './pages/LabelingScreen';
import { TasksPage } from './pages/TasksPage';

const GRAPHS = ['graph-damaged-item.json', 'graph-password-reset.json', 'graph-rebook-flight.txt'].map((f) => path.join(FIXTURES, f));

/** SOP graph review (three pass/fail questions) plus an optional per-node check that allows N/A. */
async function graphReviewTask(app: Parameters<typeof callApi>[0]) {
  const schema = (await composedSchema(app, 'graph-review', ['sop-graph-review'])) as { questions: unknown[] };
  schema.questions.push({ id: 'node_ok', type: 'binary', scope: 'node', title: 'Is this node right?', options: ['yes', 'no'], allowNA: true, required: false });
  await importFiles(app, GRAPHS, { dataset: 'graphs' });
  await createTask(app, { name: 'graphs', schema: { json: schema }, datasets: ['graphs'], annotators: ['ana'] });
}

async function labelsOf(app: Parameters<typeof callApi>[0], task: string, externalId: string, viewer: string) {
  const row = (await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { search: externalId })).rows.find((r) => r.externalId === externalId)!;
  return callApi<{ own: { unit: string; question: string; value: unknown; na: boolean; rationale: string | null; secondsSpent: number }[] }>(app, 'labels.list', { task, itemId: row.id }, viewer);
}

test('an SOP graph labeled with the keyboard only: pass/fail keys, arrows between questions, a rationale, N/A on a node, undo, skip and back', async ({ app, browser }) => {
  test.setTimeout(120_000);
  await graphReviewTask(app);
  const page = await openAs(browser, app, 'ana', 'Annotator');
  await new TasksPage(page).label('graphs');
  const screen = new LabelingScreen(page);
  const first = await screen.currentItem();

  // p passes the focused question and moves on; f fails the next; ↑ goes back to change it.
  await screen.keys('p', 'f', 'ArrowUp', 'p');
  await expect(screen.question('logical_structure').getByRole('radio', { name: 'Pass' })).toHaveAttribute('aria-checked', 'true');
  await expect(screen.question('coherence').getByRole('radio', { name: 'Pass' })).toHaveAttribute('aria-checked', 'true');
  // Shift+Enter writes the rationale of the focused question; Esc leaves the field.
  await screen.keys('ArrowUp', 'Shift+Enter');
  await page.keyboard.type('steps follow the procedure');
  await screen.keys('Escape', 'Tab', 'p', 'x');
  await expect(screen.question('node_ok').getByRole('button', { name: 'Not applicable' })).toHaveAttribute('aria-pressed', 'true');
  await screen.saved();
  await expect(screen.units.first()).toHaveAttribute('data-state', 'done');
  // ] moves to the next node (the labeling keys win over the graph viewer's own).
  await screen.keys(']');
  await expect(screen.units.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(640, 26);
  await screenshot(page, 'labeling-graph');
  await screen.submit();

  const saved = await labelsOf(app, 'graphs', first, 'ana');
  const byQuestion = Object.fromEntries(saved.own.map((l) => [l.question, l]));
  expect(byQuestion.logical_structure).toMatchObject({ value: 'pass', rationale: null });
  expect(byQuestion.coherence).toMatchObject({ value: 'pass', rationale: 'steps follow the procedure' });
  expect(byQuestion.complexity).toMatchObject({ value: 'pass' });
  expect(byQuestion.node_ok).toMatchObject({ na: true, value: null });
  expect(byQuestion.node_ok.unit).toMatch(/^node:/);
  // Time on the item is measured and saved with the labels.
  expect(saved.own.reduce((sum, l) => sum + l.secondsSpent, 0)).toBeGreaterThan(0);

  // u undoes the last change; s puts the item aside; k goes back to it.
  const second = await screen.currentItem();
  await screen.keys('f');
  await expect(screen.question('logical_structure').getByRole('radio', { name: 'Fail' })).toHaveAttribute('aria-checked', 'true');
  await screen.saved();
  await screen.keys('u');
  await expect(page.getByText('Undid logical_structure')).toBeVisible();
  await expect(screen.question('logical_structure').getByRole('radio', { name: 'Fail' })).toHaveAttribute('aria-checked', 'false');
  await screen.keys('s');
  await expect(screen.itemId).not.toHaveText(second);
  await screen.keys('k');
  await expect(screen.itemId).toHaveText(second);
  await expect(screen.status).toHaveText('Skipped');
  // Submitting with a required question unanswered is refused, saying which.
  await screen.keys('Enter');
  await expect(screen.actionError).toContainText('still unanswered');
  expect((await labelsOf(app, 'graphs', second, 'ana')).own).toEqual([]);
  expect(pageErrors(page)).toEqual([]);
});

test('? opens the cheat sheet with every key of the task, and closes it again', async ({ app, browser }) => {
  await importReviewPlans(app, 1);
  await createTask(app, { name: 'keys', schema: { json: await composedSchema(app, 'plan-review', ['plan-quality', 'plan-step-tags']) }, datasets: ['review-plans'], annotators: ['ana'] });
  const page = await openAs(browser, app, 'ana', 'Annotator');
  await new TasksPage(page).label('keys');
  const screen = new LabelingScreen(page);
  await screen.currentItem();
  await screen.keys('?');
  await expect(screen.cheatSheet).toBeVisible();
  for (const text of ['Next item', 'Skip this item for now', 'Submit this item', 'Undo the last change', 'Extremely Good', 'Toggle “Incorrect tool”', 'Next node, step or turn']) {
    await expect(screen.cheatSheet).toContainText(text);
  }
  await screenshot(page, 'cheat-sheet');
  await screen.keys('?');
  await expect(screen.cheatSheet).toBeHidden();
  // The cheat sheet took no key for itself: 7 still answers the focused question.
  await screen.keys('7');
  await expect(screen.question('overall_quality').getByRole('radio', { name: 'Extremely Good' })).toHaveAttribute('aria-checked', 'true');
  await expect(screen.question('overall_quality').getByRole('radio', { name: 'Extremely Good' }).getByLabel('Tier A+')).toBeVisible();
});

test('a conversation with per-turn questions: ] and [ move between turns and the viewer follows; a refused save says so and retries', async ({ app, browser }) => {
  await importFiles(app, [path.join(FIXTURES, 'conversations-roles.json')], { dataset: 'conversations' });
  const schema = (await composedSchema(app, 'conversation-review', ['conversation-validity'])) as { questions: unknown[] };
  schema.questions.push({ id: 'turn_issues', type: 'multilabel', scope: 'turn', title: 'What is wrong with this turn?', tags: [{ value: 'off_script', label: 'Off script' }, { value: 'wrong_tool', label: 'Wrong tool' }, { value: 'invented_fact', label: 'Invented fact' }], required: false });
  await createTask(app, { name: 'conversations', schema: { json: schema }, datasets: ['conversations'], annotators: ['ana'] });
  const page = await openAs(browser, app, 'ana', 'Annotator');
  await page.setViewportSize({ width: 1280, height: 800 });
  await new TasksPage(page).label('conversations');
  const screen = new LabelingScreen(page);
  await screen.currentItem();
  await expect(page).toHaveURL(/unit=turn%3A0|unit=turn:0/);
  await screen.keys('1', ']', ']');
  await expect(page).toHaveURL(/unit=turn(%3A|:)2/);
  await expect(screen.unit('turn:2')).toHaveAttribute('aria-pressed', 'true');
  await screen.keys('2', '3');
  await screen.saved();
  await expect(screen.unit('turn:2')).toHaveAttribute('data-state', 'done');
  await screen.keys('[');
  await expect(page).toHaveURL(/unit=turn(%3A|:)1/);
  await screenshot(page, 'labeling-conversation');

  // The service refuses the next save: the answer is taken back on screen and the error is plain; Retry saves it.
  await page.route('**/api/call/labels.save', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: false, error: { code: 'internal', message: 'the disk is full' } }) }));
  await screen.keys('1');
  await expect(page.getByTestId('save-error')).toContainText('was not saved: the disk is full');
  await expect(page.locator('[data-testid="save-status"][data-state="error"]')).toContainText('Not saved');
  await expect(screen.question('turn_issues').getByRole('checkbox', { name: 'Off script' })).toHaveAttribute('aria-checked', 'false');
  await page.unroute('**/api/call/labels.save');
  await page.getByRole('button', { name: 'Retry' }).click();
  await screen.saved();
  await expect(screen.question('turn_issues').getByRole('checkbox', { name: 'Off script' })).toHaveAttribute('aria-checked', 'true');
  expect(pageErrors(page)).toEqual([]);
});

test('typing a rationale never fires a shortcut: Shift+Enter after an answer moved on opens that answer’s rationale, Esc leaves it, the text is saved verbatim and nothing else changes', async ({ app, browser }) => {
  test.setTimeout(120_000);
  await graphReviewTask(app);
  const page = await openAs(browser, app, 'ana', 'Annotator');
  await new TasksPage(page).label('graphs');
  const screen = new LabelingScreen(page);
  const first = await screen.currentItem();
  const typed = 'skip p 1 2 j k ] [ ? x u f Enter';
  const text = typed.replace(' Enter', '');

  // p answers the first question and moves on to the second; Shift+Enter opens the rationale
  // of the answer just given, and every key typed goes into it.
  await screen.keys('p');
  await expect(screen.question('coherence')).toHaveAttribute('data-focused', 'true');
  await screen.keys('Shift+Enter');
  await expect(screen.rationale('logical_structure')).toBeFocused();
  await page.keyboard.type(text);
  await expect(screen.rationale('logical_structure')).toHaveValue(text);
  await expect(screen.cheatSheet).toBeHidden();
  // Esc leaves the field and gives the keyboard back where the answer had sent it.
  await screen.keys('Escape');
  await expect(screen.rationale('logical_structure')).not.toBeFocused();
  await expect(screen.question('coherence')).toHaveAttribute('data-focused', 'true');
  await screen.saved();
  await expect(screen.itemId).toHaveText(first);

  // A question not answered yet takes its rationale too: kept until the answer, saved with it.
  await screen.keys('Shift+Enter');
  await expect(screen.rationale('coherence')).toBeFocused();
  await page.keyboard.type('2 k s');
  await screen.keys('Escape', 'f');
  await expect(screen.question('coherence').getByRole('radio', { name: 'Fail' })).toHaveAttribute('aria-checked', 'true');
  await screen.saved();
  await screenshot(page, 'labeling-rationale-typed');

  // Nothing else changed: same item, no other answer, no unit moved, no N/A, not skipped.
  await expect(screen.itemId).toHaveText(first);
  await expect(screen.question('complexity').getByRole('radio', { name: 'Pass' })).toHaveAttribute('aria-checked', 'false');
  await expect(screen.units.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(screen.status).not.toHaveText('Skipped');
  const saved = await labelsOf(app, 'graphs', first, 'ana');
  expect(saved.own.map((l) => [l.question, l.value, l.na, l.rationale]).sort()).toEqual([
    ['coherence', 'fail', false, '2 k s'],
    ['logical_structure', 'pass', false, text],
  ]);
  expect(pageErrors(page)).toEqual([]);
});

test('every choice, move and submit shows its key on the control and in the cheat sheet', async ({ app, browser }) => {
  await graphReviewTask(app);
  const page = await openAs(browser, app, 'ana', 'Annotator');
  await new TasksPage(page).label('graphs');
  const screen = new LabelingScreen(page);
  await screen.currentItem();
  for (const [name, key] of [['Undo', 'u'], ['Previous item', 'k'], ['Skip item', 's'], ['Next item', 'j'], ['Submit', '↵']] as const) {
    await expect(page.getByRole('button', { name: new RegExp(`^${name}`) }).locator('kbd')).toHaveText(key);
  }
  await expect(screen.question('coherence').getByRole('radio', { name: 'Pass' }).locator('kbd')).toHaveText('p');
  await expect(screen.question('node_ok').getByRole('button', { name: 'Not applicable' }).locator('kbd')).toHaveText('x');
  await screenshot(page, 'labeling-keys-on-controls');
  await screen.keys('?');
  for (const text of ['Next item', 'Previous item', 'Skip this item for now', 'Submit this item', 'Undo the last change', 'Pass', 'Fail', 'Not applicable', 'Write the rationale']) {
    await expect(screen.cheatSheet).toContainText(text);
  }
});

test('in a 1440-px window a long item id gives way in the header: the save status stays on one line', async ({ app, browser }) => {
  // The first OTLP trace names no conversation: its id is the 32-character trace id.
  await importFiles(app, [path.join(FIXTURES, 'releases', 'otlp-genai-traces.json')], { dataset: 'chats' });
  const task = await createTask(app, { name: 'chats', schema: { preset: 'conversation-quality' }, datasets: ['chats'], annotators: ['ana'] });
  const hashed = (await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', {})).rows.find((r) => r.externalId.length >= 32)!;
  const page = await openAs(browser, app, 'ana', 'Annotator', `#/tasks/${task}/label/${hashed.id}`, { width: 1440, height: 900 });
  const screen = new LabelingScreen(page);
  await screen.currentItem();
  await expect(screen.itemId).toHaveText(hashed.externalId);
  const lines = await screen.saveStatus.locator('.MuiTypography-root').evaluate((text) => {
    const range = text.ownerDocument.createRange();
    range.selectNodeContents(text);
    return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size;
  });
  expect(lines).toBe(1);
  await page.mouse.move(700, 26);
  await screenshot(page, 'labeling-header-long-id-1440');
});
