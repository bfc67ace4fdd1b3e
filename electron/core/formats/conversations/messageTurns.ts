import { parseCallSyntax } from './callSyntax';
import { FINISH, type FinishCall, finishAnswerText } from './finishAction';
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
import { reactAction } from './reactAction';
import { parseToolArguments } from './toolArguments';
import { type TurnDetails, mergeExtra, messageTurn, toolCallTurn, toolOutputTurn } from './turnBuilder';

const MESSAGE_FIELDS = new Set(['role', 'content', 'tool_calls', 'function_call', 'tool_call_id', 'name', 'timestamp', 'latency']);
const TOOL_CALL_FIELDS = new Set(['id', 'type', 'function']);
const FLAT_TOOL_CALL_FIELDS = new Set(['id', 'type', 'name', 'arguments']);
const FUNCTION_CALL_FIELDS = new Set(['name', 'arguments']);
const UNKNOWN_ROLE_KEPT_FIELDS = ['content', 'tool_calls', 'function_call', 'tool_call_id', 'name'];
/** Known fields a user or system message does not use, kept in its `extra`. */
const SPEAKER_KEPT_FIELDS = ['name', 'tool_calls', 'function_call', 'tool_call_id'];
/** Known fields a tool output message does not use, kept in its `extra`. */
const OUTPUT_KEPT_FIELDS = ['tool_calls', 'function_call'];

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
 * - the OpenAI API's older function calling (ToolBench, StableToolBench): an assistant's
 *   `function_call: {name, arguments}` is a tool call like one of `tool_calls`, and a
 *   `function` message (`name`, `content`) its output — it has no call id, so it answers the
 *   open call of its name (see `pairToolTurns`);
 * - a call an assistant wrote as text in the ReAct form (`Action: name` then `Action Input:
 *   {…}`, as ToolLLaMA's ShareGPT data has it, see {@link reactAction}), when the message has
 *   no structured calls and the conversation shows it is a call (see {@link writtenCallShown}):
 *   the text before the `Action:` line stays the assistant's turn, the two lines become a tool
 *   call turn holding them as written. Otherwise (prose about the form, a scratchpad that goes
 *   on to its answer) the message stays text, as written, with no finding;
 * - roles: `api` (a call written `name(arg='v')`, see {@link parseCallSyntax}) and
 *   `api_output`.
 *
 * Messages with other roles are kept as `other` turns. Tool outputs are not yet paired with
 * their calls here (see `pairToolTurns`).
 *
 * A call of ToolBench's termination action `Finish` (`{"return_type": "give_answer",
 * "final_answer": …}` or `give_up_and_restart`, see {@link finishAnswerText}), made as a
 * `function_call` or written as `Action:` lines, is read as a tool call and noted in `finishes`:
 * once outputs are paired, `readFinishAnswers` makes the ones nothing answers the agent's final
 * answer.
 *
 * @throws {FormatError} naming the field (e.g. `messages[4].tool_calls[0].function.name`) when a
 *   message has the wrong shape.
 */
export function messageTurns(messages: unknown[], line: number | null, finishes: FinishCall[] = []): Turn[] {
  const turns: Turn[] = [];
  for (let i = 0; i < messages.length; i++) {
    // Field names (`messages[4].role`) are spelled out only for an error: built for every
    // message, they were millions of strings per import for the collector.
    const raw = messages[i];
    const message = isObject(raw) ? raw : requireObject(raw, fieldOf(i), line);
    const roleValue = own(message, 'role');
    const sourceRole = typeof roleValue === 'string' ? roleValue : requireString(roleValue, fieldOf(i, '.role'), line);
    const timestamp = own(message, 'timestamp');
    const latency = own(message, 'latency');
    const details: TurnDetails = {
      timestamp: timestamp === undefined || timestamp === null ? null : optionalTimestamp(timestamp, fieldOf(i, '.timestamp'), line),
      latencySeconds: latency === undefined || latency === null ? null : optionalNumber(latency, fieldOf(i, '.latency'), line),
      extra: unknownFields(message, MESSAGE_FIELDS),
    };
    const role = MESSAGE_ROLES.get(sourceRole);
    if (OUTPUT_ROLES.has(sourceRole)) {
      details.extra = mergeExtra(details.extra, keptFields(message, OUTPUT_KEPT_FIELDS));
      turns.push(toolOutputTurn(turns.length, sourceRole, i, readOutput(message, i, line), details));
    } else if (sourceRole === 'api') {
      const { call, text } = readApiCall(message, fieldOf(i), line);
      turns.push(toolCallTurn(turns.length, sourceRole, i, text, call, details));
    } else if (role === 'assistant') {
      const name = own(message, 'name');
      details.agent = name === undefined || name === null ? null : optionalString(name, fieldOf(i, '.name'), line);
      const calls = own(message, 'tool_calls');
      const functionCall = own(message, 'function_call');
      if ((calls === undefined || calls === null) && (functionCall === undefined || functionCall === null)) {
        assistantText(contentText(message, i, line), messages, i, line, sourceRole, details, turns, finishes);
      } else {
        const read: { call: ToolCall; extra: JsonObject | null }[] = [];
        if (calls !== undefined && calls !== null) {
          const list = Array.isArray(calls) ? calls : requireArray(calls, fieldOf(i, '.tool_calls'), line);
          for (let j = 0; j < list.length; j++) read.push(chatToolCall(list[j], i, j, line));
        }
        if (functionCall !== undefined && functionCall !== null) read.push(functionCallOf(functionCall, i, line));
        assistantWithCalls(message, read, i, details, turns, line);
        if (functionCall !== undefined && functionCall !== null) noteFinish(turns[turns.length - 1], { function_call: functionCall }, finishes);
      }
    } else if (role) {
      // `name` on a user or system message is a participant name, not an agent: kept as is, as
      // are calls, which only an assistant makes.
      details.extra = mergeExtra(details.extra, keptFields(message, SPEAKER_KEPT_FIELDS));
      turns.push(messageTurn(role, turns.length, sourceRole, i, contentText(message, i, line), details));
    } else {
      turns.push(unknownRoleTurn(message, sourceRole, i, turns.length, details));
    }
  }
  return turns;
}

/** The path of message `i`'s field `rest` (`messages[4].tool_calls[0]`), for an error. */
function fieldOf(i: number, rest = ''): string {
  return `messages[${i}]${rest}`;
}

/** The text of message `i`'s `content` (see messageText); a plain string as it is. */
function contentText(message: JsonObject, i: number, line: number | null): string | null {
  const content = own(message, 'content');
  return typeof content === 'string' ? content : messageText(content, fieldOf(i, '.content'), line);
}

/**
 * An assistant message without structured calls (message `sourceIndex` of `messages`): one
 * assistant turn, or, when its text ends in a ReAct action the conversation shows is a call,
 * the text before it (if any) and a tool call turn.
 */
function assistantText(
  text: string | null,
  messages: readonly unknown[],
  sourceIndex: number,
  line: number | null,
  sourceRole: string,
  details: TurnDetails,
  turns: Turn[],
  finishes: FinishCall[],
): void {
  const action = text === null ? null : reactAction(text);
  const args = action === null ? null : parseToolArguments(action.input);
  if (action === null || args === null || !writtenCallShown(action.name, args.arguments, messages, sourceIndex, line)) {
    turns.push(messageTurn('assistant', turns.length, sourceRole, sourceIndex, text, details));
    return;
  }
  let callExtra = details.extra;
  if (action.before.trim() !== '') {
    turns.push(messageTurn('assistant', turns.length, sourceRole, sourceIndex, action.before, details));
    callExtra = null;
  }
  const call: ToolCall = { id: null, name: action.name, arguments: args.arguments, rawArguments: args.rawArguments, argumentsError: args.argumentsError, outputTurn: null };
  const callDetails: TurnDetails = { agent: details.agent, latencySeconds: details.latencySeconds, timestamp: details.timestamp, extra: callExtra };
  turns.push(toolCallTurn(turns.length, sourceRole, sourceIndex, action.written, call, callDetails));
  noteFinish(turns[turns.length - 1], { content: text }, finishes);
}

/** Roles of a tool's output message (ShareGPT's `observation` and `tool` arrive as `api_output`). */
const OUTPUT_ROLES = new Set(['function', 'tool', 'api_output']);

/**
 * Whether an action written as text (`Action: name` / `Action Input: …`, read by reactAction,
 * its input parsed to `args`) in message `i` is a call: `Action:` lines are also how people
 * explain the form, so the text alone does not say. It is one when
 *
 * - the next message is its output (role `function` or `tool`, ShareGPT's `function` or
 *   `observation`; one that names a tool names this one), as in every ToolLLaMA step but the
 *   last;
 * - it is ToolBench's termination, `Finish` with a `give_answer` or `give_up_and_restart` (see
 *   {@link finishAnswerText});
 * - or it ends the conversation and a system message declares a tool of its name (`'name':
 *   'getorder'` in the API list ToolLLaMA's system prompt holds, or `"name": "getorder"`): a
 *   ToolLLaMA record is a training prefix that ends at the call to learn, with no output yet.
 */
function writtenCallShown(name: string, args: unknown, messages: readonly unknown[], i: number, line: number | null): boolean {
  const next = messages[i + 1];
  if (isObject(next) && OUTPUT_ROLES.has(own(next, 'role') as string)) {
    const outputName = own(next, 'name');
    if (typeof outputName !== 'string' || outputName === name) return true;
  }
  if (name === FINISH && finishAnswerText(args) !== null) return true;
  return i === messages.length - 1 && declaresTool(messages, i, name, line);
}

/** Whether a system message before message `i` declares a tool named `name` (see writtenCallShown). */
function declaresTool(messages: readonly unknown[], i: number, name: string, line: number | null): boolean {
  const declared = [`'name': '${name}'`, `"name": "${name}"`, `"name":"${name}"`];
  for (let j = 0; j < i; j++) {
    const message = messages[j];
    // Messages before `i` were read already, so their content is known to be readable.
    if (!isObject(message) || MESSAGE_ROLES.get(own(message, 'role') as string) !== 'system') continue;
    const text = contentText(message, j, line);
    if (text !== null && declared.some((d) => text.includes(d))) return true;
  }
  return false;
}

/**
 * Notes `turn` in `finishes` when it is a call of ToolBench's termination action (see
 * {@link finishAnswerText}); `source` is the call as the message wrote it.
 */
function noteFinish(turn: Turn, source: Record<string, unknown>, finishes: FinishCall[]): void {
  if (turn.role !== 'tool_call' || turn.call.name !== FINISH) return;
  const text = finishAnswerText(turn.call.arguments);
  if (text !== null) finishes.push({ turn: turn.index, text, source });
}

/**
 * The older API's `function_call: {name, arguments}` on message `i`: a call without an id,
 * its arguments a JSON string read as `tool_calls`' are.
 */
function functionCallOf(raw: unknown, i: number, line: number | null): { call: ToolCall; extra: JsonObject | null } {
  const fn = isObject(raw) ? raw : requireObject(raw, fieldOf(i, '.function_call'), line);
  const rawName = own(fn, 'name');
  const name = typeof rawName === 'string' ? rawName : requireString(rawName, fieldOf(i, '.function_call.name'), line);
  const args = parseToolArguments(own(fn, 'arguments'));
  const call: ToolCall = { id: null, name, arguments: args.arguments, rawArguments: args.rawArguments, argumentsError: args.argumentsError, outputTurn: null };
  return { call, extra: unknownFields(fn, FUNCTION_CALL_FIELDS) ?? null };
}

function assistantWithCalls(
  message: JsonObject,
  calls: readonly { call: ToolCall; extra: JsonObject | null }[],
  sourceIndex: number,
  details: TurnDetails,
  turns: Turn[],
  line: number | null,
): void {
  const text = contentText(message, sourceIndex, line);
  // The text, when there is any, comes first: it is what the agent said before acting. The
  // message's own unknown fields go on its first turn only, not onto every call.
  let messageExtra = details.extra;
  if ((text !== null && text.trim() !== '') || calls.length === 0) {
    turns.push(messageTurn('assistant', turns.length, 'assistant', sourceIndex, text, details));
    messageExtra = null;
  }
  for (let j = 0; j < calls.length; j++) {
    const { call, extra } = calls[j];
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
 * One entry of `tool_calls` (message `i`'s `j`th): `{id, type: 'function', function: {name,
 * arguments}}`, or the flat `{id, name, arguments}` some exports write.
 */
function chatToolCall(raw: unknown, i: number, j: number, line: number | null): { call: ToolCall; extra: JsonObject | null } {
  const field = (rest = '') => fieldOf(i, `.tool_calls[${j}]${rest}`);
  const entry = isObject(raw) ? raw : requireObject(raw, field(), line);
  const rawId = own(entry, 'id');
  const id = typeof rawId === 'string' ? rawId : optionalId(rawId, field('.id'), line);
  const wrapped = own(entry, 'function');
  const flat = wrapped === undefined && own(entry, 'name') !== undefined;
  const fn = flat ? entry : isObject(wrapped) ? wrapped : requireObject(wrapped, field('.function'), line);
  const rawName = own(fn, 'name');
  const name = typeof rawName === 'string' ? rawName : requireString(rawName, field(flat ? '.name' : '.function.name'), line);
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

function readOutput(message: JsonObject, i: number, line: number | null): ToolOutput {
  const rawId = own(message, 'tool_call_id');
  const callId = typeof rawId === 'string' ? rawId : optionalId(rawId, fieldOf(i, '.tool_call_id'), line);
  const rawName = own(message, 'name');
  const name = rawName === undefined || rawName === null ? null : optionalString(rawName, fieldOf(i, '.name'), line);
  const raw = own(message, 'content');
  // A string content never fails (it is JSON or text): its field name is needed only otherwise.
  const { content, contentIsJson } = toolOutputContent(raw, typeof raw === 'string' ? '' : fieldOf(i, '.content'), line);
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
