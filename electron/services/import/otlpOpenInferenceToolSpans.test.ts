import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';
import { callsWithOutputs as calls, turnTuples } from '../../testing/conversationTurns';

/** Each call the conversation view shows: its tool, its arguments, and the output linked to it (its turn, tool name and content). */
const callsWithOutputs = (payload: unknown) => calls(payload).map(([, name, args, output]) => [name, args, output]);

/**
 * OpenInference traces whose model calls carry no tool call ids, and whose TOOL spans carry
 * none either (fixtures/releases/otlp-openinference-no-call-ids.json): each TOOL span's output
 * answers the call of its tool it ran, by name and order, and a TOOL span that answers no call
 * is named. Before, the outputs were not read (the calls showed "has no output" errors) and
 * every TOOL span was only named in a warning.
 */
let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());


describe('OpenInference TOOL spans without call ids', () => {
  it('import with each output paired with the call it answers, and the TOOL span that answers no call named', async () => {
    ws = await annotationWorkspace([]);
    const report = (await ws.api('datasets.import', { sources: [{ path: path.join(RELEASES, 'otlp-openinference-no-call-ids.json') }] })).files[0]!;
    // Two traces, two conversations; one warning (trace 1's unread spans), one information (trace 2's), no error.
    // Before: 3 errors (trace 1's three calls "has no output") and 2 warnings.
    expect([report.status, report.format, report.imported, report.errors, report.findings]).toEqual(['imported', 'preset:otlp-genai', 2, [], { errors: 0, warnings: 1 }]);

    // Trace 1: one model call makes three calls without ids (get_weather twice, get_local_time);
    // four TOOL spans follow, without ids: get_weather (Paris), get_local_time, get_weather (Oslo), book_taxi.
    const trip = await ws.api('items.get', { id: ws.itemId('5e0b7c2a91d34f6c8a7e4b1d2c3f4a01') });
    expect(turnTuples(trip.payload)).toEqual([
      ['system', 'You are a travel assistant. Use the tools, then answer in one sentence.'],
      ['user', 'What is the weather in Paris and in Oslo, and what time is it in Oslo?'],
      ['tool_call', 'get_weather', { city: 'Paris' }],
      ['tool_call', 'get_weather', { city: 'Oslo' }],
      ['tool_call', 'get_local_time', { city: 'Oslo' }],
      // The outputs where the TOOL spans ran, in their order; no call ids to show.
      ['tool_output', null, { city: 'Paris', temp_c: 14, sky: 'cloudy' }],
      ['tool_output', null, { city: 'Oslo', time: '16:05' }],
      ['tool_output', null, { city: 'Oslo', temp_c: 3, sky: 'clear' }],
    ]);
    // The 1st get_weather span answers the 1st get_weather call, the 2nd the 2nd (the get_local_time
    // span between them does not shift them), get_local_time's its call.
    expect(callsWithOutputs(trip.payload)).toEqual([
      ['get_weather', { city: 'Paris' }, [5, 'get_weather', { city: 'Paris', temp_c: 14, sky: 'cloudy' }]],
      ['get_weather', { city: 'Oslo' }, [7, 'get_weather', { city: 'Oslo', temp_c: 3, sky: 'clear' }]],
      ['get_local_time', { city: 'Oslo' }, [6, 'get_local_time', { city: 'Oslo', time: '16:05' }]],
    ]);
    // 8 turns (before: 5, the outputs missing), 3 calls.
    expect(trip.metadata).toMatchObject({ model: 'llama3.1:8b', turnCount: 8, toolCallCount: 3 });
    // No "has no output" error; the agent span (a wrapper) and book_taxi's TOOL span, which answers
    // no call (no book_taxi call was made), are named; book_taxi's output makes it a warning.
    expect(trip.findings.map((f) => [f.validator, f.severity, f.message])).toEqual([
      [
        'otlp-span-not-read',
        'warning',
        '2 spans with content not read as turns or tool calls (not a chat, completion or execute_tool span this reader knows): ' +
          '"TravelAgent.run" (span a100000000000001, openinference.span.kind AGENT: input.value, output.value); ' +
          '"book_taxi" (span c100000000000004, openinference.span.kind TOOL: input.value, output.value; no call of book_taxi open before it to answer)',
      ],
    ]);
    // The release has no gold trace: no scores to show.
    expect(trip.metrics).toBeNull();

    // Trace 2: the second model call's history holds both get_weather outputs, without ids but
    // named (message.name): they are read from there, once, as the model was sent them; the TOOL
    // spans (their output written as a Python dict) only repeat them, named for information.
    const warmer = await ws.api('items.get', { id: ws.itemId('5e0b7c2a91d34f6c8a7e4b1d2c3f4a02') });
    expect(turnTuples(warmer.payload)).toEqual([
      ['system', 'You are a travel assistant. Use the tools, then answer in one sentence.'],
      ['user', 'Is it warmer in Rome or in Lisbon?'],
      ['tool_call', 'get_weather', { city: 'Rome' }],
      ['tool_call', 'get_weather', { city: 'Lisbon' }],
      ['tool_output', null, { city: 'Rome', temp_c: 17 }],
      ['tool_output', null, { city: 'Lisbon', temp_c: 19 }],
      ['assistant', 'Lisbon is warmer: 19 °C against 17 °C in Rome.'],
    ]);
    expect(callsWithOutputs(warmer.payload)).toEqual([
      ['get_weather', { city: 'Rome' }, [4, 'get_weather', { city: 'Rome', temp_c: 17 }]],
      ['get_weather', { city: 'Lisbon' }, [5, 'get_weather', { city: 'Lisbon', temp_c: 19 }]],
    ]);
    // Before: a warning (the TOOL spans answered no call with an id).
    expect(warmer.findings.map((f) => [f.validator, f.severity, f.message])).toEqual([
      [
        'otlp-span-not-read',
        'info',
        '2 spans with content not read as turns or tool calls (not a chat, completion or execute_tool span this reader knows): ' +
          '"get_weather" (span c200000000000001, openinference.span.kind TOOL: input.value, output.value); "get_weather" (span c200000000000002, openinference.span.kind TOOL: input.value, output.value)',
      ],
    ]);
  });
});
