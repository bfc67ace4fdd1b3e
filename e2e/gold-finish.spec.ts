import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importFiles, itemIdOf } from './api';
import { createTask, openAs } from './annotation';
import { openConversation } from './openViewer';
import { ConversationViewer } from './pages/ConversationViewer';
import { LabelingScreen } from './pages/LabelingScreen';
import { FIXTURES, expect, test } from './fixtures';

/*
 * A ToolBench gold trace that lists `Finish`, ToolBench's termination, is not scored on import
 * (electron/core/formats/conversations/finishAction.ts, splitExpectedTrace): the entry is kept
 * in the payload's expectedTerminations. The trace table shows it muted where the gold listed
 * it, with its final_answer, beside the agent's own final answer.
 */

const SIZE = { width: 1280, height: 800 };
const FIXTURE = path.join(FIXTURES, 'releases', 'toolbench-gold-finish.jsonl');

test("the gold's Finish shows in the trace table where the gold listed it, not scored, linked to the agent's final answer", async ({ page, app }) => {
  await importFiles(app, [FIXTURE]);
  await page.setViewportSize(SIZE);
  // Gold [track{88}, getorder{4412}, Finish give_answer]; turns 0 system, 1 user, 2 Thought, 3 track,
  // 4 its output, 5 Thought, 6 getorder, 7 its output, 8 the answer the agent's Finish gave.
  const viewer = await openConversation(page, app, 'toolbench-gold-finish-answer');

  // The scored calls: two rows, both matches, numbered 1 and 2; the header counts them only.
  await expect(viewer.traceRows).toHaveCount(2);
  await expect(viewer.traceRows.getByTestId('trace-verdict')).toHaveText(['Match', 'Match']);
  await expect(viewer.tracePanel).toContainText('2 calls expected · 2 calls made');
  await expect(viewer.tracePanel.getByTestId('trace-verdict-summary')).toHaveText('Exact match');

  // The gold's Finish, after them (its source place expected_tool_trace[2]), with its arguments.
  const finish = viewer.traceTerminations();
  await expect(finish).toHaveCount(1);
  await expect(finish.getByTestId('trace-expected')).toContainText('Finish');
  await expect(finish.getByTestId('trace-termination-place')).toHaveText('expected_tool_trace[2]');
  await expect(finish.getByTestId('trace-expected')).toContainText('return_type:"give_answer"');
  await expect(finish.getByTestId('trace-expected')).toContainText('final_answer:"Parcel 88 is in transit; order 4412 is processing."');
  await expect(finish.getByTestId('trace-verdict')).toHaveText('ToolBench’s termination — not scored');
  await expect(finish).toHaveText(/^\s*Finish/);
  // No row number: "#" and "Expected #N" count the scored calls.
  await expect(finish.locator('> *').first()).toHaveText('');
  // In the table's order: the two calls, then the Finish.
  const order = await viewer.tracePanel.getByTestId('trace-alignment').locator('[data-testid="trace-row"], [data-testid="trace-termination"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
  expect(order).toEqual(['trace-row', 'trace-row', 'trace-termination']);

  // The actual column: the agent's final answer at turn 8, its text.
  await expect(finish.getByTestId('trace-termination-turn')).toHaveText('turn 8');
  await expect(finish.getByTestId('trace-termination-answer')).toHaveText('Parcel 88 is in transit; order 4412 is processing.');
  await viewer.scrollIntoView();
  await page.mouse.move(1270, 790);
  await page.screenshot({ path: '/tmp/h65-gold-finish.png' });

  // A click selects the final answer turn and scrolls the transcript to it.
  await finish.click();
  await expect(page).toHaveURL(/unit=turn%3A8/);
  await expect(viewer.turn(8)).toHaveAttribute('aria-current', 'true');
  await expect(viewer.turn(8)).toHaveAttribute('data-role', 'assistant');
  await expect(viewer.turn(8)).toBeInViewport();
  await expect(finish).toHaveAttribute('aria-current', 'true');
  await page.screenshot({ path: '/tmp/h65-gold-finish-selected.png' });
});

test("a gold Finish without arguments shows as such, linked to the agent's answer; a Finish that is a real tool stays a scored row", async ({ page, app }) => {
  await importFiles(app, [FIXTURE]);
  await page.setViewportSize(SIZE);
  // Gold [search{q Oslo}, {name: Finish}]: turns 0 system, 1 user, 2 Thought, 3 search, 4 its output, 5 the answer.
  const bare = await openConversation(page, app, 'toolbench-gold-finish-bare');
  await expect(bare.traceRows).toHaveCount(1);
  const finish = bare.traceTerminations();
  await expect(finish.getByTestId('trace-termination-place')).toHaveText('expected_tool_trace[1]');
  await expect(finish.getByTestId('trace-expected')).toContainText('no arguments');
  await expect(finish.getByTestId('trace-termination-turn')).toHaveText('turn 5');
  await expect(finish.getByTestId('trace-termination-answer')).toHaveText('Oslo opened its new library today.');

  // An output answers the agent's Finish: a tool here, scored on both sides, no termination row.
  const tool = await openConversation(page, app, 'finish-is-a-real-tool');
  await expect(tool.traceRows).toHaveCount(2);
  await expect(tool.traceRow('Finish')).toHaveAttribute('data-status', 'match');
  await expect(tool.traceTerminations()).toHaveCount(0);
});

/**
 * A ToolBench episode of 9 calls (page_for_api, n 1…9, each answered), then its Finish give_answer;
 * the gold lists the same 9 calls (n 5 written 50: one difference) and its own Finish.
 */
function writeLongEpisode(): string {
  const messages: unknown[] = [{ role: 'user', content: 'Read pages 1 to 9.' }];
  const gold: unknown[] = [];
  for (let n = 1; n <= 9; n++) {
    messages.push({ role: 'assistant', content: null, function_call: { name: 'page_for_api', arguments: JSON.stringify({ n }) } });
    messages.push({ role: 'function', name: 'page_for_api', content: `{"error": "", "response": "page ${n}"}` });
    gold.push({ name: 'page_for_api', arguments: { n: n === 5 ? 50 : n } });
  }
  messages.push({ role: 'assistant', content: null, function_call: { name: 'Finish', arguments: JSON.stringify({ return_type: 'give_answer', final_answer: 'Read all nine.' }) } });
  gold.push({ name: 'Finish', arguments: { return_type: 'give_answer', final_answer: 'Read all nine.' } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-long-finish-'));
  const file = path.join(dir, 'long-finish.jsonl');
  fs.writeFileSync(file, `${JSON.stringify({ id: 'long-finish', messages, expected_tool_trace: gold })}\n`);
  return file;
}

test('in a long trace folded to its differences, the gold Finish (no difference) folds away with the matches and comes back with them', async ({ page, app }) => {
  await importFiles(app, [writeLongEpisode()]);
  await page.setViewportSize(SIZE);
  // Turns: 0 user, then call and output for n = 1…9 (turns 1…18), 19 the final answer.
  const viewer = await openConversation(page, app, 'long-finish');
  await expect(viewer.traceRows).toHaveCount(1);
  await expect(viewer.traceRows.first()).toHaveAttribute('data-turn', '9');
  await expect(viewer.traceTerminations()).toHaveCount(0);
  await viewer.tracePanel.getByTestId('trace-show-all').click();
  await expect(viewer.traceRows).toHaveCount(9);
  await expect(viewer.traceTerminations()).toHaveCount(1);
  await expect(viewer.traceTerminations().getByTestId('trace-termination-turn')).toHaveText('turn 19');
  await expect(viewer.traceTerminations().getByTestId('trace-termination-place')).toHaveText('expected_tool_trace[9]');
});

test("an annotator of a task that hides scores sees no comparison, so no gold Finish either", async ({ app, browser }) => {
  await importFiles(app, [FIXTURE], { dataset: 'gold-finish' });
  const task = await createTask(app, { name: 'validity', schema: { preset: 'conversation-validity' }, datasets: ['gold-finish'], annotators: ['ana'] });
  const page = await openAs(browser, app, 'ana', 'Annotator', `#/tasks/${task}/label/${await itemIdOf(app, 'toolbench-gold-finish-answer')}`, SIZE);
  await new LabelingScreen(page).currentItem();
  const viewer = new ConversationViewer(page);
  // The calls made only (electron/core/blindness/automaticScores.ts leaves the metrics out).
  await expect(viewer.tracePanel.getByTestId('trace-aside')).toContainText('the comparison with the expected trace and its scores are hidden while you label');
  await expect(viewer.traceRows).toHaveCount(2);
  await expect(viewer.traceRows.nth(0)).toHaveAttribute('data-status', 'actual');
  await expect(viewer.traceTerminations()).toHaveCount(0);
  await expect(viewer.tracePanel).not.toContainText('Finish');
  await expect(viewer.tracePanel).not.toContainText('not scored');
  await page.screenshot({ path: '/tmp/h65-gold-finish-blind.png' });
});
