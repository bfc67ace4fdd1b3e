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
