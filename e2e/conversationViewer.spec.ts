import fs from 'node:fs';
import path from 'node:path';
import { longConversationRecord, writeLongConversation } from '../build/bench/longConversation';
import { importFiles, itemIdOf } from './api';
import { openConversation } from './openViewer';
import { AppShell } from './pages/AppShell';
import { ConversationViewer } from './pages/ConversationViewer';
import { ItemPage } from './pages/ItemPage';
import { FIXTURES, FORMATS, expect, screenshot, test, type AppFixture } from './fixtures';
import { withSlowCpu } from './slowCpu';

/**
 * A small hand-made conversation: a call nothing answers (call_b), an output that is not right
 * after its call, markup in a message and in a tool output, and a scenario with seed and persona.
 */
const CRAFTED = {
  id: 'crafted-unpaired',
  domain: 'retail',
  graph: 'Order return with refund',
  scenario: {
    type: 'failing_function',
    seed: 4242,
    persona: 'Impatient customer who types in short bursts',
    user_info: { email: 'sam.quinn@example.com', orderId: 'SO-7' },
  },
  messages: [
    { role: 'user', content: '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> where is my refund??' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_a', type: 'function', function: { name: 'Order Lookup', arguments: '{"orderId":"SO-7"}' } },
        { id: 'call_b', type: 'function', function: { name: 'Refund Status', arguments: '{"orderId":"SO-7"}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'call_a', content: '{"orderStatus":"delivered","note":"<b>left at the door</b>"}' },
    { role: 'assistant', content: 'Your order was delivered. I could not get the refund status.' },
  ],
};

test.describe('chat conversations', () => {
  test.beforeEach(async ({ app }) => {
    await importFiles(app, [path.join(FORMATS, 'conversations-chat.jsonl'), path.join(FIXTURES, 'conversations.jsonl')]);
  });

  test('turns read as a transcript, and each tool call sits on its output', async ({ page, app }) => {
    const viewer = await openConversation(page, app, 'conv-0001');
    await expect(viewer.transcriptSummary).toContainText('14 turns');
    await expect(viewer.turn(0)).toHaveAttribute('data-role', 'system');
    await expect(viewer.turn(1)).toHaveAttribute('data-role', 'user');
    await expect(viewer.turn(1)).toContainText("I'd like to return a lamp");

    // Turn 6 calls Return Policy Check (conversations-chat.jsonl); turn 7 is its output, joined below it.
    const call = viewer.turn(6);
    await expect(call).toHaveAttribute('data-role', 'tool_call');
    await expect(call.getByTestId('tool-name')).toHaveText('Return Policy Check');
    await expect(call.getByRole('tree', { name: 'Arguments of Return Policy Check' })).toContainText('orderId:"SO-1042"');
    await expect(call).toHaveAttribute('data-joins', 'next');
    const output = viewer.turn(7);
    await expect(output).toHaveAttribute('data-role', 'tool_output');
    await expect(output).toHaveAttribute('data-joins', 'previous');
    await expect(output.getByRole('tree', { name: 'Output of Return Policy Check' })).toContainText('daysSinceDelivery:12');
    // Matched against the expected trace: the second expected call, arguments equal.
    await expect(call.getByTestId('turn-trace-mark')).toHaveText('Expected #2');

    await expect(viewer.scenarioField('type')).toHaveText('Correct context');
    await expect(viewer.scenarioField('user-info')).toContainText('dana.k@example.com');
    await expect(viewer.scenarioField('journey')).toContainText('1235');
    await viewer.scrollIntoView();
    await screenshot(page, 'conversation-chat');
  });

  test("conv-0002's extra Return Policy Check call is marked, and Tool Call Accuracy is 0", async ({ page, app }) => {
    const viewer = await openConversation(page, app, 'conv-0002');
    // conversations-chat.jsonl: one expected call (Customer Lookup); the agent also checked the return policy.
    await expect(viewer.traceRows).toHaveCount(2);
    await expect(viewer.traceRow('Customer Lookup')).toHaveAttribute('data-status', 'match');
    const extra = viewer.traceRow('Return Policy Check');
    await expect(extra).toHaveAttribute('data-status', 'extra');
    await expect(extra.getByTestId('trace-verdict')).toHaveText('Extra');
    await expect(extra.getByTestId('trace-expected')).toHaveText('not expected');
    // TCA is 0 unless the sequence equals the expected one; tool precision 1/2, recall 1/1, F1 2/3.
    await expect(viewer.metric('toolCallAccuracy')).toHaveText('0.00');
    await expect(viewer.metric('toolPrecision')).toHaveText('0.50');
    await expect(viewer.metric('toolF1')).toHaveText('0.67');
    await expect(viewer.tracePanel.getByTestId('trace-verdict-summary')).toHaveText('Differs from the expected trace');
    await expect(viewer.scenarioField('type')).toHaveText('Missing parameter');
    await viewer.scrollIntoView();
    await screenshot(page, 'conversation-trace-alignment');

    // Clicking the row selects the turn of that call (turn 5) and marks it in the transcript.
    await extra.click();
    await expect(page).toHaveURL(/unit=turn%3A5/);
    await expect(viewer.turn(5)).toHaveAttribute('aria-current', 'true');
    await expect(viewer.turn(5).getByTestId('turn-trace-mark')).toHaveText('Extra call');
    await expect(viewer.turn(5)).toBeInViewport();
    await screenshot(page, 'conversation-trace-row-selects-turn');
  });

  test('a missing call (demo-conv-003), a parameter mismatch (demo-conv-006) and a misordered call (demo-conv-012) are marked', async ({ page, app }) => {
    // fixtures/conversations.jsonl: demo-conv-003 never rebooks the passenger.
    const skipped = await openConversation(page, app, 'demo-conv-003');
    const missing = skipped.traceRow('rebook_passenger');
    await expect(missing).toHaveAttribute('data-status', 'missing');
    await expect(missing.getByTestId('trace-actual')).toHaveText('never called');
    await expect(missing.getByTestId('trace-expected')).toContainText('booking_code');
    await expect(skipped.metric('toolRecall')).toHaveText('0.67');
    await expect(skipped.metric('toolCallAccuracy')).toHaveText('0.00');
    await expect(skipped.scenarioField('type')).toHaveText('Failing function');

    // demo-conv-006 searches alternatives for booking XI759 instead of XI75: 4 of 5 parameters match.
    const mismatched = await openConversation(page, app, 'demo-conv-006');
    const row = mismatched.traceRow('search_alternatives');
    await expect(row).toHaveAttribute('data-status', 'match');
    await expect(row.getByTestId('trace-verdict')).toHaveText('Parameters differ');
    const param = row.getByTestId('param-mismatch');
    await expect(param).toHaveAttribute('data-param', 'booking_code');
    await expect(param).toHaveAttribute('data-param-status', 'different');
    await expect(param).toContainText('"XI759"');
    await expect(row.getByTestId('trace-expected')).toContainText('"XI75"');
    await expect(mismatched.metric('toolCallAccuracy')).toHaveText('0.80');
    await expect(mismatched.metric('parameterMatch')).toHaveText('0.80');
    await expect(mismatched.turn(7).getByTestId('turn-trace-mark')).toHaveText('1 parameter differs');
    // The call itself says what was expected, under the arguments it sent.
    await expect(mismatched.turn(7).getByTestId('turn-expected-differences')).toContainText('booking_code expected "XI75"');

    // demo-conv-012 searches alternatives (turn 4) before finding the booking (turn 7).
    const reordered = await openConversation(page, app, 'demo-conv-012');
    await expect(reordered.traceRow('find_booking')).toHaveAttribute('data-status', 'misordered');
    await expect(reordered.traceRow('find_booking').getByTestId('trace-verdict')).toHaveText('Misordered');
    await expect(reordered.turn(7).getByTestId('turn-trace-mark')).toHaveText('Misordered · expected #1');
  });

  test('the graph’s User Journey Coverage is shown over its conversations', async ({ page, app }) => {
    const viewer = await openConversation(page, app, 'conv-0001');
    // conv-0001 (TCA 1) and conv-0002 (TCA 0) follow "Order return with refund": mean 0.50 over 2.
    await expect(viewer.metric('userJourneyCoverage')).toHaveText('0.50');
    await expect(viewer.tracePanel.locator('[data-metric="userJourneyCoverage"]')).toContainText('over 2 conversations');
  });

  test('a ?unit=turn:5 deep link selects turn 5 and scrolls to it; clicking a turn selects it', async ({ page, app }) => {
    const viewer = await openConversation(page, app, 'demo-conv-001', 'turn:5');
    const turn = viewer.turn(5);
    await expect(turn).toHaveAttribute('aria-current', 'true');
    await expect(turn).toBeInViewport();
    // fixtures/conversations.jsonl: turn 5 is the output of the Order Lookup call at turn 4.
    await expect(turn).toHaveAttribute('data-role', 'tool_output');
    await expect(turn).toContainText('orderStatus:"delivered"');

    await viewer.selectTurn(4);
    await expect(page).toHaveURL(/unit=turn%3A4/);
    await expect(viewer.turn(4)).toHaveAttribute('aria-current', 'true');
    await expect(turn).not.toHaveAttribute('aria-current', 'true');
    await viewer.selectTurn(4); // the number again: unselect
    await expect(page).not.toHaveURL(/unit=/);
  });

  test('j and k step through the items after opening a bare deep link', async ({ page, app }) => {
    const id = await itemIdOf(app, 'demo-conv-003');
    await new AppShell(page).open(app.url, `#/items/${id}`);
    const item = new ItemPage(page);
    await expect(item.externalId).toHaveText('demo-conv-003');
    // No list filter in the link: the whole workspace in id order (2 shared conversations first).
    await expect(item.position).toHaveText('5 of 32');
    await item.next();
    await expect(item.externalId).toHaveText('demo-conv-004');
    await expect(item.position).toHaveText('6 of 32');
    await item.previous();
    await item.previous();
    await expect(item.externalId).toHaveText('demo-conv-002');
    await expect(new ConversationViewer(page).root).toBeVisible();
  });
});

test.describe('conversation edge cases', () => {
  test('an unpaired tool call is flagged, and markup in messages and outputs is shown as text', async ({ page, app }) => {
    const file = test.info().outputPath('crafted-unpaired.jsonl');
    fs.writeFileSync(file, `${JSON.stringify(CRAFTED)}\n`);
    await importFiles(app, [file]);
    const viewer = await openConversation(page, app, 'crafted-unpaired');

    // Turn 2 (call_b) has no output: flagged on the turn, as a finding, and in the summary.
    const unanswered = viewer.turn(2);
    await expect(unanswered.getByTestId('tool-name')).toHaveText('Refund Status');
    await expect(unanswered.getByTestId('turn-unpaired')).toHaveText('No output — nothing answers this call');
    await expect(unanswered.getByTestId('turn-finding')).toContainText("tool call 'Refund Status' (call_b) has no output");
    await expect(viewer.transcriptSummary).toContainText('1 unanswered call');
    // call_a's output is not right after it: each half links to the other.
    await expect(viewer.turn(1).getByTestId('turn-pair-link')).toHaveText('Output at turn 3');
    await viewer.turn(3).getByTestId('turn-pair-link').click();
    await expect(page).toHaveURL(/unit=turn%3A1/);

    // Markup is text: the characters are on screen and nothing ran.
    await expect(viewer.turn(0).getByTestId('turn-text')).toHaveText('<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> where is my refund??');
    await expect(viewer.turn(3)).toContainText('"<b>left at the door</b>"');
    await expect(viewer.root.locator('script, img')).toHaveCount(0);
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();

    // No expected trace: the calls are listed, not scored.
    await expect(viewer.tracePanel).toContainText('no expected trace in the source');
    await expect(viewer.traceRows).toHaveCount(2);
    await expect(viewer.traceRow('Refund Status')).toContainText('no output');
    await expect(viewer.traceRow('Order Lookup')).not.toContainText('no output');
    // The scenario's seed, persona and user info.
    await expect(viewer.scenarioField('seed')).toHaveText('4242');
    await expect(viewer.scenarioField('persona')).toHaveText('Impatient customer who types in short bursts');
    await expect(viewer.scenarioField('user-info')).toContainText('sam.quinn@example.com');

    // The finding in the side list selects and shows its turn.
    await new ItemPage(page).finding('has no output').click();
    await expect(page).toHaveURL(/unit=turn%3A2/);
    await expect(unanswered).toHaveAttribute('aria-current', 'true');
    await screenshot(page, 'conversation-unpaired-call');
  });

  test('the event stream shows agent names and the latencies the user perceived', async ({ page, app }) => {
    await importFiles(app, [path.join(FORMATS, 'trajectory-events.jsonl')]);
    const viewer = await openConversation(page, app, '88213');
    // trajectory-events.jsonl: Router identifies the intent, AddressAgent answers in 0.84 s and 1.12 s.
    await expect(viewer.turn(1).getByTestId('turn-agent')).toHaveText('Router');
    await expect(viewer.turn(1).getByTestId('tool-name')).toHaveText('intent_identified');
    const answer = viewer.turn(3);
    await expect(answer).toHaveAttribute('data-role', 'assistant');
    await expect(answer.getByTestId('turn-agent')).toHaveText('AddressAgent');
    await expect(answer.getByTestId('turn-latency')).toHaveText('0.84 s');
    // Timestamps as time since the first turn: 1767225602.90 − 1767225601.52 = 1.38 s.
    await expect(answer.getByTestId('turn-time')).toHaveText('+0:01');
    await expect(viewer.turn(9).getByTestId('turn-latency')).toHaveText('1.12 s');
    await expect(viewer.renderedTurns.getByTestId('turn-agent')).toHaveText(['Router', 'Router', 'AddressAgent', 'AddressAgent', 'AddressAgent', 'AddressAgent', 'AddressAgent', 'AddressAgent']);
    await viewer.scrollIntoView();
    await screenshot(page, 'conversation-event-stream');
  });

  test('the roles format and the fixture event streams open with their calls paired', async ({ page, app }) => {
    await importFiles(app, [
      path.join(FORMATS, 'conversation-roles.json'),
      path.join(FIXTURES, 'conversations-roles.json'),
      path.join(FIXTURES, 'trajectory-demo-conv-035.jsonl'),
    ]);
    const roles = await openConversation(page, app, 'hotel-change-07');
    // An `api` turn: the call as written, read into name and arguments, answered by the next turn.
    const call = roles.turn(3);
    await expect(call.getByTestId('tool-name')).toHaveText('get_booking');
    await expect(call).toContainText("get_booking(booking_ref='HB-55812', last_name='Okafor')");
    await expect(call).toHaveAttribute('data-joins', 'next');
    await expect(roles.traceRows).toHaveCount(3);
    await expect(roles.scenarioField('journey')).toContainText('N0');

    const fixtureRoles = await openConversation(page, app, 'demo-conv-031');
    await expect(fixtureRoles.renderedTurns.first()).toBeVisible();
    await expect(fixtureRoles.root.getByTestId('turn-unpaired')).toHaveCount(0);

    const stream = await openConversation(page, app, '91000');
    await expect(stream.renderedTurns.getByTestId('turn-agent').first()).toHaveText('SupportAgent');
    await expect(stream.root.getByTestId('turn-unpaired')).toHaveCount(0);
  });

  test('two turns clicked in quick succession: the second is selected and the transcript stays where it is', async ({ page, app }) => {
    const file = test.info().outputPath('long-120.jsonl');
    writeLongConversation(file, 120);
    await importFiles(app, [file]);
    const viewer = await openConversation(page, app, 'long-120');
    await viewer.transcript.scrollIntoViewIfNeeded();
    await viewer.transcript.evaluate((element) => (element.scrollTop = 1500));
    // Two turns in the lower part of the transcript, clicked as fast as a mouse goes.
    await expect(viewer.turn(0)).not.toBeInViewport();
    const visible = await viewer.transcript.evaluate((element) => {
      const frame = element.getBoundingClientRect();
      return [...element.querySelectorAll('[data-testid="turn"]')]
        .filter((turn) => {
          const box = turn.getBoundingClientRect();
          return box.top > frame.top + frame.height / 2 && box.top + 24 < frame.bottom;
        })
        .map((turn) => Number(turn.getAttribute('data-turn')));
    });
    const [first, second] = [visible[0], visible.at(-1)!];
    expect(second).toBeGreaterThan(first);
    const scrollBefore = await viewer.transcript.evaluate((element) => element.scrollTop);
    // A slow machine: the first click's render is still under way when the second comes.
    await withSlowCpu(
      page,
      async () => {
        for (const index of [first, second]) {
          const box = (await viewer.turn(index).getByRole('button', { name: `Select turn ${index}` }).boundingBox())!;
          await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        }
        await expect(viewer.turn(second)).toHaveAttribute('aria-current', 'true');
        await page.waitForTimeout(1_000);
      },
      8,
    );
    await expect(viewer.turn(second)).toHaveAttribute('aria-current', 'true');
    expect(await viewer.transcript.evaluate((element) => element.scrollTop)).toBe(scrollBefore);
  });
});

test.describe('keys pressed in quick succession', () => {
  /** Ten 300-turn conversations, long-0 … long-9, imported in that order (so in id order too). */
  async function importLongConversations(app: AppFixture) {
    const file = test.info().outputPath('long-ten.jsonl');
    fs.writeFileSync(file, Array.from({ length: 10 }, (_, i) => `${JSON.stringify(longConversationRecord(300, `long-${i}`))}\n`).join(''));
    await importFiles(app, [file]);
  }

  /** The item page lands on `externalId` and is still there a moment later (no move left over). */
  async function expectToStayOn(item: ItemPage, externalId: string, position: string) {
    await expect(item.externalId).toHaveText(externalId);
    await expect(item.position).toHaveText(position);
    await item.page.waitForTimeout(1_000);
    await expect(item.externalId).toHaveText(externalId);
    await expect(item.position).toHaveText(position);
  }

  test('each press of j or k moves exactly one item, however fast the presses come', async ({ page, app }) => {
    await importLongConversations(app);
    const id = await itemIdOf(app, 'long-0');
    await new AppShell(page).open(app.url, `#/items/${id}`);
    const item = new ItemPage(page);
    const viewer = new ConversationViewer(page);
    await expect(item.externalId).toHaveText('long-0');
    await expect(item.position).toHaveText('1 of 10');
    await viewer.root.waitFor();

    // Pressed back to back, without waiting for any item to open: 5 × j is 5 items on.
    for (let i = 0; i < 5; i++) await page.keyboard.press('j');
    await expectToStayOn(item, 'long-5', '6 of 10');
    await expect(viewer.root).toBeVisible();

    // The arrows too, and both directions mixed: 3 × ← then → is 2 items back.
    for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowRight']) await page.keyboard.press(key);
    await expectToStayOn(item, 'long-3', '4 of 10');

    // Past the end the moves that have nowhere to go are dropped, not kept for later.
    for (let i = 0; i < 9; i++) await page.keyboard.press('j');
    await expectToStayOn(item, 'long-9', '10 of 10');
    await page.keyboard.press('k');
    await expectToStayOn(item, 'long-8', '9 of 10');
  });
});
