import { describe, expect, it } from 'vitest';
import type { Conversation, ToolCallTurn } from '../conversations/model';
import { FormatError, type ParsedItem } from '../types';
import { otlpReader } from './otlpGenAi';
import { turnTuples } from '../../../testing/conversationTurns';

/** An OTLP attribute list from plain pairs: strings as stringValue, integers as intValue (as OTLP JSON writes them). */
const attrs = (pairs: Record<string, string | number>) =>
  Object.entries(pairs).map(([key, value]) => ({ key, value: typeof value === 'number' ? { intValue: String(value) } : { stringValue: value } }));

let clock = 0;
const span = (traceId: string, spanId: string, name: string, pairs: Record<string, string | number>, status?: { code: number; message?: string }) => ({
  traceId,
  spanId,
  name,
  startTimeUnixNano: String(1732550400000000000n + BigInt(++clock) * 1000000000n),
  attributes: attrs(pairs),
  ...(status ? { status } : {}),
});

const read = (...spans: ReturnType<typeof span>[]): ParsedItem[] => {
  const reader = otlpReader();
  reader.add({ resourceSpans: [{ scopeSpans: [{ spans }] }] }, 1);
  return reader.finish();
};
const turnsOf = (item: ParsedItem) => turnTuples(item.payload);

describe('OpenLLMetry spans (numbered gen_ai.prompt / gen_ai.completion attributes, no gen_ai.operation.name)', () => {
  it('reads the prompt and the completion as turns, and the completion tool calls with their arguments exact', () => {
    const [item] = read(
      span('t', 's1', 'openai.chat', {
        'llm.request.type': 'chat',
        'gen_ai.request.model': 'gpt-4o',
        'gen_ai.prompt.0.role': 'system',
        'gen_ai.prompt.0.content': 'Be brief.',
        'gen_ai.prompt.1.role': 'user',
        'gen_ai.prompt.1.content': 'Where is order 12345678901234567891?',
        'gen_ai.completion.0.role': 'assistant',
        'gen_ai.completion.0.finish_reason': 'tool_calls',
        'gen_ai.completion.0.tool_calls.0.id': 'call_1',
        'gen_ai.completion.0.tool_calls.0.name': 'get_order',
        'gen_ai.completion.0.tool_calls.0.arguments': '{"order_id": 12345678901234567891}',
        'gen_ai.completion.0.tool_calls.1.id': 'call_2',
        'gen_ai.completion.0.tool_calls.1.name': 'get_customer',
        'gen_ai.completion.0.tool_calls.1.arguments': '{"customer": "c-1"}',
      }),
    );
    expect(turnsOf(item!)).toEqual([
      ['system', 'Be brief.'],
      ['user', 'Where is order 12345678901234567891?'],
      // The 20-digit literal keeps its digits (parseJsonExactly's string), not 12345678901234567000.
      ['tool_call', 'get_order', { order_id: '12345678901234567891' }],
      ['tool_call', 'get_customer', { customer: 'c-1' }],
    ]);
    expect(item!.metadata).toMatchObject({ model: 'gpt-4o', turnCount: 4, toolCallCount: 2 });
    expect(item!.findings.filter((f) => f.validator === 'otlp-span-not-read')).toEqual([]);
  });

  it('takes from a later call only what follows the history it repeats: the tool result, then the answer', () => {
    const history = {
      'gen_ai.prompt.0.role': 'user',
      'gen_ai.prompt.0.content': 'Where is order 8?',
    };
    const [item] = read(
      span('t', 's1', 'openai.chat', { ...history, 'gen_ai.completion.0.role': 'assistant', 'gen_ai.completion.0.tool_calls.0.id': 'c1', 'gen_ai.completion.0.tool_calls.0.name': 'get_order', 'gen_ai.completion.0.tool_calls.0.arguments': '{"id": 8}' }),
      span('t', 's2', 'openai.chat', {
        ...history,
        'gen_ai.prompt.1.role': 'assistant',
        'gen_ai.prompt.1.tool_calls.0.id': 'c1',
        'gen_ai.prompt.1.tool_calls.0.name': 'get_order',
        'gen_ai.prompt.1.tool_calls.0.arguments': '{"id": 8}',
        'gen_ai.prompt.2.role': 'tool',
        'gen_ai.prompt.2.tool_call_id': 'c1',
        'gen_ai.prompt.2.content': '{"status": "shipped"}',
        'gen_ai.completion.0.role': 'assistant',
        'gen_ai.completion.0.content': 'It shipped.',
      }),
    );
    expect(turnsOf(item!)).toEqual([
      ['user', 'Where is order 8?'],
      ['tool_call', 'get_order', { id: 8 }],
      ['tool_output', 'c1', { status: 'shipped' }],
      ['assistant', 'It shipped.'],
    ]);
    const call = (item!.payload as Conversation).turns[1] as ToolCallTurn;
    expect(call.call.outputTurn).toBe(2);
  });

  it('reads the legacy completions prompt (gen_ai.prompt.0.user), the llm.prompts / llm.completions names from before the rename, and text parts written as JSON', () => {
    const [item] = read(
      span('t', 's1', 'openai.completion', { 'llm.request.type': 'completion', 'gen_ai.prompt.0.user': 'Say hi.', 'gen_ai.completion.0.content': 'Hi!' }),
      span('t', 's2', 'openai.chat', {
        'llm.prompts.0.role': 'user',
        'llm.prompts.0.content': '[{"type": "text", "text": "Look at"}, {"type": "text", "text": "this."}]',
        'llm.completions.0.role': 'assistant',
        'llm.completions.0.content': 'Looked.',
      }),
      span('t', 's3', 'openai.chat', {
        'gen_ai.prompt.0.role': 'user',
        'gen_ai.prompt.0.content': '[{"type": "text", "text": "And this"}, {"type": "image_url", "image_url": {"url": "https://x/y.png"}}]',
        'gen_ai.completion.0.role': 'assistant',
        'gen_ai.completion.0.refusal': 'I cannot see images.',
      }),
    );
    expect(turnsOf(item!)).toEqual([
      ['user', 'Say hi.'],
      ['assistant', 'Hi!'],
      ['user', 'Look at\nthis.'],
      ['assistant', 'Looked.'],
      // A list with an image part is kept as written: nothing of it is lost.
      ['user', '[{"type": "text", "text": "And this"}, {"type": "image_url", "image_url": {"url": "https://x/y.png"}}]'],
      ['assistant', 'I cannot see images.'],
    ]);
  });

  it('reads OpenInference numbered messages (llm.input_messages / llm.output_messages) with their tool calls', () => {
    const [item] = read(
      span('t', 's1', 'ChatCompletion', {
        'openinference.span.kind': 'LLM',
        'llm.model_name': 'gpt-4o',
        'llm.input_messages.0.message.role': 'user',
        'llm.input_messages.0.message.contents.0.message_content.type': 'text',
        'llm.input_messages.0.message.contents.0.message_content.text': 'Cancel order 77.',
        'llm.output_messages.0.message.role': 'assistant',
        'llm.output_messages.0.message.tool_calls.0.tool_call.id': 'k1',
        'llm.output_messages.0.message.tool_calls.0.tool_call.function.name': 'cancel_order',
        'llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments': '{"order_id": "77"}',
      }),
    );
    expect(turnsOf(item!)).toEqual([
      ['user', 'Cancel order 77.'],
      ['tool_call', 'cancel_order', { order_id: '77' }],
    ]);
    expect(item!.metadata.model).toBe('gpt-4o');
  });
});

describe('spans of both generations in one trace', () => {
  it('keeps the old-style question and tool call next to the current chat span (the probe file: 2 turns before, the question and the call lost)', () => {
    const [item] = read(
      span('t', 'b1', 'openai.chat', {
        'gen_ai.prompt.0.role': 'user',
        'gen_ai.prompt.0.content': 'Where is order 12345678901234567891?',
        'gen_ai.completion.0.role': 'assistant',
        'gen_ai.completion.0.tool_calls.0.name': 'get_order',
        'gen_ai.completion.0.tool_calls.0.id': 'call_9',
        'gen_ai.completion.0.tool_calls.0.arguments': '{"order_id": 12345678901234567891}',
        'gen_ai.usage.prompt_tokens': '12345678901234567891',
      }),
      span('t', 'b2', 'chat gpt-4o', {
        'gen_ai.operation.name': 'chat',
        'gen_ai.input.messages': '[{"role": "user", "parts": [{"type": "text", "content": "and order 2?"}]}]',
        'gen_ai.output.messages': '[{"role": "assistant", "parts": [{"type": "text", "content": "Order 2 shipped."}]}]',
      }),
    );
    // b2 does not repeat b1's history, so all it sends is new.
    expect(turnsOf(item!)).toEqual([
      ['user', 'Where is order 12345678901234567891?'],
      ['tool_call', 'get_order', { order_id: '12345678901234567891' }],
      ['user', 'and order 2?'],
      ['assistant', 'Order 2 shipped.'],
    ]);
  });

  it('adds a call once when an execute_tool span and a model call both name its id', () => {
    const [item] = read(
      span('t', 's1', 'openai.chat', { 'gen_ai.prompt.0.role': 'user', 'gen_ai.prompt.0.content': 'Order 5?', 'gen_ai.completion.0.tool_calls.0.id': 'x1', 'gen_ai.completion.0.tool_calls.0.name': 'get_order', 'gen_ai.completion.0.tool_calls.0.arguments': '{"id": 5}' }),
      span('t', 's2', 'execute_tool get_order', { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'get_order', 'gen_ai.tool.call.id': 'x1', 'gen_ai.tool.call.arguments': '{"id": 5}', 'gen_ai.tool.call.result': '{"ok": true}' }),
      span('t', 's3', 'openai.chat', {
        'gen_ai.prompt.0.role': 'user',
        'gen_ai.prompt.0.content': 'Order 5?',
        'gen_ai.prompt.1.role': 'assistant',
        'gen_ai.prompt.1.tool_calls.0.id': 'x1',
        'gen_ai.prompt.1.tool_calls.0.name': 'get_order',
        'gen_ai.prompt.2.role': 'tool',
        'gen_ai.prompt.2.tool_call_id': 'x1',
        'gen_ai.prompt.2.content': '{"ok": true}',
        'gen_ai.completion.0.content': 'Found it.',
      }),
    );
    expect(turnsOf(item!)).toEqual([
      ['user', 'Order 5?'],
      ['tool_call', 'get_order', { id: 5 }],
      ['tool_output', 'x1', { ok: true }],
      ['assistant', 'Found it.'],
    ]);
  });
});

describe('spans with the current attributes', () => {
  it('reads gen_ai.system_instructions as the system turn, and tool_call / tool_call_response parts when no execute_tool span records the call', () => {
    const [item] = read(
      span('t', 's1', 'chat gpt-4o', {
        'gen_ai.operation.name': 'chat',
        'gen_ai.system_instructions': '[{"type": "text", "content": "Be brief."}]',
        'gen_ai.input.messages': '[{"role": "user", "parts": [{"type": "text", "content": "Order 3?"}]}]',
        'gen_ai.output.messages': '[{"role": "assistant", "parts": [{"type": "tool_call", "id": "k", "name": "get_order", "arguments": {"id": 30000000000000000003}}]}]',
      }),
      span('t', 's2', 'chat gpt-4o', {
        'gen_ai.operation.name': 'chat',
        'gen_ai.system_instructions': '[{"type": "text", "content": "Be brief."}]',
        'gen_ai.input.messages':
          '[{"role": "user", "parts": [{"type": "text", "content": "Order 3?"}]}, {"role": "assistant", "parts": [{"type": "tool_call", "id": "k", "name": "get_order", "arguments": {"id": 30000000000000000003}}]}, {"role": "tool", "parts": [{"type": "tool_call_response", "id": "k", "response": {"eta": 40000000000000000004}}]}]',
        'gen_ai.output.messages': '[{"role": "assistant", "parts": [{"type": "text", "content": "Tomorrow."}]}]',
      }),
    );
    expect(turnsOf(item!)).toEqual([
      ['system', 'Be brief.'],
      ['user', 'Order 3?'],
      ['tool_call', 'get_order', { id: '30000000000000000003' }],
      ['tool_output', 'k', { eta: '40000000000000000004' }],
      ['assistant', 'Tomorrow.'],
    ]);
  });
});

describe('a system prompt that changes between calls (an agent handoff)', () => {
  const parts = (role: string, text: string) => ({ role, parts: [{ type: 'text', content: text }] });
  const chat = (id: string, system: string | null, inputs: unknown[], output: unknown[]) =>
    span('t', id, 'chat gpt-4o', {
      'gen_ai.operation.name': 'chat',
      ...(system !== null ? { 'gen_ai.system_instructions': JSON.stringify([{ type: 'text', content: system }]) } : {}),
      'gen_ai.input.messages': JSON.stringify(inputs),
      'gen_ai.output.messages': JSON.stringify(output),
    });
  const handoffCall = { role: 'assistant', parts: [{ type: 'tool_call', id: 'h1', name: 'transfer_to_billing', arguments: {} }] };
  const handoffResult = { role: 'tool', parts: [{ type: 'tool_call_response', id: 'h1', response: { assistant: 'Billing agent' } }] };

  it('adds the history once and the new prompt as its own turn where it changes (6 turns; before, 8: the question and the handoff call twice)', () => {
    const [item] = read(
      chat('a', 'You are the triage agent.', [parts('user', 'I was charged twice.')], [handoffCall]),
      chat('b', 'You are the billing agent.', [parts('user', 'I was charged twice.'), handoffCall, handoffResult], [parts('assistant', 'Refunded.')]),
    );
    expect(turnsOf(item!)).toEqual([
      ['system', 'You are the triage agent.'],
      ['user', 'I was charged twice.'],
      ['tool_call', 'transfer_to_billing', {}],
      // The handoff's output stays next to its call; the billing prompt is in force from the next model call on.
      ['tool_output', 'h1', { assistant: 'Billing agent' }],
      ['system', 'You are the billing agent.'],
      ['assistant', 'Refunded.'],
    ]);
  });

  it('adds a prompt again when it changes back, not when a call sends none or the same one, and a new system message inside the history where it is', () => {
    const [item] = read(
      chat('a', 'Triage.', [parts('user', 'Q1')], [parts('assistant', 'A1')]),
      // No system prompt: the prompt is as it was, nothing added but the new question.
      chat('b', null, [parts('user', 'Q1'), parts('assistant', 'A1'), parts('user', 'Q2')], [parts('assistant', 'A2')]),
      chat('c', 'Triage.', [parts('user', 'Q1'), parts('assistant', 'A1'), parts('user', 'Q2'), parts('assistant', 'A2'), parts('user', 'Q3')], [parts('assistant', 'A3')]),
      chat('d', 'Billing.', [parts('user', 'Q1'), parts('assistant', 'A1'), parts('user', 'Q2'), parts('assistant', 'A2'), parts('user', 'Q3'), parts('assistant', 'A3'), parts('user', 'Q4')], [parts('assistant', 'A4')]),
      chat(
        'e',
        'Triage.',
        // A reminder the framework put among the messages, before the new question.
        [parts('user', 'Q1'), parts('assistant', 'A1'), parts('user', 'Q2'), parts('assistant', 'A2'), parts('user', 'Q3'), parts('assistant', 'A3'), parts('user', 'Q4'), parts('assistant', 'A4'), parts('system', 'Be polite.'), parts('user', 'Q5')],
        [parts('assistant', 'A5')],
      ),
    );
    expect(turnsOf(item!)).toEqual([
      ['system', 'Triage.'],
      ['user', 'Q1'],
      ['assistant', 'A1'],
      ['user', 'Q2'],
      ['assistant', 'A2'],
      ['user', 'Q3'],
      ['assistant', 'A3'],
      ['system', 'Billing.'],
      ['user', 'Q4'],
      ['assistant', 'A4'],
      ['system', 'Triage.'],
      ['system', 'Be polite.'],
      ['user', 'Q5'],
      ['assistant', 'A5'],
    ]);
  });

  it('compares numbered OpenLLMetry prompts without their system message too', () => {
    const [item] = read(
      span('t', 's1', 'openai.chat', { 'gen_ai.prompt.0.role': 'system', 'gen_ai.prompt.0.content': 'Triage.', 'gen_ai.prompt.1.role': 'user', 'gen_ai.prompt.1.content': 'Refund?', 'gen_ai.completion.0.content': 'Passing you on.' }),
      span('t', 's2', 'openai.chat', {
        'gen_ai.prompt.0.role': 'system',
        'gen_ai.prompt.0.content': 'Billing.',
        'gen_ai.prompt.1.role': 'user',
        'gen_ai.prompt.1.content': 'Refund?',
        'gen_ai.prompt.2.role': 'assistant',
        'gen_ai.prompt.2.content': 'Passing you on.',
        'gen_ai.completion.0.content': 'Refunded.',
      }),
    );
    expect(turnsOf(item!)).toEqual([
      ['system', 'Triage.'],
      ['user', 'Refund?'],
      ['assistant', 'Passing you on.'],
      ['system', 'Billing.'],
      ['assistant', 'Refunded.'],
    ]);
  });
});

describe('OpenInference TOOL spans', () => {
  const llm = (id: string, pairs: Record<string, string>) => span('t', id, 'ChatCompletion', { 'openinference.span.kind': 'LLM', 'llm.input_messages.0.message.role': 'user', 'llm.input_messages.0.message.content': 'Cancel order 77.', ...pairs });
  const callOut = (index: number, id: string, name: string) => ({
    'llm.output_messages.0.message.role': 'assistant',
    [`llm.output_messages.0.message.tool_calls.${index}.tool_call.id`]: id,
    [`llm.output_messages.0.message.tool_calls.${index}.tool_call.function.name`]: name,
    [`llm.output_messages.0.message.tool_calls.${index}.tool_call.function.arguments`]: '{}',
  });
  const tool = (id: string, name: string, output: string, more: Record<string, string> = {}, status?: { code: number; message?: string }) =>
    span('t', id, name, { 'openinference.span.kind': 'TOOL', 'tool.name': name, 'input.value': '{}', 'output.value': output, ...more }, status);

  it('reads the output of a TOOL span no later model call repeats as the output of the call of its name (before: only named for information)', () => {
    const [item] = read(llm('p1', callOut(0, 'call_c1', 'cancel_order')), tool('p2', 'cancel_order', '{"cancelled": true}'));
    expect(turnsOf(item!)).toEqual([
      ['user', 'Cancel order 77.'],
      ['tool_call', 'cancel_order', {}],
      ['tool_output', 'call_c1', { cancelled: true }],
    ]);
    expect((item!.payload as Conversation).turns[1]).toMatchObject({ call: { outputTurn: 2 } });
    expect(item!.findings.filter((f) => f.validator === 'otlp-span-not-read')).toEqual([]);
  });

  it('pairs by tool_call.id when the span gives one, else with the earliest unanswered call of its name; an error status is the output', () => {
    const [item] = read(
      llm('p1', { ...callOut(0, 'a', 'get_order'), ...callOut(1, 'b', 'get_order'), 'llm.output_messages.0.message.tool_calls.2.tool_call.id': 'c', 'llm.output_messages.0.message.tool_calls.2.tool_call.function.name': 'refund' }),
      tool('t1', 'get_order', '{"order": 2}', { 'tool_call.id': 'b' }),
      tool('t2', 'get_order', '{"order": 1}'),
      tool('t3', 'refund', '', {}, { code: 2, message: 'card declined' }),
    );
    expect(turnsOf(item!).slice(4)).toEqual([
      ['tool_output', 'b', { order: 2 }],
      ['tool_output', 'a', { order: 1 }],
      ['tool_output', 'c', { error: 'card declined' }],
    ]);
  });

  it('reads the output from a later call\'s history when it holds it, and names the TOOL span for information; one with no call to answer is a warning', () => {
    const [item] = read(
      llm('p1', callOut(0, 'call_c1', 'cancel_order')),
      tool('p2', 'cancel_order', "{'cancelled': True}"),
      llm('p3', {
        'llm.input_messages.1.message.role': 'assistant',
        'llm.input_messages.1.message.tool_calls.0.tool_call.id': 'call_c1',
        'llm.input_messages.1.message.tool_calls.0.tool_call.function.name': 'cancel_order',
        'llm.input_messages.2.message.role': 'tool',
        'llm.input_messages.2.message.tool_call_id': 'call_c1',
        'llm.input_messages.2.message.content': '{"cancelled": true}',
        'llm.output_messages.0.message.role': 'assistant',
        'llm.output_messages.0.message.content': 'Cancelled.',
      }),
      tool('p4', 'send_email', '"sent"'),
    );
    // The output as the model was sent it, once; not the TOOL span's Python repr.
    expect(turnsOf(item!)).toEqual([
      ['user', 'Cancel order 77.'],
      ['tool_call', 'cancel_order', {}],
      ['tool_output', 'call_c1', { cancelled: true }],
      ['assistant', 'Cancelled.'],
    ]);
    expect(item!.findings.filter((f) => f.validator === 'otlp-span-not-read').map((f) => [f.severity, f.message])).toEqual([
      [
        'warning',
        '2 spans with content not read as turns or tool calls (not a chat, completion or execute_tool span this reader knows): ' +
          '"cancel_order" (span p2, openinference.span.kind TOOL: input.value, output.value); "send_email" (span p4, openinference.span.kind TOOL: input.value, output.value; no call of send_email open before it to answer)',
      ],
    ]);
    const [repeated] = read(llm('p1', callOut(0, 'call_c1', 'cancel_order')), tool('p2', 'cancel_order', '{"cancelled": true}'), llm('p3', {
      'llm.input_messages.1.message.role': 'assistant',
      'llm.input_messages.1.message.tool_calls.0.tool_call.id': 'call_c1',
      'llm.input_messages.1.message.tool_calls.0.tool_call.function.name': 'cancel_order',
      'llm.input_messages.2.message.role': 'tool',
      'llm.input_messages.2.message.tool_call_id': 'call_c1',
      'llm.input_messages.2.message.content': '{"cancelled": true}',
    }));
    expect(repeated!.findings.filter((f) => f.validator === 'otlp-span-not-read').map((f) => f.severity)).toEqual(['info']);
  });
});

describe('OpenInference TOOL spans without call ids', () => {
  const llm = (id: string, pairs: Record<string, string>) =>
    span('t', id, 'ChatCompletion', { 'openinference.span.kind': 'LLM', 'llm.input_messages.0.message.role': 'user', 'llm.input_messages.0.message.content': 'Weather in Paris and Oslo, and the time in Oslo?', ...pairs });
  /** The model's calls as `llm.output_messages.0.message.tool_calls.M.*`, each `[name, arguments]` or `[name, arguments, id]`. */
  const calls = (...list: [string, string, string?][]) => {
    const out: Record<string, string> = { 'llm.output_messages.0.message.role': 'assistant' };
    list.forEach(([name, args, id], m) => {
      out[`llm.output_messages.0.message.tool_calls.${m}.tool_call.function.name`] = name;
      out[`llm.output_messages.0.message.tool_calls.${m}.tool_call.function.arguments`] = args;
      if (id !== undefined) out[`llm.output_messages.0.message.tool_calls.${m}.tool_call.id`] = id;
    });
    return out;
  };
  const tool = (id: string, name: string, output: string, more: Record<string, string> = {}) =>
    span('t', id, name, { 'openinference.span.kind': 'TOOL', 'tool.name': name, 'input.value': '{}', 'output.value': output, ...more });
  /** Each call turn's name and the content of the output linked to it (what the conversation view shows side by side). */
  const pairs = (item: ParsedItem) => {
    const turns = (item.payload as Conversation).turns;
    return turns.filter((t): t is ToolCallTurn => t.role === 'tool_call').map((t) => {
      const output = t.call.outputTurn === null ? null : turns[t.call.outputTurn]!;
      return [t.call.name, t.call.arguments, output?.role === 'tool_output' ? output.output.content : null];
    });
  };
  const notRead = (item: ParsedItem) => item.findings.filter((f) => f.validator === 'otlp-span-not-read').map((f) => [f.severity, f.message]);

  it('pairs the k-th TOOL span of a tool with its k-th call when neither has an id, and names the span that answers no call (before: all four only named in a warning)', () => {
    const [item] = read(
      llm('l1', calls(['get_weather', '{"city": "Paris"}'], ['get_weather', '{"city": "Oslo"}'], ['get_local_time', '{"city": "Oslo"}'])),
      tool('t1', 'get_weather', '{"city": "Paris", "temp_c": 14}'),
      // Another tool's span in between does not shift the pairing of get_weather's.
      tool('t2', 'get_local_time', '16:05'),
      tool('t3', 'get_weather', '{"city": "Oslo", "temp_c": 3}'),
      tool('t4', 'book_taxi', '{"booked": true}'),
    );
    expect(turnsOf(item!)).toEqual([
      ['user', 'Weather in Paris and Oslo, and the time in Oslo?'],
      ['tool_call', 'get_weather', { city: 'Paris' }],
      ['tool_call', 'get_weather', { city: 'Oslo' }],
      ['tool_call', 'get_local_time', { city: 'Oslo' }],
      ['tool_output', null, { city: 'Paris', temp_c: 14 }],
      ['tool_output', null, '16:05'],
      ['tool_output', null, { city: 'Oslo', temp_c: 3 }],
    ]);
    expect(pairs(item!)).toEqual([
      ['get_weather', { city: 'Paris' }, { city: 'Paris', temp_c: 14 }],
      ['get_weather', { city: 'Oslo' }, { city: 'Oslo', temp_c: 3 }],
      ['get_local_time', { city: 'Oslo' }, '16:05'],
    ]);
    expect(notRead(item!)).toEqual([
      [
        'warning',
        '1 span with content not read as turns or tool calls (not a chat, completion or execute_tool span this reader knows): ' +
          '"book_taxi" (span t4, openinference.span.kind TOOL: input.value, output.value; no call of book_taxi open before it to answer)',
      ],
    ]);
  });

  it('names a TOOL span beyond its tool\'s calls, and one that runs before the call is made', () => {
    const [item] = read(
      tool('t0', 'get_weather', 'early'),
      llm('l1', calls(['get_weather', '{"city": "Paris"}'])),
      tool('t1', 'get_weather', 'sunny'),
      tool('t2', 'get_weather', 'cloudy'),
    );
    expect(pairs(item!)).toEqual([['get_weather', { city: 'Paris' }, 'sunny']]);
    expect(notRead(item!).map(([, message]) => message.split(': ').slice(1).join(': '))).toEqual([
      '"get_weather" (span t0, openinference.span.kind TOOL: input.value, output.value; no call of get_weather open before it to answer); ' +
        '"get_weather" (span t2, openinference.span.kind TOOL: input.value, output.value; no call of get_weather open before it to answer)',
    ]);
  });

  it('pairs by id when both have one (tool_call.id or tool.id), a span with an id with a call without one by order, and refuses a span whose id disagrees with the open call\'s', () => {
    const [item] = read(
      llm('l1', calls(['get_order', '{"n": 1}', 'a'], ['get_order', '{"n": 2}', 'b'], ['refund', '{"n": 1}'], ['refund', '{"n": 2}', 'r2'])),
      // tool.id (the newer conventions' name) pairs with b, not with a, the first open call.
      tool('t1', 'get_order', 'order 2', { 'tool.id': 'b' }),
      // An id no call has, and the open call of get_order has another (a): which call it ran is unknown.
      tool('t2', 'get_order', 'order ?', { 'tool_call.id': 'zz' }),
      // An id no call has, and the open call of refund has none: paired with it.
      tool('t3', 'refund', 'refund 1', { 'tool_call.id': 'x1' }),
      tool('t4', 'refund', 'refund 2'),
      // b is answered already.
      tool('t5', 'get_order', 'order 2 again', { 'tool_call.id': 'b' }),
    );
    expect(pairs(item!)).toEqual([
      ['get_order', { n: 1 }, null],
      ['get_order', { n: 2 }, 'order 2'],
      ['refund', { n: 1 }, 'refund 1'],
      ['refund', { n: 2 }, 'refund 2'],
    ]);
    // The outputs carry the call's id where the call has one (r2 for t4, which has none), none where it has none.
    expect(turnsOf(item!).slice(5)).toEqual([
      ['tool_output', 'b', 'order 2'],
      ['tool_output', null, 'refund 1'],
      ['tool_output', 'r2', 'refund 2'],
    ]);
    expect(notRead(item!).map(([, message]) => message.split(': ').slice(1).join(': '))).toEqual([
      '"get_order" (span t2, openinference.span.kind TOOL: input.value, output.value; its call id zz is no call\'s, and the open call of get_order has another); ' +
        '"get_order" (span t5, openinference.span.kind TOOL: input.value, output.value; call b is answered already)',
    ]);
  });

  it('reads the outputs a later history holds without ids once, names the TOOL spans that repeat them for information, and skips a call a history answered before the span', () => {
    const history = {
      'llm.input_messages.1.message.role': 'assistant',
      'llm.input_messages.1.message.tool_calls.0.tool_call.function.name': 'get_weather',
      'llm.input_messages.1.message.tool_calls.0.tool_call.function.arguments': '{"city": "Paris"}',
      'llm.input_messages.1.message.tool_calls.1.tool_call.function.name': 'get_weather',
      'llm.input_messages.1.message.tool_calls.1.tool_call.function.arguments': '{"city": "Oslo"}',
      'llm.input_messages.2.message.role': 'tool',
      'llm.input_messages.2.message.name': 'get_weather',
      'llm.input_messages.2.message.content': '{"temp_c": 14}',
      'llm.input_messages.3.message.role': 'tool',
      'llm.input_messages.3.message.name': 'get_weather',
      'llm.input_messages.3.message.content': '{"temp_c": 3}',
    };
    const [item] = read(
      llm('l1', calls(['get_weather', '{"city": "Paris"}'], ['get_weather', '{"city": "Oslo"}'])),
      tool('t1', 'get_weather', "{'temp_c': 14}"),
      tool('t2', 'get_weather', "{'temp_c': 3}"),
      llm('l2', { ...history, 'llm.output_messages.0.message.role': 'assistant', 'llm.output_messages.0.message.content': 'Paris 14 °C, Oslo 3 °C.' }),
    );
    // Before: the TOOL spans were named in a warning (no call with an id to pair with); now
    // they pair, and since the history holds the outputs (as the model was sent them) they are not added twice.
    expect(turnsOf(item!)).toEqual([
      ['user', 'Weather in Paris and Oslo, and the time in Oslo?'],
      ['tool_call', 'get_weather', { city: 'Paris' }],
      ['tool_call', 'get_weather', { city: 'Oslo' }],
      ['tool_output', null, { temp_c: 14 }],
      ['tool_output', null, { temp_c: 3 }],
      ['assistant', 'Paris 14 °C, Oslo 3 °C.'],
    ]);
    expect(pairs(item!)).toEqual([
      ['get_weather', { city: 'Paris' }, { temp_c: 14 }],
      ['get_weather', { city: 'Oslo' }, { temp_c: 3 }],
    ]);
    expect(notRead(item!).map(([severity]) => severity)).toEqual(['info']);

    // The first call is answered by the history the second model call sends; the TOOL span
    // after it ran the second call (before: not read, no call with an id).
    const [later] = read(
      llm('l1', calls(['get_weather', '{"city": "Paris"}'])),
      llm('l2', {
        'llm.input_messages.1.message.role': 'assistant',
        'llm.input_messages.1.message.tool_calls.0.tool_call.function.name': 'get_weather',
        'llm.input_messages.1.message.tool_calls.0.tool_call.function.arguments': '{"city": "Paris"}',
        'llm.input_messages.2.message.role': 'tool',
        'llm.input_messages.2.message.content': '{"temp_c": 14}',
        ...calls(['get_weather', '{"city": "Oslo"}']),
      }),
      tool('t2', 'get_weather', '{"temp_c": 3}'),
    );
    expect(pairs(later!)).toEqual([
      ['get_weather', { city: 'Paris' }, { temp_c: 14 }],
      ['get_weather', { city: 'Oslo' }, { temp_c: 3 }],
    ]);
    expect(notRead(later!)).toEqual([]);
  });
});

describe('spans that are not read', () => {
  it('names spans with content it does not read in a finding: a warning for an embedding, information for a workflow wrapper alone', () => {
    const [item, wrapped] = read(
      span('t', 's1', 'openai.chat', { 'gen_ai.prompt.0.role': 'user', 'gen_ai.prompt.0.content': 'Hi', 'gen_ai.completion.0.content': 'Hello' }),
      span('t', 's2', 'openai.embeddings', { 'llm.request.type': 'embedding', 'gen_ai.prompt.0.content': 'Hi' }),
      span('t', 's3', 'http GET', { 'http.method': 'GET' }),
      span('u', 'w1', 'greet.workflow', { 'traceloop.span.kind': 'workflow', 'traceloop.entity.input': '{"args": ["Hi"]}', 'traceloop.entity.output': '"Hello"' }),
      span('u', 'u1', 'openai.chat', { 'gen_ai.prompt.0.role': 'user', 'gen_ai.prompt.0.content': 'Hi', 'gen_ai.completion.0.content': 'Hello' }),
    );
    expect(turnsOf(item!)).toEqual([
      ['user', 'Hi'],
      ['assistant', 'Hello'],
    ]);
    // The HTTP span carries no content and is not named.
    expect(item!.findings.filter((f) => f.validator === 'otlp-span-not-read')).toEqual([
      {
        validator: 'otlp-span-not-read',
        severity: 'warning',
        location: null,
        message: '1 span with content not read as turns or tool calls (not a chat, completion or execute_tool span this reader knows): "openai.embeddings" (span s2, llm.request.type embedding: gen_ai.prompt.0.content)',
      },
    ]);
    expect(wrapped!.findings.filter((f) => f.validator === 'otlp-span-not-read').map((f) => [f.severity, f.message])).toEqual([
      ['info', '1 span with content not read as turns or tool calls (not a chat, completion or execute_tool span this reader knows): "greet.workflow" (span w1, traceloop.span.kind workflow: traceloop.entity.input, traceloop.entity.output)'],
    ]);
  });

  it('names an agent span that wraps model calls that were read for information', () => {
    const items = read(
      span('t', 'ta', 'invoke_agent helper', { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.input.messages': '[{"role": "user", "content": "Help"}]' }),
      span('t', 's1', 'chat', { 'gen_ai.operation.name': 'chat', 'gen_ai.input.messages': '[{"role": "user", "content": "Help"}]' }),
    );
    expect(items.map((i) => [i.externalId, (i.payload as Conversation).turns.length, i.findings.find((f) => f.validator === 'otlp-span-not-read')?.severity])).toEqual([['t', 1, 'info']]);
  });

  it('puts an agent span that names no conversation with the conversation its trace names, not in a skipped trace of its own', () => {
    const items = read(
      span('t', 'ta', 'invoke_agent helper', { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.input.messages': '[{"role": "user", "content": "Help"}]' }),
      span('t', 's1', 'chat', { 'gen_ai.operation.name': 'chat', 'gen_ai.conversation.id': 'conv1', 'gen_ai.input.messages': '[{"role": "user", "content": "Help"}]' }),
    );
    expect(items.map((i) => [i.externalId, i.findings.map((f) => [f.validator, f.severity])])).toEqual([['conv1', [['otlp-span-not-read', 'info']]]]);
  });

  it('skips the traces none of whose spans it reads and names them in one warning on the first item, not as empty conversations', () => {
    const items = read(
      span('t', 's1', 'openai.chat', { 'gen_ai.prompt.0.role': 'user', 'gen_ai.prompt.0.content': 'Hi' }),
      span('u', 'a1', 'invoke_agent helper', { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.input.messages': '[{"role": "user", "content": "Help"}]' }),
      span('v', 'w', 'hello.workflow', { 'traceloop.entity.input': '"Hi"' }),
      span('x', 'h', 'GET', { 'http.method': 'GET' }),
      span('y', 's2', 'openai.chat', { 'gen_ai.prompt.0.role': 'user', 'gen_ai.prompt.0.content': 'Bye' }),
    );
    // Before: u and v were items with no turns, each with a "no turns" error. x has no content and is skipped without a word, as before.
    expect(items.map((i) => [i.externalId, (i.payload as Conversation).turns.length])).toEqual([
      ['t', 1],
      ['y', 1],
    ]);
    expect(items[0]!.findings).toEqual([
      {
        validator: 'otlp-trace-not-read',
        severity: 'warning',
        location: null,
        message:
          '2 other traces of the file skipped, not imported: no span in them is a chat, completion or execute_tool span this reader knows (u, v); their spans with content: ' +
          '1 "invoke_agent helper" (span a1, gen_ai.operation.name invoke_agent: gen_ai.input.messages); 1 "hello.workflow" (span w: traceloop.entity.input)',
      },
    ]);
    expect(items[1]!.findings).toEqual([]);
  });

  it('names many skipped traces by count, the first five ids and their kinds of span (a RAG indexing job: one embedding trace per chunk)', () => {
    const embeddings = Array.from({ length: 7 }, (_, i) => span(`e${i}`, `s${i}`, 'openai.embeddings', { 'llm.request.type': 'embedding', 'gen_ai.prompt.0.content': `chunk ${i}` }));
    const items = read(span('t', 'c', 'openai.chat', { 'gen_ai.prompt.0.role': 'user', 'gen_ai.prompt.0.content': 'Hi', 'gen_ai.completion.0.content': 'Hello' }), ...embeddings);
    expect(items).toHaveLength(1);
    expect(items[0]!.findings.map((f) => [f.validator, f.severity, f.message])).toEqual([
      [
        'otlp-trace-not-read',
        'warning',
        '7 other traces of the file skipped, not imported: no span in them is a chat, completion or execute_tool span this reader knows (e0, e1, e2, e3, e4, and 2 more); ' +
          'their spans with content: 7 "openai.embeddings" (span s0 and others, llm.request.type embedding: gen_ai.prompt.0.content)',
      ],
    ]);
  });

  it('rejects a file with no span it can read, naming the spans with other content', () => {
    expect(() => read(span('t', 's1', 'openai.embeddings', { 'llm.request.type': 'embedding', 'gen_ai.prompt.0.content': 'Hi' }))).toThrow(FormatError);
    expect(() => read(span('t', 's1', 'openai.embeddings', { 'llm.request.type': 'embedding', 'gen_ai.prompt.0.content': 'Hi' }))).toThrow(
      'no span carries GenAI chat or tool attributes this reader knows (gen_ai.operation.name chat or execute_tool, gen_ai.prompt.N.* / gen_ai.completion.N.*, llm.input_messages.N.*); spans with other content: "openai.embeddings" (span s1, llm.request.type embedding: gen_ai.prompt.0.content)',
    );
    expect(() => read(span('t', 's1', 'GET', { 'http.method': 'GET' }))).toThrow(/^no span carries GenAI chat or tool attributes this reader knows \([^)]*\)$/);
  });
});

describe('Gemini traces', () => {
  /** The calls, each with the index of the output paired with it and that output's tool name. */
  const pairs = (item: ParsedItem) => {
    const turns = (item.payload as Conversation).turns;
    return turns.filter((t): t is ToolCallTurn => t.role === 'tool_call').map((t) => {
      const output = t.call.outputTurn === null ? null : turns[t.call.outputTurn]!;
      return [t.index, t.call.name, output === null ? null : output.index, output?.role === 'tool_output' ? (output.output.name ?? null) : null];
    });
  };
  const genAi = (inputs: unknown[], outputs: unknown[]) => ({ 'gen_ai.operation.name': 'generate_content', 'gen_ai.input.messages': JSON.stringify(inputs), 'gen_ai.output.messages': JSON.stringify(outputs) });
  const question = { role: 'user', parts: [{ type: 'text', content: 'Weather and time in Oslo?' }] };

  it('reads several tool_call_response parts of one user message as one output each, paired by the name a made-up id carries when the ids disagree (before: a user turn with no text, the outputs lost)', () => {
    // The model says something first, so its calls are parts 1 and 2; the responses are parts 0 and 1, in the other order.
    const calls = { role: 'assistant', parts: [{ type: 'text', content: 'Checking.' }, { type: 'tool_call', id: 'get_weather_1', name: 'get_weather', arguments: { city: 'Oslo' } }, { type: 'tool_call', id: 'get_time_2', name: 'get_time', arguments: { city: 'Oslo' } }] };
    const responses = { role: 'user', parts: [{ type: 'tool_call_response', id: 'get_time_0', response: { time: '16:05' } }, { type: 'tool_call_response', id: 'get_weather_1', response: { temp_c: 3 } }] };
    const [item] = read(span('t', 's1', 'generate_content', genAi([question], [calls])), span('t', 's2', 'generate_content', genAi([question, calls, responses], [{ role: 'assistant', parts: [{ type: 'text', content: '3 °C at 16:05.' }] }])));
    expect(turnsOf(item!)).toEqual([
      ['user', 'Weather and time in Oslo?'],
      ['assistant', 'Checking.'],
      ['tool_call', 'get_weather', { city: 'Oslo' }],
      ['tool_call', 'get_time', { city: 'Oslo' }],
      // get_time_0 names no call: get_time's one call is get_time_2, whose id it takes; get_weather_1 is a call's id, kept.
      ['tool_output', 'get_time_2', { time: '16:05' }],
      ['tool_output', 'get_weather_1', { temp_c: 3 }],
      ['assistant', '3 °C at 16:05.'],
    ]);
    expect(pairs(item!)).toEqual([
      [2, 'get_weather', 5, null],
      [3, 'get_time', 4, 'get_time'],
    ]);
  });

  it('reads parts in Gemini\'s own shape (function_call / functionResponse, no type), role model as the assistant and an empty role as the user', () => {
    const calls = { role: 'model', parts: [{ function_call: { name: 'get_weather', args: { city: 'Oslo' } } }] };
    const responses = { role: '', parts: [{ functionResponse: { name: 'get_weather', response: { temp_c: 3 } } }, { text: 'Also, in Fahrenheit?' }] };
    const [item] = read(
      span('t', 's1', 'generate_content', genAi([{ role: 'user', parts: [{ text: 'Weather in Oslo?' }] }], [calls])),
      span('t', 's2', 'generate_content', genAi([{ role: 'user', parts: [{ text: 'Weather in Oslo?' }] }, calls, responses], [{ role: 'model', parts: [{ text: '3 °C, 37 °F.' }] }])),
    );
    expect(turnsOf(item!)).toEqual([
      ['user', 'Weather in Oslo?'],
      ['tool_call', 'get_weather', { city: 'Oslo' }],
      ['tool_output', null, { temp_c: 3 }],
      // The text beside the response stays the user's, after it.
      ['user', 'Also, in Fahrenheit?'],
      ['assistant', '3 °C, 37 °F.'],
    ]);
    expect(pairs(item!)).toEqual([[1, 'get_weather', 2, 'get_weather']]);
    expect(item!.findings).toEqual([]);
  });

  it('adds a call that reuses the id of an answered one, and pairs the output given for that id with it (before: dropped as the call already made)', () => {
    const first = { role: 'assistant', parts: [{ type: 'tool_call', id: 'get_weather_0', name: 'get_weather', arguments: { city: 'Oslo' } }] };
    const firstOutput = { role: 'user', parts: [{ type: 'tool_call_response', id: 'get_weather_0', response: { temp_c: 3 } }] };
    const again = { role: 'assistant', parts: [{ type: 'tool_call', id: 'get_weather_0', name: 'get_weather', arguments: { city: 'Rome' } }] };
    const [item] = read(
      span('t', 's1', 'generate_content', genAi([question], [first])),
      span('t', 's2', 'generate_content', genAi([question, first, firstOutput, { role: 'user', parts: [{ type: 'text', content: 'And Rome?' }] }], [again])),
      // An OpenInference TOOL span that ran the second call, named by the id both calls have.
      span('t', 's3', 'get_weather', { 'openinference.span.kind': 'TOOL', 'tool.name': 'get_weather', 'tool_call.id': 'get_weather_0', 'output.value': '{"temp_c": 17}' }),
    );
    expect(turnsOf(item!)).toEqual([
      ['user', 'Weather and time in Oslo?'],
      ['tool_call', 'get_weather', { city: 'Oslo' }],
      ['tool_output', 'get_weather_0', { temp_c: 3 }],
      ['user', 'And Rome?'],
      ['tool_call', 'get_weather', { city: 'Rome' }],
      ['tool_output', 'get_weather_0', { temp_c: 17 }],
    ]);
    expect(pairs(item!)).toEqual([
      [1, 'get_weather', 2, null],
      [4, 'get_weather', 5, 'get_weather'],
    ]);
    expect(item!.findings.filter((f) => f.validator === 'otlp-span-not-read')).toEqual([]);
  });

  it('keeps the text of a message with an image or file part, the part as a [type] placeholder, and reasoning apart (before: OpenInference\'s text lost, the semconv parts dropped)', () => {
    const [current] = read(
      span('t', 's1', 'generate_content', genAi(
        [{ role: 'user', parts: [{ type: 'text', content: 'What is in this photo?' }, { type: 'blob', modality: 'image', mime_type: 'image/png', content: 'iVBORw0KGgo=' }] }, { role: 'user', parts: [{ inline_data: { mime_type: 'image/png', data: 'iVBORw0KGgo=' } }, { text: 'And this one?' }] }],
        [{ role: 'model', parts: [{ text: 'Two cats.', thought: true }, { text: 'Two cats.' }, { thought_signature: 'c2ln' }] }],
      )),
    );
    expect(turnsOf(current!)).toEqual([
      ['user', 'What is in this photo?\n[blob]'],
      ['user', '[inline_data]\nAnd this one?'],
      ['assistant', 'Two cats.'],
    ]);
    expect((current!.payload as Conversation).turns[2]!.extra).toEqual({ reasoning: 'Two cats.' });
    const [openInference] = read(
      span('t', 's1', 'GenerateContent', {
        'openinference.span.kind': 'LLM',
        'llm.input_messages.0.message.role': 'user',
        'llm.input_messages.0.message.contents.0.message_content.type': 'text',
        'llm.input_messages.0.message.contents.0.message_content.text': 'What is in this photo?',
        'llm.input_messages.0.message.contents.1.message_content.type': 'image',
        'llm.input_messages.0.message.contents.1.message_content.image.image.url': 'data:image/png;base64,iVBORw0KGgo=',
        'llm.output_messages.0.message.role': 'model',
        'llm.output_messages.0.message.contents.0.message_content.type': 'reasoning',
        'llm.output_messages.0.message.contents.0.message_content.signature': 'c2ln',
        'llm.output_messages.0.message.contents.1.message_content.type': 'text',
        'llm.output_messages.0.message.contents.1.message_content.text': 'A cat.',
      }),
    );
    // A reasoning part with only a signature holds no text to keep.
    expect(turnsOf(openInference!)).toEqual([
      ['user', 'What is in this photo?\n[image]'],
      ['assistant', 'A cat.'],
    ]);
    expect((openInference!.payload as Conversation).turns[1]!.extra).toBeUndefined();
  });

  it('reads the functions the Gemini SDK ran itself (automatic function calling) from their execute_tool spans: arguments and result from code.function.*, before the answer of the model call they ran in', () => {
    const model = span('t', 'g1', 'generate_content gemini-2.5-flash', genAi([question], [{ role: 'assistant', parts: [{ type: 'text', content: '3 °C; the clock failed.' }] }]));
    const weather = {
      ...span('t', 'x1', 'execute_tool get_weather', {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'get_weather',
        'code.function.parameters.city.type': 'str',
        'code.function.parameters.city.value': 'Oslo',
        'code.function.parameters.days.type': 'int',
        'code.function.parameters.days.value': 2,
        'code.function.parameters.options.type': 'dict',
        'code.function.parameters.options.value': '{"units": "metric"}',
        'code.function.return.type': 'dict',
        'code.function.return.value': '{"temp_c": 3}',
      }),
      parentSpanId: 'g1',
    };
    const time = { ...span('t', 'x2', 'execute_tool get_time', { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'get_time', 'code.function.parameters.city.type': 'str', 'code.function.parameters.city.value': 'Oslo' }, { code: 2, message: 'TimeoutError' }), parentSpanId: 'g1' };
    const [item] = read(model, weather, time);
    expect(turnsOf(item!)).toEqual([
      ['user', 'Weather and time in Oslo?'],
      ['tool_call', 'get_weather', { city: 'Oslo', days: 2, options: { units: 'metric' } }],
      ['tool_output', 'x1', { temp_c: 3 }],
      ['tool_call', 'get_time', { city: 'Oslo' }],
      ['tool_output', 'x2', { error: 'TimeoutError' }],
      // Before: the answer came before the calls (the model call's span starts first), and the calls had no arguments and a null result.
      ['assistant', '3 °C; the clock failed.'],
    ]);
  });

  it('does not add again the calls a model call ran itself when the next call\'s history holds them (the chat goes on)', () => {
    const answer = { role: 'assistant', parts: [{ type: 'text', content: '3 °C at 16:05.' }] };
    const child = (id: string, tool: string, result: string) => ({
      ...span('t', id, `execute_tool ${tool}`, { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': tool, 'code.function.parameters.city.type': 'str', 'code.function.parameters.city.value': 'Oslo', 'code.function.return.type': 'dict', 'code.function.return.value': result }),
      parentSpanId: 'g1',
    });
    // The SDK's chat keeps the automatic turns: the model's two calls (ids made up) and the responses.
    const automatic = [
      { role: 'assistant', parts: [{ type: 'tool_call', id: 'get_weather_0', name: 'get_weather', arguments: { city: 'Oslo' } }, { type: 'tool_call', id: 'get_time_1', name: 'get_time', arguments: { city: 'Oslo' } }] },
      { role: 'user', parts: [{ type: 'tool_call_response', id: 'get_weather_0', response: { temp_c: 3 } }, { type: 'tool_call_response', id: 'get_time_1', response: { time: '16:05' } }] },
    ];
    const next = { role: 'user', parts: [{ type: 'text', content: 'Thanks!' }] };
    const [item] = read(
      span('t', 'g1', 'generate_content', genAi([question], [answer])),
      child('x1', 'get_weather', '{"temp_c": 3}'),
      child('x2', 'get_time', '{"time": "16:05"}'),
      span('t', 'g2', 'generate_content', genAi([question, ...automatic, answer, next], [{ role: 'assistant', parts: [{ type: 'text', content: 'You are welcome.' }] }])),
    );
    expect(turnsOf(item!)).toEqual([
      ['user', 'Weather and time in Oslo?'],
      ['tool_call', 'get_weather', { city: 'Oslo' }],
      ['tool_output', 'x1', { temp_c: 3 }],
      ['tool_call', 'get_time', { city: 'Oslo' }],
      ['tool_output', 'x2', { time: '16:05' }],
      ['assistant', '3 °C at 16:05.'],
      // Before: the two calls, their outputs and the answer again, here.
      ['user', 'Thanks!'],
      ['assistant', 'You are welcome.'],
    ]);
  });

  it('reads an ADK tool span\'s response as the output of the call it ran when no later request holds it, by ADK\'s call id', () => {
    const [item] = read(
      span('t', 'l1', 'call_llm', {
        'gen_ai.system': 'gcp.vertex.agent',
        'gen_ai.request.model': 'gemini-2.0-flash',
        'gcp.vertex.agent.llm_request': JSON.stringify({ model: 'gemini-2.0-flash', config: { system_instruction: { parts: [{ text: 'Be brief.' }], role: 'user' } }, contents: [{ parts: [{ text: 'Book a taxi.' }], role: 'user' }] }),
        'gcp.vertex.agent.llm_response': JSON.stringify({ content: { parts: [{ function_call: { id: 'adk-7', args: { to: 'airport' }, name: 'book_taxi' } }], role: 'model' } }),
      }),
      span('t', 't1', 'execute_tool book_taxi', {
        'gen_ai.system': 'gcp.vertex.agent',
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'book_taxi',
        'gen_ai.tool.call.id': 'adk-7',
        'gcp.vertex.agent.tool_call_args': '{"to": "airport"}',
        'gcp.vertex.agent.tool_response': '{"result": "booked"}',
        'gcp.vertex.agent.llm_request': '{}',
        'gcp.vertex.agent.llm_response': '{}',
      }),
    );
    expect(turnsOf(item!)).toEqual([
      ['system', 'Be brief.'],
      ['user', 'Book a taxi.'],
      ['tool_call', 'book_taxi', { to: 'airport' }],
      ['tool_output', 'adk-7', { result: 'booked' }],
    ]);
    expect(item!.findings.filter((f) => f.validator === 'otlp-span-not-read')).toEqual([]);
  });

  /** OpenInference's google-genai attributes for one model call: `history` as numbered input messages after the question. */
  const openInference = (history: Record<string, string>, output: Record<string, string>) => ({
    'openinference.span.kind': 'LLM',
    'llm.provider': 'google',
    'llm.input_messages.0.message.role': 'user',
    'llm.input_messages.0.message.content': 'Weather in Oslo and Rome?',
    ...history,
    ...output,
  });
  const modelCalls = (n: number) => ({
    [`llm.input_messages.${n}.message.role`]: 'model',
    [`llm.input_messages.${n}.message.tool_calls.0.tool_call.function.name`]: 'get_weather',
    [`llm.input_messages.${n}.message.tool_calls.0.tool_call.function.arguments`]: '{"city": "Oslo"}',
    [`llm.input_messages.${n}.message.tool_calls.1.tool_call.function.name`]: 'get_weather',
    [`llm.input_messages.${n}.message.tool_calls.1.tool_call.function.arguments`]: '{"city": "Rome"}',
  });
  const answer = { 'llm.output_messages.0.message.role': 'model', 'llm.output_messages.0.message.content': 'Rome is warmer.' };

  it('keeps a user message after a model call that is not one JSON object per call as the user\'s, and the calls without output', () => {
    const [item] = read(
      span('t', 's1', 'GenerateContent', openInference(modelCalls(1), { 'llm.input_messages.2.message.role': 'user', 'llm.input_messages.2.message.content': '{"city": "Oslo", "temp_c": 3}', ...answer })),
    );
    expect(turnsOf(item!)).toEqual([
      ['user', 'Weather in Oslo and Rome?'],
      ['tool_call', 'get_weather', { city: 'Oslo' }],
      ['tool_call', 'get_weather', { city: 'Rome' }],
      // One part for two calls: not read as their outputs.
      ['user', '{"city": "Oslo", "temp_c": 3}'],
      ['assistant', 'Rome is warmer.'],
    ]);
    expect(item!.findings.filter((f) => f.validator === 'conversation-unanswered-tool-call').map((f) => f.severity)).toEqual(['error', 'error']);
  });

  it('reads a user message of JSON parts as outputs only after a model message (written `model`), not after another assistant', () => {
    const parts = {
      'llm.input_messages.2.message.role': 'user',
      'llm.input_messages.2.message.contents.0.message_content.type': 'text',
      'llm.input_messages.2.message.contents.0.message_content.text': '{"temp_c": 3}',
      'llm.input_messages.2.message.contents.1.message_content.type': 'text',
      'llm.input_messages.2.message.contents.1.message_content.text': '{"temp_c": 17}',
    };
    const assistantCalls = Object.fromEntries(Object.entries(modelCalls(1)).map(([k, v]) => [k, v === 'model' ? 'assistant' : v]));
    const [gemini] = read(span('g', 's1', 'GenerateContent', openInference({ ...modelCalls(1), ...parts }, answer)));
    const [other] = read(span('o', 's1', 'ChatCompletion', openInference({ ...assistantCalls, ...parts }, answer)));
    expect(turnsOf(gemini!).slice(3, 5)).toEqual([
      ['tool_output', null, { temp_c: 3 }],
      ['tool_output', null, { temp_c: 17 }],
    ]);
    expect(pairs(gemini!)).toEqual([
      [1, 'get_weather', 3, 'get_weather'],
      [2, 'get_weather', 4, 'get_weather'],
    ]);
    expect(turnsOf(other!).slice(3, 4)).toEqual([['user', '{"temp_c": 3}\n{"temp_c": 17}']]);
  });
});
