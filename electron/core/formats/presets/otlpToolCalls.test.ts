import { describe, expect, it } from 'vitest';
import type { Conversation, ToolCallTurn } from '../conversations/model';
import type { ParsedItem } from '../types';
import { otlpReader } from './otlpGenAi';
import { argumentsKey, MadeCalls } from './otlpToolCalls';

/**
 * Parallel calls of one tool without call ids, whose TOOL spans started in another order than
 * the calls were made: each span answers the call made with the arguments it ran with (its
 * `input.value`; an ADK tool span's `gcp.vertex.agent.tool_call_args`), not the k-th open call of
 * its tool. Before, the k-th TOOL span of a tool answered its k-th open call, by start time, so
 * Oslo's span, started first, answered the Paris call (and the other way round), with no finding.
 */

const attrs = (pairs: Record<string, string>) => Object.entries(pairs).map(([key, value]) => ({ key, value: { stringValue: value } }));

let clock = 0;
const span = (spanId: string, name: string, pairs: Record<string, string>) => ({
  traceId: 't',
  spanId,
  name,
  startTimeUnixNano: String(1732550400000000000n + BigInt(++clock) * 1000000000n),
  attributes: attrs(pairs),
});

const read = (...spans: ReturnType<typeof span>[]): ParsedItem => {
  const reader = otlpReader();
  reader.add({ resourceSpans: [{ scopeSpans: [{ spans }] }] }, 1);
  const items = reader.finish();
  expect(items).toHaveLength(1);
  return items[0]!;
};

/** A model call (OpenInference LLM span) that makes `calls` (tool name, arguments as written), without call ids. */
const llm = (spanId: string, calls: [string, string][]) => {
  const pairs: Record<string, string> = {
    'openinference.span.kind': 'LLM',
    'llm.input_messages.0.message.role': 'user',
    'llm.input_messages.0.message.content': 'Weather in Paris and in Oslo?',
    'llm.output_messages.0.message.role': 'assistant',
  };
  calls.forEach(([name, args], i) => {
    pairs[`llm.output_messages.0.message.tool_calls.${i}.tool_call.function.name`] = name;
    pairs[`llm.output_messages.0.message.tool_calls.${i}.tool_call.function.arguments`] = args;
  });
  return span(spanId, 'ChatCompletion', pairs);
};

/** An OpenInference TOOL span without a call id: `input` the arguments it ran with (none when undefined). */
const tool = (spanId: string, name: string, input: string | undefined, output: string) =>
  span(spanId, name, { 'openinference.span.kind': 'TOOL', 'tool.name': name, ...(input !== undefined ? { 'input.value': input } : {}), 'output.value': output });

/** Each call as the conversation view links it: its arguments and the content of the output linked to it. */
function links(item: ParsedItem): unknown[][] {
  const turns = (item.payload as Conversation).turns;
  return turns
    .filter((t): t is ToolCallTurn => t.role === 'tool_call')
    .map((t) => {
      const output = t.call.outputTurn === null ? null : turns[t.call.outputTurn]!;
      return [t.call.name, t.call.arguments, output?.role === 'tool_output' ? output.output.content : null];
    });
}

const findings = (item: ParsedItem) => item.findings.map((f) => [f.validator, f.severity, f.message]);

describe('TOOL spans of parallel calls of one tool, without call ids', () => {
  it('pair each span with the call made with its arguments when the spans started in another order (the review\'s repro)', () => {
    const item = read(
      llm('l1', [
        ['get_weather', '{"city": "Paris"}'],
        ['get_weather', '{"city": "Oslo"}'],
      ]),
      // Run in parallel: Oslo's span starts first.
      tool('s-oslo', 'get_weather', '{"city": "Oslo"}', '{"temp": -3, "city": "Oslo"}'),
      tool('s-paris', 'get_weather', '{"city": "Paris"}', '{"temp": 14, "city": "Paris"}'),
    );
    // Before: Paris ← {"temp":-3,"city":"Oslo"}, Oslo ← {"temp":14,"city":"Paris"}.
    expect(links(item)).toEqual([
      ['get_weather', { city: 'Paris' }, { temp: 14, city: 'Paris' }],
      ['get_weather', { city: 'Oslo' }, { temp: -3, city: 'Oslo' }],
    ]);
    // The outputs take the places of the tool's spans in the order of the calls (an output
    // without a call id answers the earliest open call of its tool): Paris's first.
    expect((item.payload as Conversation).turns.map((t) => t.role)).toEqual(['user', 'tool_call', 'tool_call', 'tool_output', 'tool_output']);
    // Paired by arguments: nothing to warn about.
    expect(findings(item)).toEqual([]);
  });

  it('compares the arguments as JSON values: key order, spacing and how a number is written do not matter', () => {
    const item = read(
      llm('l1', [
        ['get_weather', '{"city": "Paris", "days": 2}'],
        ['get_weather', '{"city": "Oslo", "days": 2}'],
      ]),
      tool('s-oslo', 'get_weather', '{ "days":2.0,"city":"Oslo" }', 'Oslo: -3'),
      tool('s-paris', 'get_weather', '{"days": 2, "city": "Paris"}', 'Paris: 14'),
    );
    expect(links(item)).toEqual([
      ['get_weather', { city: 'Paris', days: 2 }, 'Paris: 14'],
      ['get_weather', { city: 'Oslo', days: 2 }, 'Oslo: -3'],
    ]);
    expect(findings(item)).toEqual([]);
  });

  it('falls back to order when a span\'s arguments match no open call, with a warning naming it when the open calls differ', () => {
    const item = read(
      llm('l1', [
        ['get_weather', '{"city": "Paris"}'],
        ['get_weather', '{"city": "Oslo"}'],
      ]),
      // A Python repr (as LangChain writes a tool's input) is no JSON: no call has it.
      tool('s-oslo', 'get_weather', "{'city': 'Oslo'}", 'Oslo: -3'),
      // Once Paris's call is taken, only Oslo's is open: no choice made, no warning for this one.
      tool('s-paris', 'get_weather', "{'city': 'Paris'}", 'Paris: 14'),
    );
    // By order, as before: the first span answers the first call (here the wrong one, which the warning says may be).
    expect(links(item)).toEqual([
      ['get_weather', { city: 'Paris' }, 'Oslo: -3'],
      ['get_weather', { city: 'Oslo' }, 'Paris: 14'],
    ]);
    expect(findings(item)).toEqual([
      [
        'otlp-tool-span-paired-by-order',
        'warning',
        '1 tool span paired by order with a call of its tool, not by the arguments it ran with (none of the open calls of the tool, which differ, was made with them): the output may answer another call. ' +
          '"get_weather" (span s-oslo, input.value {\'city\': \'Oslo\'}): the earliest of 2 open calls of get_weather, made with {"city":"Paris"}',
      ],
    ]);
  });

  it('a span with no input.value is paired by order, with the warning when the open calls differ; none when they have the same arguments', () => {
    const differing = read(
      llm('l1', [
        ['get_weather', '{"city": "Paris"}'],
        ['get_weather', '{"city": "Oslo"}'],
      ]),
      tool('s1', 'get_weather', undefined, 'first'),
      tool('s2', 'get_weather', undefined, 'second'),
    );
    expect(links(differing)).toEqual([
      ['get_weather', { city: 'Paris' }, 'first'],
      ['get_weather', { city: 'Oslo' }, 'second'],
    ]);
    expect(findings(differing).map(([validator, severity, message]) => [validator, severity, (message as string).split('. ')[1]])).toEqual([
      ['otlp-tool-span-paired-by-order', 'warning', '"get_weather" (span s1, no input.value): the earliest of 2 open calls of get_weather, made with {"city":"Paris"}'],
    ]);

    // Two calls with the same arguments (written in another key order): whichever span answers which, the pairing is the same.
    const same = read(
      llm('l1', [
        ['get_weather', '{"city": "Paris", "unit": "C"}'],
        ['get_weather', '{"unit": "C", "city": "Paris"}'],
      ]),
      tool('s1', 'get_weather', undefined, 'first'),
      tool('s2', 'get_weather', '{"city": "Lyon"}', 'second'),
    );
    expect(links(same).map((l) => l[2])).toEqual(['first', 'second']);
    expect(findings(same)).toEqual([]);
  });

  it('names a span whose output is linked to another call than it ran: an earlier call of its tool that no span answered takes it', () => {
    const item = read(
      llm('l1', [
        ['get_weather', '{"city": "Paris"}'],
        ['get_weather', '{"city": "Oslo"}'],
      ]),
      // Only Oslo's call ran.
      tool('s-oslo', 'get_weather', '{"city": "Oslo"}', 'Oslo: -3'),
    );
    // The chat reader links an output without a call id to the earliest open call of its tool.
    expect(links(item)).toEqual([
      ['get_weather', { city: 'Paris' }, 'Oslo: -3'],
      ['get_weather', { city: 'Oslo' }, null],
    ]);
    expect(findings(item).filter(([validator]) => validator === 'otlp-tool-span-relinked')).toEqual([
      [
        'otlp-tool-span-relinked',
        'warning',
        '1 tool span output without a call id linked to another call than the span ran (an output without an id answers the earliest open call of its tool): ' +
          '"get_weather" (span s-oslo) ran the call of get_weather made with {"city":"Oslo"}, but its output is linked to the one made with {"city":"Paris"}',
      ],
    ]);
  });

  it('reads the arguments of an ADK tool span from gcp.vertex.agent.tool_call_args', () => {
    const adkTool = (spanId: string, args: string, response: string) =>
      span(spanId, 'execute_tool get_weather', {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'get_weather',
        'gen_ai.tool.call.id': '<not specified>',
        'gcp.vertex.agent.tool_call_args': args,
        'gcp.vertex.agent.tool_response': response,
      });
    const item = read(
      llm('l1', [
        ['get_weather', '{"city": "Paris"}'],
        ['get_weather', '{"city": "Oslo"}'],
      ]),
      adkTool('a-oslo', '{"city": "Oslo"}', '{"temp": -3}'),
      adkTool('a-paris', '{"city": "Paris"}', '{"temp": 14}'),
    );
    expect(links(item)).toEqual([
      ['get_weather', { city: 'Paris' }, { temp: 14 }],
      ['get_weather', { city: 'Oslo' }, { temp: -3 }],
    ]);
    expect(findings(item)).toEqual([]);
  });
});

describe('MadeCalls.pairSpan', () => {
  it('takes the earliest open call with the span\'s arguments, else the earliest open call, saying among how many differing ones', () => {
    const calls = new MadeCalls();
    const paris = calls.add(null, 'get_weather', 1, '{"city": "Paris"}');
    const oslo = calls.add(null, 'get_weather', 1, { city: 'Oslo' });
    const oslo2 = calls.add(null, 'get_weather', 1, '{"city":"Oslo"}');
    expect(calls.pairSpan(null, 'get_weather', '{"city": "Oslo"}')).toEqual({ call: oslo, byOrderAmong: null });
    // Open: Paris and the second Oslo call, which differ: the earliest, Paris, among 2.
    expect(calls.pairSpan(null, 'get_weather', '{"city": "Rome"}')).toEqual({ call: paris, byOrderAmong: 2 });
    // Only one open: no choice.
    expect(calls.pairSpan(null, 'get_weather', '{"city": "Rome"}')).toEqual({ call: oslo2, byOrderAmong: null });
    expect(calls.pairSpan(null, 'get_weather', '{"city": "Rome"}')).toBe('no-open-call');
  });

  it('a call a history answered is not open: it neither matches nor counts among the differing calls', () => {
    const calls = new MadeCalls();
    const paris = calls.add(null, 'get_weather', 1, '{"city": "Paris"}');
    const oslo = calls.add(null, 'get_weather', 1, '{"city": "Oslo"}');
    expect(calls.answerFromHistory(null, 'get_weather', 2)).toBe(paris);
    expect(calls.pairSpan(null, 'get_weather', '{"city": "Paris"}')).toEqual({ call: oslo, byOrderAmong: null });
  });

  it('argumentsKey: JSON with sorted keys; no arguments as {}; other text as text', () => {
    expect(argumentsKey('{"b": 1, "a": [{"d": 2, "c": 3}]}')).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    expect(argumentsKey({ b: 1, a: 2 })).toBe(argumentsKey('{"a": 2, "b": 1}'));
    expect(argumentsKey(null)).toBe('{}');
    expect(argumentsKey("{'city': 'Oslo'}")).toBe('"{\'city\': \'Oslo\'}"');
    // Digits a double cannot hold are compared as written.
    expect(argumentsKey('{"id": 12345678901234567891}')).not.toBe(argumentsKey('{"id": 12345678901234567892}'));
  });
});
