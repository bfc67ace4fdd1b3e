import type { TraceCall, Turn } from './model';
import { type JsonObject, own, requireArray, requireObject, requireString, shapeError, unknownFields } from './shape';
import { outputFailed } from './outputFailed';
import { argumentsObject, parseToolArguments } from './toolArguments';

const EXPECTED_CALL_FIELDS = new Set(['name', 'arguments', 'function', 'type', 'id']);

/**
 * Reads an expected tool trace: an array of `{name, arguments}` (arguments an object, a JSON
 * string of one, or absent for none), or of chat-style `{function: {name, arguments}}`.
 * Expected traces are reference data, so unlike an agent's calls a malformed one is an error.
 *
 * @throws {FormatError} naming the field, e.g. `expected_tool_trace[1].arguments`.
 */
export function readExpectedTrace(value: unknown, field: string, line: number | null): TraceCall[] {
  return requireArray(value, field, line).map((raw, i) => {
    const callField = `${field}[${i}]`;
    const entry = requireObject(raw, callField, line);
    const wrapped = own(entry, 'function') !== undefined;
    const fn: JsonObject = wrapped ? requireObject(own(entry, 'function'), `${callField}.function`, line) : entry;
    const prefix = wrapped ? `${callField}.function` : callField;
    const name = requireString(own(fn, 'name'), `${prefix}.name`, line);
    const parsed = parseToolArguments(own(fn, 'arguments'));
    if (parsed.argumentsError !== null) {
      throw shapeError(`${prefix}.arguments`, `an object or a JSON object string (${parsed.argumentsError})`, own(fn, 'arguments'), line);
    }
    const args = argumentsObject(parsed.arguments);
    if (args === null) throw shapeError(`${prefix}.arguments`, 'an object', parsed.arguments, line);
    const call: TraceCall = { name, arguments: args };
    const extra = unknownFields(entry, EXPECTED_CALL_FIELDS);
    if (extra) call.extra = extra;
    return call;
  });
}

/**
 * The tool calls a conversation made, in turn order, each pointing at its turn. Arguments
 * that could not be parsed, or are not an object, become `null` (they match no expected
 * parameter). A call whose output reports an error is marked `failed` (see {@link outputFailed}).
 */
export function actualTrace(turns: readonly Turn[]): TraceCall[] {
  const trace: TraceCall[] = [];
  for (const turn of turns) {
    if (turn.role !== 'tool_call') continue;
    const call: TraceCall = { name: turn.call.name, arguments: argumentsObject(turn.call.arguments), turn: turn.index };
    const output = turn.call.outputTurn === null ? undefined : turns[turn.call.outputTurn];
    if (output?.role === 'tool_output' && outputFailed(output.output)) call.failed = true;
    trace.push(call);
  }
  return trace;
}

