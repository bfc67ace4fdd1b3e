import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';
import { turnTuples } from '../../testing/conversationTurns';

/**
 * OTLP traces in the OpenLLMetry (traceloop) and OpenInference shapes, which carry numbered
 * message attributes and no gen_ai.operation.name (fixtures/releases/otlp-openllmetry-traces.json),
 * import with their turns and tool calls, and name the spans with content they do not read.
 */
let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

const turnsOf = turnTuples;

describe('OpenLLMetry and OpenInference traces', () => {
  it('import with a plain import: one conversation per trace, the turns and tool calls a user sees, the unread spans named', async () => {
    ws = await annotationWorkspace([]);
    const report = (await ws.api('datasets.import', { sources: [{ path: path.join(RELEASES, 'otlp-openllmetry-traces.json') }] })).files[0]!;
    // Three traces, each with at least one model call read.
    expect([report.status, report.format, report.imported, report.errors]).toEqual(['imported', 'preset:otlp-genai', 3, []]);

    // Trace 1, OpenLLMetry: two openai.chat spans; the second repeats the first's history, so
    // only the tool result and the answer are new. The 20-digit order id and tracking number keep their digits.
    const shop = await ws.api('items.get', { id: ws.itemId('7d3c1e0a9b2f4c8e8a6b5d4c3b2a1f00') });
    expect(turnsOf(shop.payload)).toEqual([
      ['system', 'You answer questions about orders.'],
      ['user', 'Where is order 12345678901234567891?'],
      ['tool_call', 'get_order', { order_id: '12345678901234567891' }],
      ['tool_output', 'call_a1', { status: 'shipped', tracking: '98765432109876543210' }],
      ['assistant', 'It shipped on 25 November; tracking number 98765432109876543210.'],
    ]);
    expect((shop.payload as { numbersAsWritten?: string[] }).numbersAsWritten).toEqual(expect.arrayContaining(['12345678901234567891', '98765432109876543210']));
    expect(shop.metadata).toMatchObject({ model: 'gpt-4o-mini', turnCount: 5, toolCallCount: 1 });
    // The workflow wrapper and the embedding call are not turns; the embedding makes it a warning.
    expect(shop.findings.map((f) => [f.validator, f.severity, f.message])).toEqual([
      [
        'otlp-span-not-read',
        'warning',
        '2 spans with content not read as turns or tool calls (not a chat, completion or execute_tool span this reader knows): ' +
          '"order_help.workflow" (span w1, traceloop.span.kind workflow: traceloop.entity.input, traceloop.entity.output); ' +
          '"openai.embeddings" (span e1, llm.request.type embedding: gen_ai.prompt.0.content)',
      ],
    ]);

    // Trace 2: a legacy completion (gen_ai.prompt.0.user) and then a span with the current attributes.
    const greet = await ws.api('items.get', { id: ws.itemId('1f2e3d4c5b6a79880f1e2d3c4b5a6978') });
    expect(turnsOf(greet.payload)).toEqual([
      ['user', 'Say hello to Ada.'],
      ['assistant', 'Hello, Ada!'],
      ['user', 'And to Grace?'],
      ['assistant', 'Hello, Grace!'],
    ]);
    expect(greet.findings).toEqual([]);

    // Trace 3, OpenInference: the TOOL span's input and output are the tool call and result the
    // second LLM span's history holds; named for information only.
    const cancel = await ws.api('items.get', { id: ws.itemId('a0b1c2d3e4f5061728394a5b6c7d8e9f') });
    expect(turnsOf(cancel.payload)).toEqual([
      ['user', 'Cancel order 77.'],
      ['tool_call', 'cancel_order', { order_id: '77' }],
      ['tool_output', 'call_c1', { cancelled: true }],
      ['assistant', 'Order 77 is cancelled.'],
    ]);
    expect(cancel.findings.map((f) => [f.validator, f.severity])).toEqual([['otlp-span-not-read', 'info']]);
  });
});

describe('an agent handoff and embedding-only traces in one export', () => {
  it('imports the handoff once with both system prompts, and names the embedding traces in one warning instead of importing them empty', async () => {
    ws = await annotationWorkspace([]);
    const attributes = (pairs: Record<string, string>) => Object.entries(pairs).map(([key, value]) => ({ key, value: { stringValue: value } }));
    const at = (n: number) => String(1732550400000000000n + BigInt(n) * 1000000000n);
    const user = { role: 'user', parts: [{ type: 'text', content: 'I was charged twice.' }] };
    const handoff = { role: 'assistant', parts: [{ type: 'tool_call', id: 'h1', name: 'transfer_to_billing', arguments: {} }] };
    const chat = (spanId: string, n: number, system: string, inputs: unknown[], outputs: unknown[]) => ({
      traceId: 'a1',
      spanId,
      name: 'chat gpt-4o',
      startTimeUnixNano: at(n),
      attributes: attributes({ 'gen_ai.operation.name': 'chat', 'gen_ai.system_instructions': system, 'gen_ai.input.messages': JSON.stringify(inputs), 'gen_ai.output.messages': JSON.stringify(outputs) }),
    });
    const spans = [
      chat('c1', 1, 'You are the triage agent.', [user], [handoff]),
      chat('c2', 2, 'You are the billing agent.', [user, handoff, { role: 'tool', parts: [{ type: 'tool_call_response', id: 'h1', response: 'Billing agent' }] }], [{ role: 'assistant', parts: [{ type: 'text', content: 'Refunded.' }] }]),
      ...[1, 2, 3].map((n) => ({ traceId: `e${n}`, spanId: `s${n}`, name: 'openai.embeddings', startTimeUnixNano: at(10 + n), attributes: attributes({ 'llm.request.type': 'embedding', 'gen_ai.prompt.0.content': `chunk ${n}` }) })),
    ];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-otlp-'));
    const file = path.join(dir, 'handoff.json');
    fs.writeFileSync(file, JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] }));
    try {
      const report = (await ws.api('datasets.import', { sources: [{ path: file }] })).files[0]!;
      // Before: 4 items (the three embedding traces empty, each with a "no turns" error).
      expect([report.status, report.imported, report.findings]).toEqual(['imported', 1, { errors: 0, warnings: 1 }]);
      const item = await ws.api('items.get', { id: ws.itemId('a1') });
      // Before: 8 turns, the question and the handoff call twice (the billing call's history did not match the triage call's under another system prompt).
      expect(turnsOf(item.payload)).toEqual([
        ['system', 'You are the triage agent.'],
        ['user', 'I was charged twice.'],
        ['tool_call', 'transfer_to_billing', {}],
        ['tool_output', 'h1', 'Billing agent'],
        ['system', 'You are the billing agent.'],
        ['assistant', 'Refunded.'],
      ]);
      expect(item.findings.map((f) => [f.validator, f.severity, f.message])).toEqual([
        [
          'otlp-trace-not-read',
          'warning',
          '3 other traces of the file skipped, not imported: no span in them is a chat, completion or execute_tool span this reader knows (e1, e2, e3); ' +
            'their spans with content: 3 "openai.embeddings" (span s1 and others, llm.request.type embedding: gen_ai.prompt.0.content)',
        ],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
