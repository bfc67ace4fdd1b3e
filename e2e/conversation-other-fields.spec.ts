import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importFiles, itemIdOf } from './api';
import { createTask, openAs } from './annotation';
import { openConversation, openGraphAt1400 } from './openViewer';
import { ConversationViewer } from './pages/ConversationViewer';
import { LabelingScreen } from './pages/LabelingScreen';
import { FIXTURES, expect, test } from './fixtures';

/*
 * Fields of a source that Accord's model does not know are kept on import in `extra` (on each
 * turn and on the record); the conversation viewer shows them, one click away, so nothing is
 * lost silently.
 */

const SIZE = { width: 1280, height: 800 };

/**
 * A chat whose messages carry fields of their own (a per-message rating, a language, an id; one
 * an integer beyond 2^53), and a record with two fields the model does not know (one a reward).
 * 40 turns, so the transcript's window leaves the first turns out of the DOM at its end.
 */
function writeRatedChat(): string {
  const messages = Array.from({ length: 40 }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: i % 2 === 0 ? `Question ${i / 2 + 1}: where is my parcel?` : `Answer ${(i + 1) / 2}: it is on its way.`,
    rating: (i % 5) + 1,
    lang: 'en',
    message_id: `m-${i}`,
    ...(i === 3 && { trace_id: 'BEYOND_2_53' }),
  }));
  // The integer beyond 2^53 goes into the text as its digits (a JavaScript number would round it to …992).
  const line = JSON.stringify({ id: 'rated-chat', collected_by: 'crafted', reward: 1, messages }).replace('"BEYOND_2_53"', '9007199254740993');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-rated-'));
  const file = path.join(dir, 'rated-chat.jsonl');
  fs.writeFileSync(file, `${line}\n`);
  return file;
}

test("ToolBench's Finish call, kept on the final answer turn, opens from the turn by a click and by the keyboard", async ({ page, app }) => {
  await importFiles(app, [path.join(FIXTURES, 'releases', 'toolbench-function-call.jsonl')]);
  await page.setViewportSize(SIZE);
  const viewer = await openConversation(page, app, 'toolbench-g1-order-4411');
  // Turns: 0 system, 1 user, 2 the Thought, 3 the call, 4 its output, 5 the answer Finish gave
  // (electron/services/import/releaseFunctionCall.test.ts); only the answer kept a field.
  const answer = viewer.turn(5);
  await expect(answer).toHaveAttribute('data-role', 'assistant');
  await expect(answer.getByTestId('turn-text')).toHaveText('Order 4411 has shipped.');
  await expect(viewer.transcript.getByTestId('turn-other-fields')).toHaveCount(1);
  const toggle = viewer.turnOtherFields(5);
  await expect(toggle).toHaveText('Other fields (1)');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(viewer.otherFieldsJson(answer)).toHaveCount(0);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const json = viewer.otherFieldsJson(answer);
  // The call as the file wrote it: its arguments are JSON text, kept as the string they are.
  await expect(json).toContainText('"function_call": {');
  await expect(json).toContainText('"name": "Finish"');
  await expect(json).toContainText('\\"return_type\\": \\"give_answer\\"');
  await expect(json).toContainText('\\"final_answer\\": \\"Order 4411 has shipped.\\"');
  await viewer.transcript.scrollIntoViewIfNeeded();
  await answer.scrollIntoViewIfNeeded();
  await page.mouse.move(1200, 10);
  await page.screenshot({ path: '/tmp/h62-finish-other-fields.png' });

  // Closed again by a click; opened and closed from the keyboard (a real button).
  await toggle.click();
  await expect(json).toHaveCount(0);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(viewer.otherFieldsJson(answer)).toContainText('"name": "Finish"');
  await page.keyboard.press(' ');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test("a chat's own fields show on its turns and the record's once under the scenario; an opened turn pushes the next one down and is still open after scrolling away", async ({ page, app }) => {
  await importFiles(app, [writeRatedChat()]);
  await page.setViewportSize(SIZE);
  const viewer = await openConversation(page, app, 'rated-chat');

  // The record's fields the model does not know: collected_by and reward, shown once.
  const record = viewer.recordOtherFields();
  await expect(record).toHaveText('Other fields of the record (2)');
  await record.click();
  await expect(viewer.otherFieldsJson(viewer.scenario)).toHaveText('{\n  "collected_by": "crafted",\n  "reward": 1\n}');
  await page.mouse.move(1200, 10);
  await page.screenshot({ path: '/tmp/h62-record-other-fields.png' });

  // Turn 1 kept rating 2, lang and message_id; turn 3 also its trace id, an integer beyond 2^53, written bare as in the file.
  await expect(viewer.turnOtherFields(1)).toHaveText('Other fields (3)');
  await viewer.turnOtherFields(3).click();
  await expect(viewer.otherFieldsJson(viewer.turn(3))).toContainText('"trace_id": 9007199254740993');

  // Opening turn 1 makes its row taller; the windowed list measures it and moves turn 2 below it.
  const before = (await viewer.turn(1).boundingBox())!;
  await viewer.turnOtherFields(1).click();
  await expect(viewer.otherFieldsJson(viewer.turn(1))).toHaveText('{\n  "rating": 2,\n  "lang": "en",\n  "message_id": "m-1"\n}');
  await expect.poll(async () => (await viewer.turn(1).boundingBox())!.height).toBeGreaterThan(before.height + 60);
  await expect
    .poll(async () => {
      const opened = (await viewer.turn(1).boundingBox())!;
      const next = (await viewer.turn(2).boundingBox())!;
      return next.y - (opened.y + opened.height);
    })
    .toBeGreaterThanOrEqual(0);

  // Scrolled to the end, turn 1 leaves the DOM; back at the top it is still open.
  await viewer.scrollTranscriptToEnd(39);
  await expect(viewer.turn(1)).toHaveCount(0);
  await viewer.transcript.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(viewer.turnOtherFields(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(viewer.otherFieldsJson(viewer.turn(1))).toContainText('"message_id": "m-1"');
});

test('an annotator of a task that hides scores sees the fields the source kept, without its ratings and rewards', async ({ app, browser }) => {
  await importFiles(app, [writeRatedChat()], { dataset: 'chats' });
  const task = await createTask(app, { name: 'validity', schema: { preset: 'conversation-validity' }, datasets: ['chats'], annotators: ['ana'] });
  const page = await openAs(browser, app, 'ana', 'Annotator', `#/tasks/${task}/label/${await itemIdOf(app, 'rated-chat')}`, SIZE);
  await new LabelingScreen(page).currentItem();
  const viewer = new ConversationViewer(page);
  // The server leaves out score fields (electron/core/blindness/automaticScores.ts): the rating of each message, the record's reward.
  await expect(viewer.turnOtherFields(1)).toHaveText('Other fields (2)');
  await viewer.turnOtherFields(1).click();
  await expect(viewer.otherFieldsJson(viewer.turn(1))).toHaveText('{\n  "lang": "en",\n  "message_id": "m-1"\n}');
  await expect(viewer.recordOtherFields()).toHaveText('Other fields of the record (1)');
  await viewer.recordOtherFields().click();
  await expect(viewer.otherFieldsJson(viewer.scenario)).toHaveText('{\n  "collected_by": "crafted"\n}');
});

test("the graph inspector shows a node's other fields with the same block, an integer beyond 2^53 bare", async ({ page, app }) => {
  // The demo graph (fixtures/graph-password-reset.json) with two fields its model does not know on node A.
  const graph = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'graph-password-reset.json'), 'utf8')) as { title: string; nodes: Record<string, unknown>[] };
  graph.nodes[0] = { ...graph.nodes[0], owner: 'ops', ticket: 'BEYOND_2_53' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-graph-'));
  const file = path.join(dir, 'graph-with-owner.json');
  fs.writeFileSync(file, JSON.stringify(graph).replace('"BEYOND_2_53"', '9007199254740993'));
  await importFiles(app, [file]);
  const { viewer } = await openGraphAt1400(page, app, graph.title);
  await viewer.selectNode('A');
  const section = viewer.nodeInspector.getByRole('region', { name: 'Other fields' });
  await expect(section).toContainText('Kept from the source as written.');
  await expect(section.getByTestId('other-fields-json')).toHaveText('{\n  "owner": "ops",\n  "ticket": 9007199254740993\n}');
});
