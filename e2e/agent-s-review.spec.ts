import path from 'node:path';
import { RELEASES } from '../electron/testing/fixtures';
import { callApi, importFiles, itemIdOf } from './api';
import { createTask, openAs, pageErrors } from './annotation';
import { appLink, expect, screenshot, test } from './fixtures';
import { LabelingScreen } from './pages/LabelingScreen';

// Issue 18 part 8, Agent-S SOP execution review: fixtures/releases/agent-s-sessions.jsonl (two
// SOPs × two models; s-103 continues past its failed get_payment_status) and the marks of
// agent-s-labels.csv. An annotator reviews a session step by step beside its SOP; the steps the
// continuation rule makes incorrect are marked so, apart from any human mark; the lead reads the
// report (figures counted by hand in electron/cli/sopReview.test.ts and the service test).

async function agentSTask(app: Parameters<typeof importFiles>[0]): Promise<number> {
  await importFiles(app, [path.join(RELEASES, 'agent-s-sessions.jsonl')]);
  return createTask(app, { name: 'agent-s', schema: { preset: 'agent-s-step-review' }, datasets: ['agent-s-sessions'], annotators: ['ana', 'ben'] });
}

test('an annotator reviews a session step by step beside its SOP, and sees the steps incorrect by rule', async ({ app, browser }) => {
  test.setTimeout(90_000);
  const taskId = await agentSTask(app);
  const item = await itemIdOf(app, 's-103');
  const page = await openAs(browser, app, 'ana', 'Annotator', `#/tasks/${taskId}/label/${item}`, { width: 1440, height: 900 });
  const labeling = new LabelingScreen(page);
  expect(await labeling.currentItem()).toBe('s-103');

  const viewer = page.getByTestId('sop-session-viewer');
  await expect(viewer).toBeVisible();
  await expect(page.getByTestId('sop-outline').getByRole('listitem')).toHaveCount(9);
  const steps = viewer.locator('[data-testid^="sop-step-"][aria-current], [data-testid^="sop-step-"]').filter({ has: page.getByTestId('sop-step-type') });
  await expect(steps).toHaveCount(4);
  await expect(page.getByTestId('sop-step-1').getByTestId('sop-step-status')).toHaveText('fail');
  await expect(page.getByTestId('sop-step-1').getByTestId('sop-step-type')).toHaveText('API call');
  await expect(page.getByTestId('sop-continued-past')).toBeVisible();
  // Steps 3 and 4 are incorrect by rule; steps 1 and 2 are not.
  await expect(page.getByTestId('sop-step-2').getByTestId('sop-ruled-chip')).toHaveText('incorrect by rule');
  await expect(page.getByTestId('sop-step-3').getByTestId('sop-ruled-chip')).toBeVisible();
  await expect(page.getByTestId('sop-step-1').getByTestId('sop-ruled-chip')).toHaveCount(0);
  await expect(page.getByTestId('sop-rule-alert')).toContainText('steps 3, 4 are incorrect by rule');
  // The unit picker names steps from 1, with the rule beside them.
  await expect(page.getByRole('navigation', { name: 'steps to label' })).toBeVisible();
  // A step the rule decides needs no mark: it counts as done; step 1 still waits for its state.
  await expect(labeling.unit('turn:2')).toHaveAttribute('data-state', 'done');
  await expect(labeling.unit('turn:2')).toHaveAttribute('aria-label', /^Step 3/);
  await expect(labeling.unit('turn:0')).toHaveAttribute('data-state', 'empty');
  await expect(labeling.unit('turn:2')).toContainText('tell_release_date · incorrect by rule');

  // ] moves to the next step: the viewer selects it and highlights its SOP line (state 2 → "2. Check the payment …").
  await labeling.unit('turn:0').click();
  await page.keyboard.press(']');
  await expect(page.getByTestId('sop-step-1')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByTestId('sop-line-3')).toHaveAttribute('aria-current', 'step');
  // The annotator marks step 2: state correct, action correct (the call was right; the API failed).
  for (const question of ['state', 'action']) await labeling.question(question).getByRole('radio', { name: 'Correct', exact: true }).click();
  await expect(labeling.saveStatus).toContainText(/Saved/i);
  await page.mouse.move(700, 10);
  await screenshot(page, 'agent-s-review-labeling');
  expect(pageErrors(page)).toEqual([]);
});

test("the item page shows the SOP outline beside the execution memory, with keyboard steps", async ({ app, browser }) => {
  await importFiles(app, [path.join(RELEASES, 'agent-s-sessions.jsonl')]);
  const item = await itemIdOf(app, 's-202');
  const page = await openAs(browser, app, 'lea', 'Lead', '#/tasks', { width: 1440, height: 900 });
  await page.goto(appLink(app, `#/items/${item}`));
  const viewer = page.getByTestId('sop-session-viewer');
  await expect(viewer).toContainText('SOP listing-blocked · model llama-3.1-70b · 7 steps · 1 failed');
  // A failure followed by external knowledge is handled: no rule.
  await expect(page.getByTestId('sop-rule-alert')).toHaveCount(0);
  await expect(viewer.getByTestId('sop-ruled-chip')).toHaveCount(0);
  await expect(page.getByTestId('sop-step-4').getByTestId('sop-step-type')).toHaveText('external knowledge');
  for (let i = 0; i < 4; i++) await page.keyboard.press(']');
  await expect(page.getByTestId('sop-step-3')).toHaveAttribute('aria-current', 'step');
  await expect(page).toHaveURL(/unit=turn(:|%3A)3/);
  // State 2.2.b is the line "b) Update the price (update_listing_price)", line 9 of the SOP text.
  await expect(page.getByTestId('sop-line-9')).toHaveAttribute('aria-current', 'step');
  await page.keyboard.press('[');
  await expect(page.getByTestId('sop-step-2')).toHaveAttribute('aria-current', 'step');
  await page.mouse.move(700, 10);
  await screenshot(page, 'agent-s-review-item');
});

test('the lead reads state and action accuracy per SOP and model, with their n, and one rater alone', async ({ app, browser }) => {
  test.setTimeout(90_000);
  const taskId = await agentSTask(app);
  await callApi(app, 'labels.import', { task: taskId, source: { path: path.join(RELEASES, 'agent-s-labels.csv') } });
  await callApi(app, 'adjudication.setGold', { task: taskId, itemId: await itemIdOf(app, 's-101'), unit: 'turn:4', question: 'action', value: 'incorrect' });
  const page = await openAs(browser, app, 'lea', 'Lead', `#/tasks/${taskId}`, { width: 1440, height: 1000 });
  await page.getByRole('link', { name: 'Agent-S report' }).click();
  const report = page.getByTestId('sop-review-report');
  await expect(report).toBeVisible();
  // By consensus with s-101 step 5's action settled by gold: state 26/29, action 25/26 (service test).
  await expect(page.getByTestId('sop-state-accuracy')).toContainText('89.7%');
  await expect(page.getByTestId('sop-state-accuracy')).toContainText('26 / 29');
  await expect(page.getByTestId('sop-action-accuracy')).toContainText('96.2%');
  await expect(page.getByTestId('sop-action-accuracy')).toContainText('25 / 26');
  const bySop = page.getByTestId('sop-by-sop-row');
  await expect(bySop).toHaveCount(2);
  await expect(bySop.nth(1)).toContainText('payment-hold');
  await expect(bySop.nth(1)).toContainText('12 / 14');
  await expect(bySop.nth(1)).toContainText('11 / 12');
  await expect(page.getByTestId('sop-by-model-row').nth(1)).toContainText('14 / 16');
  await expect(page.getByTestId('sop-by-both-row')).toHaveCount(4);
  await expect(page.getByTestId('sop-ruled-sessions')).toContainText('s-103 (payment-hold, llama-3.1-70b): steps 3, 4 — failed step 2 was continued past');
  await page.mouse.move(700, 10);
  await screenshot(page, 'agent-s-report');

  // ben alone: 21/25 states, 20/21 actions.
  await page.getByTestId('sop-review-marks').click();
  await page.getByRole('option', { name: 'ben alone' }).click();
  await expect(page.getByTestId('sop-state-accuracy')).toContainText('21 / 25');
  await expect(page.getByTestId('sop-action-accuracy')).toContainText('20 / 21');
});
