/**
 * Speed and scale of the chat reader, with timed assertions: the heavy tier (`npm run
 * test:heavy`), where soaks and deadlines belong (the everyday tier has no timed assertions);
 * 100,000 conversations took 5–11 s of the everyday Vitest run.
 */
import { describe, expect, it } from 'vitest';
import { conversationFormats } from './index';
import type { TraceMetrics } from './model';

const chatJsonl = conversationFormats[0];

/** A chat record with `rounds` × (user, assistant tool call, tool output, assistant) messages. */
function record(id: number, rounds: number): unknown {
  const messages: unknown[] = [{ role: 'system', content: 'You are a support agent.' }];
  const expected: unknown[] = [];
  for (let r = 0; r < rounds; r++) {
    messages.push({ role: 'user', content: `request ${r} for order SO-${id}` });
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: `c${r}`, type: 'function', function: { name: `tool_${r % 5}`, arguments: `{"orderId": "SO-${id}", "n": ${r}}` } }],
    });
    messages.push({ role: 'tool', tool_call_id: `c${r}`, content: `{"status": "ok", "round": ${r}}` });
    messages.push({ role: 'assistant', content: `Done with step ${r}.` });
    expected.push({ name: `tool_${r % 5}`, arguments: { orderId: `SO-${id}`, n: r } });
  }
  return { id: `conv-${id}`, domain: 'retail', graph: 'G', expected_tool_trace: expected, messages };
}

describe('performance', () => {
  it('reads a 300-turn conversation with its metrics quickly', () => {
    const start = performance.now();
    const [item] = chatJsonl.createReader({ fileName: 'long.jsonl' }).add(record(1, 75), 1); // 1 + 75·4 = 301 turns
    const elapsed = performance.now() - start;
    expect(item.metadata.turnCount).toBe(301);
    expect((item.metrics as TraceMetrics).toolCallAccuracy).toBe(1);
    expect(elapsed).toBeLessThan(500);
  });

  it('stays linear in the number of turns (a 40,000-turn conversation in well under a second or two)', () => {
    const input = record(2, 10_000);
    const start = performance.now();
    const [item] = chatJsonl.createReader({ fileName: 'huge.jsonl' }).add(input, 1);
    const elapsed = performance.now() - start;
    expect(item.metadata.turnCount).toBe(40_001);
    // 10,000 calls per trace exceed the LCS cell budget, so the greedy alignment is used.
    expect((item.metrics as TraceMetrics).traceExactMatch).toBe(true);
    expect(elapsed).toBeLessThan(5000);
  });

  it('streams 100,000 conversations through one reader without keeping them', () => {
    const reader = chatJsonl.createReader({ fileName: 'bench.jsonl' });
    const start = performance.now();
    let turns = 0;
    for (let i = 0; i < 100_000; i++) {
      const [item] = reader.add(record(i, 2), i + 1);
      turns += item.metadata.turnCount as number;
    }
    const elapsed = performance.now() - start;
    expect(turns).toBe(100_000 * 9);
    expect(reader.finish()).toEqual([]);
    // Generous for a shared 2-core machine; the point is that nothing grows per record.
    expect(elapsed).toBeLessThan(30_000);
  });
});
