import fs from 'node:fs';

const TOOLS = [
  ['Order Lookup', (k: number) => ({ orderId: `SO-${3000 + k}`, email: 'robin.hale@example.com' }), (k: number) => ({ orderStatus: k % 3 ? 'delivered' : 'in transit', items: [{ sku: `SKU-${k}`, qty: 1 + (k % 3), price: 19.5 + k }] })],
  ['Return Policy Check', (k: number) => ({ orderId: `SO-${3000 + k}` }), (k: number) => ({ eligible: k % 4 !== 0, daysSinceDelivery: k % 40, policy: { window: 30, restockingFee: k % 5 === 0 ? 4.5 : 0 } })],
  ['Refund Payment', (k: number) => ({ orderId: `SO-${3000 + k}`, amount: 19.5 + k }), (k: number) => ({ refundStatus: k % 7 ? 'issued' : 'pending', reference: `RF-${70000 + k}` })],
] as const;

const USER_LINES = [
  'Hi again, I have another order I would like to sort out.',
  'It is the one from last week — the parcel came, but the box was open and one item is missing.\nCan you check what you have on file?',
  'Okay. And how long will the refund take to reach my card?',
  'Thanks, that is clear.',
];

const AGENT_LINES = [
  'Of course. Let me look that order up for you.',
  'I have checked the order and the return window. Everything is in order, so I can go ahead with the next step of the procedure. I will confirm each change before I make it, and you will get an email once it is done.',
  'Refunds usually reach the card within five business days; some banks take a little longer to show them.',
];

/**
 * A chat-format conversation with `turns` turns (system prompt, then blocks of user message,
 * agent message, tool call, tool output, agent message), with an expected trace that differs
 * from the calls made in one parameter — for the 300-turn viewer test and benchmark.
 * Deterministic.
 */
export function longConversationRecord(turns: number, id = `long-${turns}`) {
  const messages: unknown[] = [{ role: 'system', content: 'You are a retail support agent. Follow the return procedure; verify the customer before sharing order data.' }];
  const expected: { name: string; arguments: Record<string, unknown> }[] = [];
  let block = 0;
  while (messages.length < turns) {
    const [name, args, result] = TOOLS[block % TOOLS.length];
    const callId = `call_${block}`;
    const made = args(block);
    const block5 = [
      { role: 'user', content: USER_LINES[block % USER_LINES.length] },
      { role: 'assistant', content: AGENT_LINES[block % AGENT_LINES.length] },
      { role: 'assistant', content: null, tool_calls: [{ id: callId, type: 'function', function: { name, arguments: JSON.stringify(made) } }] },
      { role: 'tool', tool_call_id: callId, content: JSON.stringify(result(block)) },
      { role: 'assistant', content: `Step ${block + 1} is done.` },
    ];
    const room = turns - messages.length;
    // One expected call asks for another order: a parameter mismatch somewhere in the middle.
    if (room >= 3) expected.push({ name, arguments: block === 20 ? { ...made, orderId: 'SO-9999' } : made });
    messages.push(...block5.slice(0, room));
    block += 1;
  }
  return {
    id,
    domain: 'retail',
    graph: 'Order return with refund',
    model: 'agent-large',
    scenario: { type: 'correct_context', journey: ['1', '2', '3', '5'], user_info: { name: 'Robin Hale', email: 'robin.hale@example.com' } },
    expected_tool_trace: expected,
    messages,
  };
}

/** Writes {@link longConversationRecord} as a one-line JSONL file. */
export function writeLongConversation(file: string, turns: number, id?: string): void {
  fs.writeFileSync(file, `${JSON.stringify(longConversationRecord(turns, id))}\n`);
}
