import { FormatError } from '../types';
import { EXPECTED_TRACE_FIELDS } from './conversationRecord';
import { messageText, toolOutputContent } from './messageContent';
import type { Conversation, Scenario, ToolCall, ToolOutput, TraceCall, Turn } from './model';
import { pairToolTurns } from './pairToolTurns';
import { TOP_LEVEL_SCENARIO_FIELDS, readScenario } from './scenario';
import {
  type JsonObject,
  optionalId,
  optionalNumber,
  optionalString,
  optionalTimestamp,
  own,
  requireObject,
  requireString,
  unknownFields,
} from './shape';
import { parseToolArguments } from './toolArguments';
import { actualTrace, readExpectedTrace } from './traces';
import { type TurnDetails, eventTurn, mergeExtra, messageTurn, toolCallTurn, toolOutputTurn } from './turnBuilder';

const EVENT_FIELDS = new Set(['event_type', 'data', 'timestamp']);
const SESSION_FIELDS = new Set([
  'id', 'session_id', 'domain', 'intent', 'model', 'graph', 'procedure', ...EXPECTED_TRACE_FIELDS, ...TOP_LEVEL_SCENARIO_FIELDS,
]);
/** Data fields each interpreted event type reads; the rest stay in the turn's `extra`. */
const DATA_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  user_input: new Set(['user_input', 'text']),
  agent_response: new Set(['agent_response', 'text', 'current_agent', 'user_perceived_latency', 'latency']),
  tool_called: new Set(['tool_name', 'name', 'call_id', 'arguments', 'current_agent']),
  tool_output: new Set(['call_id', 'result', 'output', 'content', 'tool_name', 'current_agent']),
};

/**
 * Builds one conversation from an event stream, one event at a time (the trajectory format:
 * `{event_type, data, timestamp}` a line, the whole file one conversation). Only the turns
 * and the session's fields are kept, never the raw events, so memory follows the
 * conversation, not the file.
 *
 * Events: the first `session` gives the id (`data.id`), `domain`, `intent`, `model`, `graph`,
 * scenario fields and an expected trace; `user_input` (`data.user_input`) is a user turn;
 * `agent_response` (`data.agent_response`, `current_agent`, `user_perceived_latency` in
 * seconds) an assistant turn; `tool_called` (`tool_name`, `call_id`, `arguments` as JSON text
 * or value) a tool call; `tool_output` (`call_id`, `result`) a tool output. Any other event,
 * and a repeated `session`, is kept as an `event` turn with its data.
 */
export class TrajectoryBuilder {
  private readonly turns: Turn[] = [];
  private events = 0;
  private firstLine: number | null = null;
  private session: JsonObject | null = null;
  private sessionLine: number | null = null;
  private sessionTimestamp: number | string | null = null;

  /** @throws {FormatError} naming the field and line when the event has the wrong shape. */
  add(raw: unknown, line: number): void {
    const event = requireObject(raw, 'event', line);
    const type = requireString(own(event, 'event_type'), 'event_type', line);
    const rawData = own(event, 'data');
    const data = rawData === undefined || rawData === null ? {} : requireObject(rawData, 'data', line);
    const timestamp = optionalTimestamp(own(event, 'timestamp'), 'timestamp', line);
    const sourceIndex = this.events++;
    this.firstLine ??= line;

    if (type === 'session' && this.session === null) {
      this.session = data;
      this.sessionLine = line;
      this.sessionTimestamp = timestamp;
      return;
    }
    const known = DATA_FIELDS[type];
    const details: TurnDetails = {
      timestamp,
      extra: mergeExtra(unknownFields(event, EVENT_FIELDS), known ? unknownFields(data, known) : null),
    };
    this.turns.push(this.turnFor(type, data, sourceIndex, details, line));
  }

  private turnFor(type: string, data: JsonObject, sourceIndex: number, details: TurnDetails, line: number): Turn {
    const index = this.turns.length;
    if (type === 'user_input') {
      const [value, field] = pick(data, ['user_input', 'text']);
      return messageTurn('user', index, type, sourceIndex, messageText(value, field, line), details);
    }
    if (type === 'agent_response') {
      const [value, field] = pick(data, ['agent_response', 'text']);
      const [latency, latencyField] = pick(data, ['user_perceived_latency', 'latency']);
      details.latencySeconds = optionalNumber(latency, latencyField, line);
      details.agent = optionalString(own(data, 'current_agent'), 'data.current_agent', line);
      return messageTurn('assistant', index, type, sourceIndex, messageText(value, field, line), details);
    }
    if (type === 'tool_called') {
      const [name, nameField] = pick(data, ['tool_name', 'name']);
      const args = parseToolArguments(own(data, 'arguments'));
      const call: ToolCall = {
        id: optionalId(own(data, 'call_id'), 'data.call_id', line),
        name: requireString(name, nameField, line),
        arguments: args.arguments,
        rawArguments: args.rawArguments,
        argumentsError: args.argumentsError,
        outputTurn: null,
      };
      details.agent = optionalString(own(data, 'current_agent'), 'data.current_agent', line);
      return toolCallTurn(index, type, sourceIndex, null, call, details);
    }
    if (type === 'tool_output') {
      const [value, field] = pick(data, ['result', 'output', 'content']);
      const { content, contentIsJson } = toolOutputContent(value, field, line);
      const output: ToolOutput = { callId: optionalId(own(data, 'call_id'), 'data.call_id', line), content, contentIsJson, callTurn: null };
      const name = optionalString(own(data, 'tool_name'), 'data.tool_name', line);
      if (name !== null) output.name = name;
      details.agent = optionalString(own(data, 'current_agent'), 'data.current_agent', line);
      return toolOutputTurn(index, type, sourceIndex, output, details);
    }
    return eventTurn(index, type, sourceIndex, data, details);
  }

  /**
   * The conversation built so far; `fallbackId` (the file name without extension) names it
   * when the stream has no session id.
   *
   * @throws {FormatError} when the stream held no event at all, or the session's fields have
   *   the wrong shape.
   */
  finish(fallbackId: string, sourceFormat: Conversation['sourceFormat']): { conversation: Conversation; line: number } {
    if (this.firstLine === null) throw new FormatError('the event stream holds no events', 1, 1);
    pairToolTurns(this.turns);
    const session = this.session ?? {};
    const line = this.sessionLine;
    const field = (key: string): string => `data.${key}`;
    const traceKey = EXPECTED_TRACE_FIELDS.find((key) => own(session, key) !== undefined && own(session, key) !== null);
    let expectedTrace: TraceCall[] | null = null;
    if (traceKey) expectedTrace = readExpectedTrace(own(session, traceKey), field(traceKey), line);
    const scenario: Scenario | null = prefixErrors(() => readScenario(session, line), 'data.');
    const extra: JsonObject = { ...unknownFields(session, SESSION_FIELDS) };
    if (this.sessionTimestamp !== null) extra.sessionTimestamp = this.sessionTimestamp;
    return {
      conversation: {
        sourceFormat,
        id: optionalId(own(session, 'id'), field('id'), line) ?? optionalId(own(session, 'session_id'), field('session_id'), line) ?? fallbackId,
        domain: optionalString(own(session, 'domain'), field('domain'), line),
        graph: optionalString(own(session, 'graph'), field('graph'), line) ?? optionalString(own(session, 'procedure'), field('procedure'), line),
        intent: optionalString(own(session, 'intent'), field('intent'), line),
        model: optionalString(own(session, 'model'), field('model'), line),
        scenario,
        turns: this.turns,
        expectedTrace,
        actualTrace: actualTrace(this.turns),
        extra,
      },
      line: this.firstLine,
    };
  }
}

/** The first of `keys` the data has, with its field path for errors (`data.<key>`). */
function pick(data: JsonObject, keys: string[]): [unknown, string] {
  for (const key of keys) {
    const value = own(data, key);
    if (value !== undefined) return [value, `data.${key}`];
  }
  return [undefined, `data.${keys[0]}`];
}

/** Re-throws a scenario shape error with its field under `data.` (session fields live there). */
function prefixErrors<T>(read: () => T, prefix: string): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FormatError && error.field !== null) {
      throw new FormatError(`${prefix}${error.message}`, error.line, error.column, `${prefix}${error.field}`);
    }
    throw error;
  }
}
