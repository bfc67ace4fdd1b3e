import fs from 'node:fs';

/**
 * Writes `count` chat conversations as JSONL (about 2 KB each: 100,000 ≈ 200 MB), varied
 * enough that every validator and metric does real work. Deterministic.
 */
export async function writeConversationsJsonl(file: string, count: number): Promise<number> {
  const out = fs.createWriteStream(file);
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const line = `${JSON.stringify(conversation(i))}\n`;
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return bytes;
}

function conversation(i: number) {
  const orderId = `SO-${100000 + i}`;
  const email = `customer${i}@example.com`;
  const calls = [
    ['Customer Lookup', { email }, { customerStatus: 'found' }],
    ['Return Policy Check', { orderId }, { daysSinceDelivery: i % 45, finalSale: i % 7 === 0 }],
    ['Refund Payment', { orderId }, { refundStatus: i % 11 === 0 ? 'failed' : 'issued' }],
  ] as const;
  const messages: unknown[] = [
    { role: 'system', content: 'You are a retail support agent. Follow the return procedure and never share data before verifying the customer.' },
    { role: 'user', content: `Hi, I would like to return something I bought last month. My email is ${email}.` },
  ];
  calls.forEach(([name, args, result], k) => {
    if (i % 13 === 0 && k === 2) return; // some agents stop early
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: `call_${k}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }] });
    messages.push({ role: 'tool', tool_call_id: `call_${k}`, content: JSON.stringify(result) });
    messages.push({ role: 'assistant', content: `Thanks, step ${k + 1} is done. ${k === 0 ? 'What is the order number?' : 'One moment please while I continue with your request.'}` });
    messages.push({ role: 'user', content: k === 0 ? `It is ${orderId}.` : 'Okay, thank you for checking that for me.' });
  });
  messages.push({ role: 'assistant', content: 'Your refund is on its way and should arrive within five business days. Anything else I can do?' });
  return {
    id: `bench-${i}`,
    domain: 'retail',
    graph: 'Order return with refund',
    model: i % 2 ? 'agent-small' : 'agent-large',
    scenario: { type: i % 13 === 0 ? 'failing_function' : 'correct_context', journey: ['1', '2', '3', '5'], user_info: { email, orderId } },
    expected_tool_trace: calls.map(([name, args]) => ({ name, arguments: args })),
    messages,
  };
}
