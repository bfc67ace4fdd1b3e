import { parseCallSyntax } from './callSyntax';
import { messageText, toolOutputContent } from './messageContent';
import type { MessageTurn, ToolCall, ToolCallTurn, ToolOutputTurn, Turn } from './model';
import {
  type JsonObject,
  isObject,
  optionalId,
  optionalNumber,
  optionalString,
  optionalTimestamp,
  own,
  requireArray,
  requireObject,
  requireString,
  unknownFields,
} from './shape';
import { parseToolArguments } from './toolArguments';

const MESSAGE_FIELDS = new Set(['role', 'content', 'tool_calls', 'tool_call_id', 'name', 'timestamp', 'latency']);
const TOOL_CALL_FIELDS = new Set(['id', 'type', 'function']);
const FLAT_TOOL_CALL_FIELDS = new Set(['id', 'type', 'name', 'arguments']);

/** Message roles and the turn role each becomes; any other role is kept as `other`. */
const MESSAGE_ROLES: ReadonlyMap<string, 'system' | 'user' | 'assistant'> = new Map([
  ['system', 'system'],
  ['developer', 'system'],
  ['user', 'user'],
  ['assistant', 'assistant'],
]);

/**
 * Turns a `messages` array into turns. Both message vocabularies are understood, so a file
 * detected from a first record that shows only user/assistant messages loses nothing later:
 *
 * - chat: `system` / `developer`, `user`, `assistant` (with `tool_calls`, each becoming one
 *   tool call turn after the assistant's text, if any), `tool` (with `tool_call_id`);
 * - roles: `api` (a call written `name(arg='v')`, see {@link parseCallSyntax}) and
 *   `api_output`.
 *
 * Messages with other roles are kept as `other` turns. Tool outputs are not yet paired with
 * their calls here (see `pairToolTurns`).
 *
 * @throws {FormatError} naming the field (e.g. `messages[4].tool_calls[0].function.name`) when a
 *   message has the wrong shape.
 */
export function messageTurns(messages: unknown[], line: number | null): Turn[] {
  const turns: Turn[] = [];
  messages.forEach((raw, i) => {
    const field = `messages[${i}]`;
    const message = requireObject(raw, field, line);
    const sourceRole = requireString(own(message, 'role'), `${field}.role`, line);
    const common = commonFields(message, field, sourceRole, i, line);
    const role = MESSAGE_ROLES.get(sourceRole);
    if (sourceRole === 'tool' || sourceRole === 'api_output') {
      turns.push(outputTurn(message, field, common, turns.length, line));
    } else if (sourceRole === 'api') {
      turns.push(apiCallTurn(message, field, common, turns.length, line));
    } else if (role === 'assistant' && own(message, 'tool_calls') !== undefined && own(message, 'tool_calls') !== null) {
      assistantWithCalls(message, field, common, turns, line);
    } else if (role) {
      const agent = role === 'assistant' ? optionalString(own(message, 'name'), `${field}.name`, line) : null;
      const turn: MessageTurn = { ...common, index: turns.length, role, text: messageText(own(message, 'content'), `${field}.content`, line) };
      if (agent !== null) turn.agent = agent;
      else if (role !== 'assistant') keepField(turn, message, 'name');
      turns.push(turn);
    } else {
      turns.push(unknownRoleTurn(message, common, turns.length));
    }
  });
  return turns;
}

type Common = Omit<MessageTurn, 'index' | 'role' | 'text'>;

function commonFields(message: JsonObject, field: string, sourceRole: string, sourceIndex: number, line: number | null): Common {
  const common: Common = { sourceRole, sourceIndex };
  const timestamp = optionalTimestamp(own(message, 'timestamp'), `${field}.timestamp`, line);
  if (timestamp !== null) common.timestamp = timestamp;
  const latency = optionalNumber(own(message, 'latency'), `${field}.latency`, line);
  if (latency !== null) common.latencySeconds = latency;
  const extra = unknownFields(message, MESSAGE_FIELDS);
  if (extra) common.extra = extra;
  return common;
}

/** Keeps a known-but-unused field of this role (e.g. `name` on a user message) in `extra`. */
function keepField(turn: Turn, message: JsonObject, key: string): void {
  const value = own(message, key);
  if (value !== undefined) turn.extra = { ...turn.extra, ...Object.fromEntries([[key, value]]) };
}

function assistantWithCalls(message: JsonObject, field: string, common: Common, turns: Turn[], line: number | null): void {
  const calls = requireArray(own(message, 'tool_calls'), `${field}.tool_calls`, line);
  const text = messageText(own(message, 'content'), `${field}.content`, line);
  const agent = optionalString(own(message, 'name'), `${field}.name`, line);
  const withAgent = agent === null ? common : { ...common, agent };
  // The text, when there is any, comes first: it is what the agent said before acting.
  let carryExtra = true;
  if ((text !== null && text.trim() !== '') || calls.length === 0) {
    turns.push({ ...withAgent, index: turns.length, role: 'assistant', text });
    carryExtra = false;
  }
  calls.forEach((rawCall, j) => {
    const callField = `${field}.tool_calls[${j}]`;
    const { call, extra } = chatToolCall(rawCall, callField, line);
    const turn: ToolCallTurn = { ...withAgent, index: turns.length, role: 'tool_call', text: null, call };
    // The message's own unknown fields stay on its first turn only, not copied to every call.
    if (!carryExtra || j > 0) delete turn.extra;
    if (extra) turn.extra = { ...turn.extra, ...extra };
    turns.push(turn);
  });
}

/**
 * One entry of `tool_calls`: `{id, type: 'function', function: {name, arguments}}`, or the
 * flat `{id, name, arguments}` some exports write.
 */
function chatToolCall(raw: unknown, field: string, line: number | null): { call: ToolCall; extra: JsonObject | undefined } {
  const entry = requireObject(raw, field, line);
  const id = optionalId(own(entry, 'id'), `${field}.id`, line);
  const flat = own(entry, 'function') === undefined && own(entry, 'name') !== undefined;
  const fn = flat ? entry : requireObject(own(entry, 'function'), `${field}.function`, line);
  const nameField = flat ? `${field}.name` : `${field}.function.name`;
  const name = requireString(own(fn, 'name'), nameField, line);
  const args = parseToolArguments(own(fn, 'arguments'));
  const known = flat ? FLAT_TOOL_CALL_FIELDS : TOOL_CALL_FIELDS;
  let extra = unknownFields(entry, known);
  const type = own(entry, 'type');
  if (type !== undefined && type !== 'function') extra = { ...extra, type };
  return { call: { id, name, ...args, outputTurn: null }, extra };
}

function apiCallTurn(message: JsonObject, field: string, common: Common, index: number, line: number | null): ToolCallTurn {
  const content = own(message, 'content');
  if (isObject(content)) {
    // Some exports already hold the call decoded: {name, arguments}.
    const name = requireString(own(content, 'name'), `${field}.content.name`, line);
    const args = parseToolArguments(own(content, 'arguments'));
    return { ...common, index, role: 'tool_call', text: null, call: { id: null, name, ...args, outputTurn: null } };
  }
  const text = requireString(content, `${field}.content`, line);
  const parsed = parseCallSyntax(text);
  const call: ToolCall = parsed.ok
    ? { id: null, name: parsed.name, arguments: parsed.arguments, rawArguments: null, argumentsError: null, outputTurn: null }
    : {
        id: null,
        name: parsed.name ?? text.trim(),
        arguments: null,
        rawArguments: text,
        argumentsError: `cannot parse the call at column ${parsed.column}: ${parsed.error}`,
        outputTurn: null,
      };
  return { ...common, index, role: 'tool_call', text, call };
}

function outputTurn(message: JsonObject, field: string, common: Common, index: number, line: number | null): ToolOutputTurn {
  const callId = optionalId(own(message, 'tool_call_id'), `${field}.tool_call_id`, line);
  const name = optionalString(own(message, 'name'), `${field}.name`, line);
  const { content, contentIsJson } = toolOutputContent(own(message, 'content'), `${field}.content`, line);
  const output: ToolOutputTurn['output'] = { callId, content, contentIsJson, callTurn: null };
  if (name !== null) output.name = name;
  return { ...common, index, role: 'tool_output', text: null, output };
}

/** A role Accord does not know: kept whole, its content as text when it is text. */
function unknownRoleTurn(message: JsonObject, common: Common, index: number): MessageTurn {
  const content = own(message, 'content');
  const turn: MessageTurn = { ...common, index, role: 'other', text: typeof content === 'string' ? content : null };
  for (const key of ['tool_calls', 'tool_call_id', 'name']) keepField(turn, message, key);
  if (content !== undefined && content !== null && typeof content !== 'string') keepField(turn, message, 'content');
  return turn;
}
