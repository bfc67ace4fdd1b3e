import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../core/formats/conversations/model';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';
import { callsWithOutputs, turnTuples } from '../../testing/conversationTurns';

/**
 * Traces of Gemini calls (fixtures/releases/otlp-gemini-traces.json), in the two shapes the
 * instrumentations write: OpenInference's google-genai instrumentation (numbered
 * `llm.input_messages.N.*`, the assistant's role as Gemini names it, `model`, and the function
 * responses as a `user` message of JSON parts with no function name or id), and the
 * OpenTelemetry google-genai instrumentation (`gen_ai.input.messages` with `tool_call_response`
 * parts under the `user` role, and ids made up as `<name>_<part index>`, which differ between a
 * call after text and its response and repeat from one turn to the next), and OpenInference's
 * record of the SDK's automatic function calling (the calls and responses only in
 * `output.value`). Before, the history's `model` messages were empty `other` turns, the
 * responses user turns (or lost), the second turn's call dropped as one already made, and the
 * automatic calls missing.
 */
let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());


/** The turns with extra fields (what the source had beyond the model): their index and those fields. */
function extras(payload: unknown): unknown[][] {
  return (payload as Conversation).turns.filter((t) => t.extra !== undefined).map((t) => [t.index, t.extra]);
}

describe('OTLP traces of Gemini calls', () => {
  it('import with model messages as the assistant and the function responses as the outputs of the calls they answer', async () => {
    ws = await annotationWorkspace([]);
    const report = (await ws.api('datasets.import', { sources: [{ path: path.join(RELEASES, 'otlp-gemini-traces.json') }] })).files[0]!;
    // Three traces, three conversations; one warning (trace 2's reused call id, below), no error.
    // Before: 4 errors (four calls "has no output").
    expect([report.status, report.format, report.imported, report.errors, report.findings]).toEqual(['imported', 'preset:otlp-genai', 3, [], { errors: 0, warnings: 1 }]);

    // Trace 1 (OpenInference): the first call makes two get_weather calls without ids; the second
    // call's history holds them under role `model`, then a `user` message of two JSON parts, the
    // responses, in the calls' order.
    const weather = await ws.api('items.get', { id: ws.itemId('7a3c0e5b2d914f6a8b1c2d3e4f5a6b01') });
    expect(turnTuples(weather.payload)).toEqual([
      ['system', 'You are a weather assistant. Call get_weather once per city, then answer in one sentence.'],
      ['user', 'Is it warmer in Paris or in Oslo right now?'],
      ['tool_call', 'get_weather', { city: 'Paris' }],
      ['tool_call', 'get_weather', { city: 'Oslo' }],
      // No ids to show: Gemini gave none.
      ['tool_output', null, { city: 'Paris', temp_c: 14, sky: 'cloudy' }],
      ['tool_output', null, { city: 'Oslo', temp_c: 3, sky: 'clear' }],
      ['assistant', 'Paris is warmer: 14 °C against 3 °C in Oslo.'],
    ]);
    // The k-th part answers the k-th call, named by it.
    expect(callsWithOutputs(weather.payload)).toEqual([
      [2, 'get_weather', { city: 'Paris' }, [4, 'get_weather', { city: 'Paris', temp_c: 14, sky: 'cloudy' }]],
      [3, 'get_weather', { city: 'Oslo' }, [5, 'get_weather', { city: 'Oslo', temp_c: 3, sky: 'clear' }]],
    ]);
    // 7 turns: system, question, 2 calls, 2 outputs, answer. Before: 6, the history's model
    // message an empty `other` turn, both responses one user turn, and the answer lost.
    expect(weather.metadata).toMatchObject({ model: 'gemini-2.0-flash', turnCount: 7, toolCallCount: 2 });
    // Before: "tool call 'get_weather' has no output" twice (errors), and "role 'model' is not interpreted".
    expect(weather.findings).toEqual([]);
    // The answer's reasoning part (a Gemini thought) is kept beside its text, not in it. Before:
    // the whole answer was dropped, with no finding, as its contents were not all text.
    expect(extras(weather.payload)).toEqual([[6, { reasoning: '14 °C in Paris is more than 3 °C in Oslo.' }]]);
    // No gold trace in the release: no scores.
    expect(weather.metrics).toBeNull();

    // Trace 2 (OpenTelemetry semconv): two rounds. Round 1: book_table_0 and get_forecast_1,
    // answered by responses with the same ids. Round 2: "Let me look." then a call made up as
    // get_forecast_1 again (the text is part 0), answered by a response made up as
    // get_forecast_0 (the only part of its content).
    const concierge = await ws.api('items.get', { id: ws.itemId('7a3c0e5b2d914f6a8b1c2d3e4f5a6b02') });
    expect(turnTuples(concierge.payload)).toEqual([
      ['system', 'You are a concierge. Use the tools; keep answers short.'],
      ['user', 'Book a table for two at 19:00 tonight, and what is the forecast for tonight?'],
      ['tool_call', 'book_table', { party: 2, time: '19:00' }],
      ['tool_call', 'get_forecast', { day: 'today' }],
      ['tool_output', 'book_table_0', { booked: true, table: 12 }],
      ['tool_output', 'get_forecast_1', { day: 'today', sky: 'clear', low_c: 9 }],
      ['assistant', 'Booked table 12 for 19:00; tonight is clear, 9 °C.'],
      ['user', 'And the forecast for Friday?'],
      ['assistant', 'Let me look.'],
      ['tool_call', 'get_forecast', { day: 'friday' }],
      // The response made up as get_forecast_0 answers the one get_forecast call before it, and takes its id.
      ['tool_output', 'get_forecast_1', { day: 'friday', sky: 'rain', low_c: 6 }],
      ['assistant', 'Friday: rain, 6 °C.'],
    ]);
    expect(callsWithOutputs(concierge.payload)).toEqual([
      [2, 'book_table', { party: 2, time: '19:00' }, [4, null, { booked: true, table: 12 }]],
      [3, 'get_forecast', { day: 'today' }, [5, null, { day: 'today', sky: 'clear', low_c: 9 }]],
      [9, 'get_forecast', { day: 'friday' }, [10, 'get_forecast', { day: 'friday', sky: 'rain', low_c: 6 }]],
    ]);
    // 12 turns, 3 calls. Before: 10 turns and 2 calls: each response content was an empty user
    // turn (round 1's calls "has no output", two errors), and round 2's call was dropped as the
    // call get_forecast_1 already made.
    expect(concierge.metadata).toMatchObject({ model: 'gemini-2.5-flash', turnCount: 12, toolCallCount: 3 });
    // Before: the reasoning part was dropped, with no finding.
    expect(extras(concierge.payload)).toEqual([[11, { reasoning: 'The forecast says rain, low 6.' }]]);
    // The id the instrumentation reuses is named; the outputs are paired in order, as above.
    expect(concierge.findings.map((f) => [f.validator, f.severity, f.location, f.message])).toEqual([
      ['conversation-duplicate-call-id', 'warning', { turn: 9 }, "call id 'get_forecast_1' is also used by the call at turn 3; outputs are paired in order"],
    ]);

    // Trace 3 (OpenInference, the SDK's automatic function calling): one span ran get_weather
    // itself; the call and its response are only in the span's output.value, as
    // automatic_function_calling_history. The next call's history holds them (the response as
    // JSON text written with other spacing), and adds only the new question.
    const automatic = await ws.api('items.get', { id: ws.itemId('7a3c0e5b2d914f6a8b1c2d3e4f5a6b03') });
    expect(turnTuples(automatic.payload)).toEqual([
      ['system', 'You are a weather assistant.'],
      ['user', 'What is the weather in Lisbon?'],
      ['tool_call', 'get_weather', { city: 'Lisbon' }],
      ['tool_output', null, { city: 'Lisbon', temp_c: 19, sky: 'sunny' }],
      ['assistant', 'Lisbon: 19 °C and sunny.'],
      ['user', 'Thanks. Should I take an umbrella?'],
      ['assistant', 'No: it is sunny.'],
    ]);
    expect(callsWithOutputs(automatic.payload)).toEqual([[2, 'get_weather', { city: 'Lisbon' }, [3, 'get_weather', { city: 'Lisbon', temp_c: 19, sky: 'sunny' }]]]);
    // 7 turns, 1 call. Before: 8, the answer first, then the call and its output and the answer
    // again (from the second call's history), with no finding.
    expect(automatic.metadata).toMatchObject({ model: 'gemini-2.0-flash', turnCount: 7, toolCallCount: 1 });
    expect(automatic.findings).toEqual([]);
  });

  it('import an ADK trace: the model calls from call_llm spans, the outputs from the next request, the tool spans that repeat them named for information', async () => {
    ws = await annotationWorkspace([]);
    // Google's Agent Development Kit: call_llm spans hold the request and response as JSON
    // (gcp.vertex.agent.llm_request / llm_response, Gemini contents); execute_tool spans hold
    // the tool's arguments and response (gcp.vertex.agent.tool_call_args / tool_response), with
    // ADK's own call ids (adk-…), which it strips from the next request.
    const report = (await ws.api('datasets.import', { sources: [{ path: path.join(RELEASES, 'otlp-google-adk-traces.json') }] })).files[0]!;
    // No error or warning: only the information below.
    expect([report.status, report.format, report.imported, report.errors, report.findings]).toEqual(['imported', 'preset:otlp-genai', 1, [], undefined]);
    // Two traces (two invocations, one user turn each) of session s-42: one conversation.
    const weather = await ws.api('items.get', { id: ws.itemId('s-42') });
    expect(turnTuples(weather.payload)).toEqual([
      ['system', 'You are a weather agent. Use get_weather for each city the user names.'],
      ['user', 'Compare the weather in Paris and Oslo.'],
      ['tool_call', 'get_weather', { city: 'Paris' }],
      ['tool_call', 'get_weather', { city: 'Oslo' }],
      // From the second request's contents, as the model was sent them (without ADK's ids).
      ['tool_output', null, { city: 'Paris', temp_c: 14, sky: 'cloudy' }],
      ['tool_output', null, { city: 'Oslo', temp_c: 3, sky: 'clear' }],
      ['assistant', 'Paris is warmer (14 °C, cloudy) than Oslo (3 °C, clear).'],
      // The second invocation's request repeats the session: only the new question is added.
      ['user', 'Thanks! Which one is better for a walk?'],
      ['assistant', 'Paris: Oslo is too cold for a long walk today.'],
    ]);
    expect(callsWithOutputs(weather.payload)).toEqual([
      [2, 'get_weather', { city: 'Paris' }, [4, 'get_weather', { city: 'Paris', temp_c: 14, sky: 'cloudy' }]],
      [3, 'get_weather', { city: 'Oslo' }, [5, 'get_weather', { city: 'Oslo', temp_c: 3, sky: 'clear' }]],
    ]);
    // 9 turns, 2 calls. Before: 6 turns, 3 calls, no model, and no finding at all, the second
    // trace skipped silently: the call_llm spans were not read nor named (the system prompt, the
    // questions and the answers lost), and each execute_tool span (the merged one too) was a call
    // with {} as arguments and null as output.
    expect(weather.metadata).toMatchObject({ model: 'gemini-2.0-flash', turnCount: 9, toolCallCount: 2 });
    // The tool spans only repeat what the next request holds; ADK's merged span repeats them.
    expect(weather.findings.map((f) => [f.validator, f.severity, f.message])).toEqual([
      [
        'otlp-span-not-read',
        'info',
        '3 spans with content not read as turns or tool calls (not a chat, completion or execute_tool span this reader knows): ' +
          '"execute_tool get_weather" (span a000000000000004, gen_ai.operation.name execute_tool: gcp.vertex.agent.tool_call_args, gcp.vertex.agent.tool_response); ' +
          '"execute_tool get_weather" (span a000000000000005, gen_ai.operation.name execute_tool: gcp.vertex.agent.tool_call_args, gcp.vertex.agent.tool_response); ' +
          '"execute_tool (merged tools)" (span a000000000000006, gen_ai.operation.name execute_tool: gcp.vertex.agent.tool_call_args, gcp.vertex.agent.tool_response; ' +
          'the responses of parallel calls together, each read from its own span or the next request)',
      ],
    ]);
  });
});
