import { parseCallSyntax } from './callSyntax';
import { messageText, toolOutputContent } from './messageContent';
import type { ToolCall, ToolOutput, Turn } from './model';
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
import { type TurnDetails, mergeExtra, messageTurn, toolCallTurn, toolOutputTurn } from './turnBuilder';

const MESSAGE_FIELDS = new Set(['role', 'content', 'tool_calls', 'tool_call_id', 'name', 'timestamp', 'latency']);
const TOOL_CALL_FIELDS = new Set(['id', 'type', 'function']);
const FLAT_TOOL_CALL_FIELDS = new Set(['id', 'type', 'name', 'arguments']);
const UNKNOWN_ROLE_KEPT_FIELDS = ['content', 'tool_calls', 'tool_call_id', 'name'];

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
 *   tool call turn after the assistant's text, if any; `name` is the agent), `tool` (with
 *   `tool_call_id`);
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
  for (let i = 0; i < messages.length; i++) {
    const field = `messages[${i}]`;
    const message = requireObject(messages[i], field, line);
    const sourceRole = requireString(own(message, 'role'), `${field}.role`, line);
    const details: TurnDetails = {
      timestamp: optionalTimestamp(own(message, 'timestamp'), `${field}.timestamp`, line),
      latencySeconds: optionalNumber(own(message, 'latency'), `${field}.latency`, line),
      extra: unknownFields(message, MESSAGE_FIELDS),
    };
    const role = MESSAGE_ROLES.get(sourceRole);
    if (sourceRole === 'tool' || sourceRole === 'api_output') {
      turns.push(toolOutputTurn(turns.length, sourceRole, i, readOutput(message, field, line), details));
    } else if (sourceRole === 'api') {
      const { call, text } = readApiCall(message, field, line);
      turns.push(toolCallTurn(turns.length, sourceRole, i, text, call, details));
    } else if (role === 'assistant') {
      details.agent = optionalString(own(message, 'name'), `${field}.name`, line);
      const calls = own(message, 'tool_calls');
      if (calls === undefined || calls === null) {
        turns.push(messageTurn(role, turns.length, sourceRole, i, messageText(own(message, 'content'), `${field}.content`, line), details));
      } else {
        assistantWithCalls(message, requireArray(calls, `${field}.tool_calls`, line), field, i, details, turns, line);
      }
    } else if (role) {
      // `name` on a user or system message is a participant name, not an agent: kept as is.
      details.extra = mergeExtra(details.extra, keptFields(message, ['name']));
      turns.push(messageTurn(role, turns.length, sourceRole, i, messageText(own(message, 'content'), `${field}.content`, line), details));
    } else {
      turns.push(unknownRoleTurn(message, sourceRole, i, turns.length, details));
    }
  }
  return turns;
}

function assistantWithCalls(message: JsonObject, calls: unknown[], field: string, sourceIndex: number, details: TurnDetails, turns: Turn[], line: number | null): void {
  const text = messageText(own(message, 'content'), `${field}.content`, line);
  // The text, when there is any, comes first: it is what the agent said before acting. The
  // message's own unknown fields go on its first turn only, not onto every call.
  let messageExtra = details.extra;
  if ((text !== null && text.trim() !== '') || calls.length === 0) {
    turns.push(messageTurn('assistant', turns.length, 'assistant', sourceIndex, text, details));
    messageExtra = null;
  }
  for (let j = 0; j < calls.length; j++) {
    const { call, extra } = chatToolCall(calls[j], `${field}.tool_calls[${j}]`, line);
    const callDetails: TurnDetails = {
      agent: details.agent,
      latencySeconds: details.latencySeconds,
      timestamp: details.timestamp,
      extra: mergeExtra(j === 0 ? messageExtra : null, extra),
    };
    turns.push(toolCallTurn(turns.length, 'assistant', sourceIndex, null, call, callDetails));
  }
}

/**
 * One entry of `tool_calls`: `{id, type: 'function', function: {name, arguments}}`, or the
 * flat `{id, name, arguments}` some exports write.
 */
function chatToolCall(raw: unknown, field: string, line: number | null): { call: ToolCall; extra: JsonObject | null } {
  const entry = requireObject(raw, field, line);
  const id = optionalId(own(entry, 'id'), `${field}.id`, line);
  const flat = own(entry, 'function') === undefined && own(entry, 'name') !== undefined;
  const fn = flat ? entry : requireObject(own(entry, 'function'), `${field}.function`, line);
  const name = requireString(own(fn, 'name'), flat ? `${field}.name` : `${field}.function.name`, line);
  const args = parseToolArguments(own(fn, 'arguments'));
  let extra = unknownFields(entry, flat ? FLAT_TOOL_CALL_FIELDS : TOOL_CALL_FIELDS) ?? null;
  const type = own(entry, 'type');
  if (type !== undefined && type !== 'function') extra = mergeExtra(extra, { type });
  const call: ToolCall = { id, name, arguments: args.arguments, rawArguments: args.rawArguments, argumentsError: args.argumentsError, outputTurn: null };
  return { call, extra };
}

function readApiCall(message: JsonObject, field: string, line: number | null): { call: ToolCall; text: string | null } {
  const content = own(message, 'content');
  if (isObject(content)) {
    // Some exports already hold the call decoded: {name, arguments}.
    const name = requireString(own(content, 'name'), `${field}.content.name`, line);
    const args = parseToolArguments(own(content, 'arguments'));
    return { call: { id: null, name, arguments: args.arguments, rawArguments: args.rawArguments, argumentsError: args.argumentsError, outputTurn: null }, text: null };
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
  return { call, text };
}

function readOutput(message: JsonObject, field: string, line: number | null): ToolOutput {
  const callId = optionalId(own(message, 'tool_call_id'), `${field}.tool_call_id`, line);
  const name = optionalString(own(message, 'name'), `${field}.name`, line);
  const { content, contentIsJson } = toolOutputContent(own(message, 'content'), `${field}.content`, line);
  const output: ToolOutput = { callId, content, contentIsJson, callTurn: null };
  if (name !== null) output.name = name;
  return output;
}

/** A role Accord does not know: kept whole, its content as text when it is text. */
function unknownRoleTurn(message: JsonObject, sourceRole: string, sourceIndex: number, index: number, details: TurnDetails): Turn {
  const content = own(message, 'content');
  const kept = keptFields(message, typeof content === 'string' ? UNKNOWN_ROLE_KEPT_FIELDS.slice(1) : UNKNOWN_ROLE_KEPT_FIELDS);
  details.extra = mergeExtra(details.extra, kept);
  return messageTurn('other', index, sourceRole, sourceIndex, typeof content === 'string' ? content : null, details);
}

/**
 * The named known fields that are present, for keeping in `extra` where a role does not use
 * them. A plain loop: this runs for every user and system message of an import.
 */
function keptFields(message: JsonObject, keys: readonly string[]): JsonObject | null {
  let kept: JsonObject | null = null;
  for (const key of keys) {
    const value = own(message, key);
    if (value !== undefined && value !== null) (kept ??= {})[key] = value;
  }
  return kept;
}
