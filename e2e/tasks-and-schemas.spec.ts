import fs from 'node:fs';
import { callApi } from './api';
import { importReviewPlans } from './annotation';
import { expect, screenshot, test } from './fixtures';
import { AppShell } from './pages/AppShell';
import { CreateTaskDialog } from './pages/CreateTaskDialog';
import { TaskPage } from './pages/TaskPage';
import { TasksPage } from './pages/TasksPage';
import { WhoAreYou } from './pages/WhoAreYou';

test('the app asks who you are once, remembers it, and switches person and role from the top bar; roles gate what you see', async ({ page, app }) => {
  const shell = new AppShell(page);
  await shell.open(app.url, '#/datasets');
  // Browsing data needs no name; annotation does.
  await expect(page.getByRole('form', { name: 'Who are you' })).toHaveCount(0);
  await shell.navigate('Tasks');
  const who = new WhoAreYou(page);
  // Each role's help is a caption: its lines as close as a caption's (about 20 px), not spread to the body text's 24.
  const lineSpacing = await who.form.getByText(/^Labels items;/).evaluate((help) => {
    const range = help.ownerDocument.createRange();
    range.selectNodeContents(help);
    const tops = [...new Set([...range.getClientRects()].map((line) => Math.round(line.top)))];
    return tops.length > 1 ? tops[1] - tops[0] : null;
  });
  expect(lineSpacing).not.toBeNull();
  expect(lineSpacing!).toBeLessThanOrEqual(20);
  await who.signIn('ana', 'Annotator');
  await expect(new TasksPage(page).newTaskButton).toBeDisabled();
  await page.reload();
  await expect(who.identityButton).toContainText('ana');
  await expect(who.identityButton).toContainText('Annotator');
  await shell.navigate('Adjudication');
  await expect(page.getByRole('heading', { name: 'Adjudication is for adjudicators and leads' })).toBeVisible();

  await who.switchTo('ana', 'Adjudicator');
  await expect(page.getByRole('heading', { name: 'Adjudication', level: 1 })).toBeVisible();
  const annotators = await callApi<{ name: string; role: string }[]>(app, 'annotators.list');
  expect(annotators).toEqual([expect.objectContaining({ name: 'ana', role: 'adjudicator' })]);
});

test('the schema editor checks the schema live, exports it as JSON, and a task is created from the imported file', async ({ page, app }) => {
  test.setTimeout(120_000);
  await importReviewPlans(app);
  const shell = new AppShell(page);
  await shell.open(app.url, '#/tasks');
  await new WhoAreYou(page).signIn('lea', 'Lead');
  await new TasksPage(page).newTaskButton.click();
  const dialog = new CreateTaskDialog(page);
  await dialog.choosePreset('Plan quality');
  await dialog.customize();
  const editor = dialog.editor;
  const validity = editor.getByTestId('schema-validity');
  await expect(validity).toHaveText('Valid');

  // A new score question given an id that is taken: the service says what is wrong, where.
  await editor.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('menuitem', { name: /^Score/ }).click();
  const question = editor.getByTestId('question-editor');
  await question.getByRole('textbox', { name: 'Id', exact: true }).fill('overall_quality');
  await expect(validity).toHaveText('1 problem');
  await expect(question.getByText('"overall_quality" is already the id of questions[0]')).toBeVisible();
  await question.getByRole('textbox', { name: 'Id', exact: true }).fill('executability');
  await question.getByLabel('Question', { exact: true }).fill('Could every step run as written?');
  // click + a retrying assertion: under load the re-render can land after check()'s one look.
  const allowNA = question.getByRole('switch', { name: 'N/A allowed' });
  await allowNA.click();
  await expect(allowNA).toBeChecked();
  await expect(validity).toHaveText('Valid');

  // A per-step text question, then turned into tags: the answers carry over, the scope stays.
  await editor.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('menuitem', { name: /^Nominal/ }).click();
  await question.getByRole('textbox', { name: 'Id', exact: true }).fill('step_verdict');
  await question.getByRole('combobox', { name: 'Asked about' }).click();
  await page.getByRole('option', { name: 'Each plan step' }).click();
  await question.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Tags' }).click();
  await expect(question.getByTestId('choice-row')).toHaveCount(2);
  await question.getByRole('textbox', { name: 'Value 1' }).fill('bad;value');
  await expect(validity).toHaveText('1 problem');
  await expect(question.getByText('value must not contain ";"')).toBeVisible();
  await question.getByRole('textbox', { name: 'Value 1' }).fill('redundant');
  await editor.getByLabel('Schema id').fill('plan-review');
  await editor.getByLabel('Title', { exact: true }).fill('Plan review');
  await expect(validity).toHaveText('Valid');
  await screenshot(page, 'schema-editor-custom');

  const download = page.waitForEvent('download');
  await editor.getByRole('button', { name: 'Export JSON' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { id: string; questions: { id: string; type: string; scope: string; allowNA: boolean }[] };
  expect(exported.id).toBe('plan-review');
  expect(exported.questions.map((q) => [q.id, q.type, q.scope])).toEqual([
    ['overall_quality', 'ordinal', 'item'],
    ['executability', 'score', 'item'],
    ['step_verdict', 'multilabel', 'step'],
  ]);
  expect(exported.questions[1].allowNA).toBe(true);
  await editor.getByRole('button', { name: 'Cancel' }).click();

  // The exported file, imported into the dialog, becomes the task's schema.
  await dialog.dialog.getByTestId('task-schema-file-input').setInputFiles(file);
  await expect(dialog.dialog.getByRole('combobox', { name: 'Schema' })).toContainText('Plan review');
  await expect(dialog.dialog.getByRole('list', { name: 'Questions of the schema' })).toContainText('step_verdict');
  await dialog.name('custom review');
  await dialog.datasets(['review-plans']);
  // An autocomplete's option list stands off the form with a menu's shadow and edge; flat, its
  // names read as more of the dialog's fields.
  await dialog.dialog.getByRole('combobox', { name: 'Annotators' }).click();
  const optionList = page.locator('.MuiAutocomplete-paper').filter({ has: page.getByRole('option', { name: 'lea' }) });
  await expect(optionList).toBeVisible();
  expect(await optionList.evaluate((paper) => paper.ownerDocument.defaultView!.getComputedStyle(paper).boxShadow)).not.toBe('none');
  await dialog.annotators(['ana']);
  await dialog.create();
  await expect(new TaskPage(page).name).toHaveText('custom review');
  const task = await callApi<{ schema: { id: string; questions: { id: string }[] } }>(app, 'tasks.get', { task: 'custom review' });
  expect(task.schema.id).toBe('plan-review');
  expect(task.schema.questions.map((q) => q.id)).toEqual(['overall_quality', 'executability', 'step_verdict']);
});

test('Esc on the new-task dialog closes it at once when nothing was entered, and asks first when something was', async ({ page, app }) => {
  await importReviewPlans(app);
  const shell = new AppShell(page);
  await shell.open(app.url, '#/tasks');
  await new WhoAreYou(page).signIn('lea', 'Lead');
  const tasks = new TasksPage(page);
  const dialog = new CreateTaskDialog(page);

  await tasks.newTaskButton.click();
  await dialog.dialog.waitFor();
  await page.keyboard.press('Escape');
  await expect(dialog.dialog).toBeHidden();

  await tasks.newTaskButton.click();
  await dialog.name('round 1');
  await dialog.datasets(['review-plans']);
  await dialog.annotators(['ana']);
  await page.keyboard.press('Escape');
  await expect(dialog.discardQuestion).toBeVisible();
  await expect(dialog.discardQuestion).toContainText('You entered the name, the datasets and the annotators');
  await screenshot(page, 'create-task-discard-question');
  // Keep editing: everything is still there.
  await dialog.discardQuestion.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.discardQuestion).toBeHidden();
  await expect(dialog.dialog.getByLabel('Task name')).toHaveValue('round 1');
  await expect(dialog.dialog.getByRole('button', { name: 'ana' })).toBeVisible();
  // Asked again, Discard closes both.
  await page.keyboard.press('Escape');
  await dialog.discardQuestion.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog.dialog).toBeHidden();
  await expect(tasks.rows).toHaveCount(0);
});

test('the tasks list lines its progress bars up in one column, whatever the names and counts beside them', async ({ page, app }) => {
  await importReviewPlans(app, 3, 'few-plans');
  await importReviewPlans(app, 12, 'more-plans');
  await callApi(app, 'tasks.create', { name: 'short names', schema: { preset: 'plan-quality' }, datasets: ['few-plans'], annotators: ['al', 'bo'], seed: 1 });
  const long = 'maximiliana-von-der-schulenburg';
  await callApi(app, 'tasks.create', { name: 'long names', schema: { preset: 'plan-quality' }, datasets: ['more-plans'], annotators: [long, 'ben', 'cy'], seed: 1 });
  await page.setViewportSize({ width: 1280, height: 720 });
  const shell = new AppShell(page);
  await shell.open(app.url, '#/tasks');
  await new WhoAreYou(page).signIn('lea', 'Lead');
  const tasks = new TasksPage(page);
  await expect(tasks.rows).toHaveCount(2);
  const lefts = async (task: string) => {
    const bars = tasks.row(task).getByRole('progressbar');
    await expect(bars.first()).toBeVisible();
    return bars.evaluateAll((all) => all.map((bar) => Math.round(bar.getBoundingClientRect().left)));
  };
  const short = await lefts('short names');
  const longer = await lefts('long names');
  expect(short).toHaveLength(2);
  expect(longer).toHaveLength(3);
  // One x for every bar of both tasks: the names' column is as wide in each row.
  expect(new Set([...short, ...longer]).size).toBe(1);
  // The long name ends in an ellipsis, whole on hover.
  await expect(tasks.row('long names').getByTitle(long)).toBeVisible();
  // And the row's actions stay inside a 1280-px window.
  const adjudicate = await tasks.row('long names').getByRole('link', { name: 'Adjudicate' }).boundingBox();
  expect(adjudicate && adjudicate.x + adjudicate.width).toBeLessThanOrEqual(1280 - 16);
  // When each task was made: the day on one line, the time under it (it broke over three lines).
  const created = tasks.row('long names').getByTestId('task-created');
  await expect(created.locator(':scope > *')).toHaveCount(2);
  for (const line of await created.locator(':scope > *').all()) expect(await line.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, 'tasks-progress-aligned-1280');
});
