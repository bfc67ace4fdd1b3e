/**
 * Speed of the OTLP reader's pairing of OpenInference TOOL spans with the calls they answer,
 * with timed assertions: the heavy tier (`npm run test:heavy`). Before, each TOOL span searched
 * every call made and, for each, every output paired so far (calls × outputs per span): 1,000,
 * 2,000 and 4,000 rounds of the trace below took 0.4 s, 4 s and 21 s; the lookups by id and by a
 * queue per tool name are linear (10,000 rounds in about 1.5 s).
 */
import { describe, expect, it } from 'vitest';
import type { Conversation, ToolCallTurn } from '../conversations/model';
import { otlpReader } from './otlpGenAi';

const attrs = (pairs: Record<string, string>) => Object.entries(pairs).map(([key, value]) => ({ key, value: { stringValue: value } }));
const at = (n: number) => String(1732550400000000000n + BigInt(n) * 1000000n);

/** One trace: `rounds` model calls, each making one call of one of 7 tools (every other call with an id), each followed by its TOOL span (with no id). */
function trace(rounds: number): unknown {
  const spans: unknown[] = [];
  for (let r = 0; r < rounds; r++) {
    const name = `tool_${r % 7}`;
    const call: Record<string, string> = {
      'openinference.span.kind': 'LLM',
      'llm.input_messages.0.message.role': 'user',
      'llm.input_messages.0.message.content': `step ${r}`,
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.tool_calls.0.tool_call.function.name': name,
      'llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments': `{"n": ${r}}`,
    };
    if (r % 2 === 0) call['llm.output_messages.0.message.tool_calls.0.tool_call.id'] = `c${r}`;
    spans.push({ traceId: 't', spanId: `l${r}`, name: 'ChatCompletion', startTimeUnixNano: at(2 * r), attributes: attrs(call) });
    spans.push({ traceId: 't', spanId: `s${r}`, name, startTimeUnixNano: at(2 * r + 1), attributes: attrs({ 'openinference.span.kind': 'TOOL', 'tool.name': name, 'input.value': `{"n": ${r}}`, 'output.value': `{"done": ${r}}` }) });
  }
  return { resourceSpans: [{ scopeSpans: [{ spans }] }] };
}

describe('OpenInference TOOL spans at scale', () => {
  it('pairs 10,000 TOOL spans with their calls in linear time', () => {
    const input = trace(10_000);
    const start = performance.now();
    const reader = otlpReader();
    reader.add(input, 1);
    const [item] = reader.finish();
    const elapsed = performance.now() - start;
    const turns = (item!.payload as Conversation).turns;
    // user, call, output per round.
    expect(turns.length).toBe(30_000);
    // Every call is answered by the output of its own round.
    const calls = turns.filter((t): t is ToolCallTurn => t.role === 'tool_call');
    expect(calls.length).toBe(10_000);
    const wrong = calls.filter((t, r) => {
      const output = turns[t.index + 1]!;
      return t.call.outputTurn !== t.index + 1 || output.role !== 'tool_output' || JSON.stringify(output.output.content) !== `{"done":${r}}`;
    });
    expect(wrong).toEqual([]);
    // Generous for a shared 2-core machine; before, 4,000 rounds took 21 s.
    expect(elapsed).toBeLessThan(5000);
  });
});
