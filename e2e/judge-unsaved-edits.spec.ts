import { callApi } from './api';
import { AppShell } from './pages/AppShell';
import { openJudgesAs } from './pages/JudgeRunPages';
import { JudgesPage } from './pages/JudgesPage';
import { expect, screenshot, test } from './fixtures';

// The size the walkthrough that found the lost edits used.
test.use({ viewport: { width: 1280, height: 800 } });

const EDIT = ' Be strict about dependencies.';
const CHANGED = 'Edited — not saved';

test('leaving an edited judge asks first: which judge, what changed and where to; Esc keeps the edits, Discard drops them; the next judge opens at its title', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url, '#/judges');
  const judges = new JudgesPage(page);
  await judges.select('Plan metrics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan metrics');
  await judges.appendToTemplate('System message', EDIT);
  await expect(page.getByText(CHANGED)).toBeVisible();
  // Read further down the prompt, as someone editing does: the title scrolls out of view.
  await judges.template('User message').hover();
  await page.mouse.wheel(0, 600);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();

  // Another judge in the list: the question, naming the judge whose edits would go.
  await judges.select('Plan step tags');
  const dialog = judges.unsavedDialog();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Unsaved edits to “Plan metrics”');
  await expect(dialog).toContainText('You changed the system message of this judge (preset plan-metrics@');
  await expect(dialog).toContainText('going to “Plan step tags” discards them');
  // The safe answer has the focus: Enter or Esc keeps editing.
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await screenshot(page, 'judge-unsaved-dialog');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan metrics');
  await expect(judges.template('System message')).toHaveValue(new RegExp(`${EDIT}$`));
  await expect(judges.listItems.filter({ hasText: 'Plan metrics' })).toHaveClass(/Mui-selected/);

  // Another page of the menu, and the browser's Back button, are held the same way.
  await shell.navigate('Datasets');
  await expect(dialog).toContainText('going to the Datasets page discards them');
  await judges.answerUnsaved('Keep editing');
  await expect(dialog).toBeHidden();
  await page.goBack();
  await expect(dialog).toContainText('going to “Plan quality (reference-based)” discards them');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/judges\/plan-metrics%40/);
  await expect(judges.template('System message')).toHaveValue(new RegExp(`${EDIT}$`));

  // Discard: the other judge opens, scrolled to its title, not to where the last one was.
  await judges.select('Plan step tags');
  await judges.answerUnsaved('Discard edits');
  await expect(dialog).toBeHidden();
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Plan step tags');
  await expect(title).toBeInViewport();
  expect(await judges.detail().evaluate((el) => el.scrollTop)).toBe(0);
  await screenshot(page, 'judge-unsaved-after-switch');
  // The discarded edits are gone, as asked; the judge is as stored, and leaving it asks nothing.
  await judges.select('Plan metrics');
  await expect(title).toHaveText('Plan metrics');
  await expect(judges.template('System message')).not.toHaveValue(new RegExp(`${EDIT}$`));
  await shell.navigate('Datasets');
  await expect(page).toHaveURL(/#\/datasets/);
});

test('Save version in the question stores the edits as a new version, then goes where the person was going', async ({ page, app }) => {
  await openJudgesAs(page, app.url, '#/judges', 'ada', 'Adjudicator');
  const judges = new JudgesPage(page);
  await judges.select('Plan metrics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan metrics');
  await judges.appendToTemplate('System message', EDIT);
  await judges.select('Plan step tags');
  await judges.answerUnsaved('Save version');
  await expect(judges.unsavedDialog()).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan step tags');

  const stored = (await callApi<{ id: string; origin: string; version: string; definition: { template: { system: string } } }[]>(app, 'judges.list')).filter((j) => j.id === 'plan-metrics' && j.origin === 'workspace');
  expect(stored).toHaveLength(1);
  expect(stored[0].definition.template.system.endsWith(EDIT)).toBe(true);
  await expect(judges.list.getByRole('button', { name: `Plan metrics ${stored[0].version}` })).toBeVisible();

  // The editor's own Save version shows the new version, and asks nothing on the way.
  await judges.appendToTemplate('System message', EDIT);
  await page.getByRole('button', { name: 'Save version' }).click();
  await expect(page.getByText('Workspace', { exact: true })).toBeVisible();
  await expect(judges.unsavedDialog()).toBeHidden();
  await expect(page.getByText(CHANGED)).toBeHidden();
  await expect(judges.template('System message')).toHaveValue(new RegExp(`${EDIT}$`));
});

test('the edits outlive a change elsewhere in the workspace; closing the tab with them asks the browser’s question, and without them does not', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url, '#/judges');
  const judges = new JudgesPage(page);
  await judges.select('Plan metrics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan metrics');
  await judges.appendToTemplate('System message', EDIT);
  await expect(page.getByText(CHANGED)).toBeVisible();

  // Someone else changes the workspace (here: a person added and renamed): the library reloads.
  const reloaded = page.waitForResponse((response) => response.url().endsWith('/api/call/judges.list'));
  await callApi(app, 'annotators.identify', { name: 'zoe', role: 'annotator' }, 'zoe');
  await callApi(app, 'annotators.rename', { name: 'zoe', newName: 'zoe-b' });
  await reloaded;
  await expect(judges.template('System message')).toHaveValue(new RegExp(`${EDIT}$`));
  await expect(page.getByText(CHANGED)).toBeVisible();

  // Closing the tab: the browser asks (its own words); staying keeps the page and the edits.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(judges.template('System message')).toHaveValue(new RegExp(`${EDIT}$`));

  // Reverted: nothing to lose, so the tab closes without a question.
  await page.getByRole('button', { name: 'Revert' }).click();
  await expect(page.getByText(CHANGED)).toBeHidden();
  let questions = 0;
  page.on('dialog', (d) => {
    questions += 1;
    void d.dismiss();
  });
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(questions).toBe(0);
});
