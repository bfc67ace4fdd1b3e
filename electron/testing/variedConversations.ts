/**
 * Chat conversations (JSONL lines) varied so that every reader branch, validator and trace
 * metric of the conversation import has work: calls misordered, missing, extra, failed and
 * retried, arguments written differently (case, spacing, numbers as text, unparsable JSON,
 * integers beyond 2^53), outputs as JSON, text and content parts, calls without ids, unknown
 * roles and fields, timestamps, agents, scenarios nested and at the top level, records without
 * an expected trace and records that keep their source (`flowgraph_id`), non-ASCII text.
 * Deterministic: storedBytes.test.ts pins what an import of them stores.
 */
export function variedConversationLines(count: number): string[] {
  // Numbers no double holds can only be written into the text: JSON.stringify has no such numbers.
  return Array.from({ length: count }, (_, i) => JSON.stringify(variedConversation(i)).replace('"BARE_BIG_INTEGER"', '123456789012345678901234').replace('"BARE_OUT_OF_RANGE"', '1e999'));
}

type Call = [name: string, args: Record<string, unknown>, output: unknown];

function variedConversation(i: number): Record<string, unknown> {
  const orderId = `SO-${100000 + i}`;
  const email = `customer${i}@example.com`;
  const expected: Call[] = [
    ['Customer Lookup', { email }, { customerStatus: 'found' }],
    ['Return Policy Check', { orderId, days: i % 45 }, { daysSinceDelivery: i % 45, finalSale: i % 7 === 0 }],
    ['Refund Payment', { orderId, amount: 19.99 + (i % 10) }, { refundStatus: 'issued' }],
  ];
  let actual: Call[] = expected.map(([name, args, output]) => [name, { ...args }, output]);
  if (i % 5 === 1) actual = [actual[0], actual[2], actual[1]];
  if (i % 11 === 3) actual[0][1] = { email: `  CUSTOMER${i}@Example.com ` };
  if (i % 11 === 4) actual[1][1] = { orderId, days: String(i % 45) };
  if (i % 13 === 0) actual = actual.slice(0, 2);
  if (i % 17 === 2) actual.push(['Send Survey', { email, channel: 'sms' }, 'ok']);
  if (i % 7 === 3) actual.splice(2, 0, ['Refund Payment', { orderId }, { error: 'gateway timeout' }]);

  const messages: unknown[] = [
    { role: 'system', content: 'You are a retail support agent. Verify the customer before sharing any data.' },
    { role: 'user', content: i % 29 === 0 ? [{ type: 'text', text: 'Hi, a return please.' }, { type: 'image_url' }] : `Hi, I want to return an order. My email is ${email}. Café ✓` },
  ];
  actual.forEach(([name, args, output], k) => {
    const id = i % 19 === 4 ? undefined : `call_${k}`;
    let argumentText = JSON.stringify(args);
    if (i % 37 === 6 && k === 1) argumentText = `{"orderId": ${orderId}`;
    if (i % 31 === 5 && k === 0) argumentText = `{"email": "${email}", "accountId": 12345678901234567891}`;
    const call = i % 23 === 7 ? { id, name, arguments: args } : { id, type: 'function', function: { name, arguments: argumentText } };
    const assistant: Record<string, unknown> = { role: 'assistant', content: k === 0 ? 'Let me look that up.' : null, tool_calls: [call] };
    if (i % 23 === 8) Object.assign(assistant, { name: 'refund-agent', timestamp: 1_700_000_000 + i, latency: 0.25, trace_id: `t-${i}` });
    messages.push(assistant);
    messages.push({ role: 'tool', tool_call_id: id, content: typeof output === 'string' ? output : JSON.stringify(output) });
  });
  if (i % 19 === 9) messages.push({ role: 'tool', tool_call_id: 'call_missing', content: 'orphan output' });
  if (i % 23 === 10) messages.push({ role: 'critic', content: 'The agent forgot to confirm.', score: 2 });
  messages.push({ role: 'assistant', content: i % 41 === 0 ? 'Erledigt — 返金しました. \ud83d\ude00' : 'Your refund is on its way. Anything else?' });
  if (i % 43 === 1) messages.push({ role: 'assistant', content: 'Goodbye.' });

  const record: Record<string, unknown> = {
    id: i % 47 === 12 ? 9000 + i : `varied-${i}`,
    domain: 'retail',
    graph: 'Order return with refund',
    model: i % 2 ? 'agent-small' : 'agent-large',
    messages,
  };
  if (i % 3 === 0) record.scenario = { type: i % 13 === 0 ? 'failing_function' : 'correct_context', journey: ['1', '2', 3], user_info: { email, orderId }, seed: i };
  else if (i % 3 === 1) Object.assign(record, { scenario_type: 'missing_parameter', path: ['1', '4'], persona: { mood: 'impatient' } });
  if (i % 9 !== 4) record.expected_tool_trace = expected.map(([name, args]) => (i % 9 === 5 ? { function: { name, arguments: JSON.stringify(args) } } : { name, arguments: args }));
  if (i % 53 === 7) record.flowgraph_id = `flow-${i % 3}`;
  if (i % 59 === 2) record.release_notes = { batch: i % 4, reviewed: false, ticket: 'BARE_BIG_INTEGER' };
  if (i % 61 === 3) record.score = 'BARE_OUT_OF_RANGE';
  return record;
}
