import { parseJsonExactly } from '../exactNumbers';
import { isObject } from './recognise';

/**
 * τ-bench's `react` and `act` agents (tau_bench/agents/chat_react_agent.py) call tools in
 * text: each assistant message ends with `Action:` and a JSON object `{"name": …, "arguments":
 * {…}}` (after a `Thought:` part for `react`). τ-bench reads the text after the message's last
 * `Action:` (the whole message when there is none) as JSON; an action named `respond` is the
 * agent's reply to the user (`arguments.content`), any other a tool call, whose output comes
 * back as a *user* message starting `API output: `. Text that is not such a JSON object is sent
 * to the user as the reply, so no call was made.
 */
const ACTION_MARKER = 'Action:';
const API_OUTPUT = 'API output: ';
const RESPOND = 'respond';

/** A trajectory message whose written action could not be read as τ-bench reads actions. */
export interface UnreadAction {
  /** Index of the message in `traj`. */
  message: number;
  /** What was not read, and what became of the message. */
  problem: string;
}

/** A trajectory with the actions written as text rewritten as chat tool calls and outputs. */
export interface TextActions {
  /** The messages: one for each of `traj`'s, in the same places. */
  messages: unknown[];
  /** Tool calls read from text. */
  calls: number;
  unread: UnreadAction[];
}

/**
 * Reads a ReAct/Act trajectory's actions written as text, or returns null when the trajectory
 * has none (the tool-calling agents' chat `tool_calls`), which is then read as it is.
 *
 * A trajectory is read so when a user message starts `API output: ` or an assistant message
 * without `tool_calls` has a line starting `Action:`, and no message is chat tool traffic (a
 * tool-calling agent's text is its reply, whatever it says). Then each assistant message without
 * `tool_calls` is read as τ-bench reads it:
 *
 * - a tool call: the message becomes the chat call (the `Thought:` part, the text before
 *   `Action:`, stays its text) and the next message, when it starts `API output: `, that
 *   call's output (the text after the prefix);
 * - `respond`: the message's text becomes the Thought part, a blank line and the reply;
 * - text after `Action:` that is not a JSON `{"name": …, "arguments": {…}}` object is kept as
 *   written and listed in `unread` (τ-bench sent it to the user: no call);
 *
 * An `API output: ` message that follows no call read here stays a user message, listed in
 * `unread`. Messages stay in their places, so turns keep pointing at the source's messages.
 */
export function readTextActions(traj: readonly unknown[]): TextActions | null {
  if (traj.some(isChatToolTraffic) || !traj.some((m) => isApiOutput(m) || (isTextAssistant(m) && hasActionLine(m.content)))) return null;
  const messages: unknown[] = [];
  const unread: UnreadAction[] = [];
  let calls = 0;
  let previousWasCall = false;
  traj.forEach((message, index) => {
    const wasCall = previousWasCall;
    previousWasCall = false;
    if (isApiOutput(message)) {
      if (wasCall) {
        messages.push({ role: 'tool', content: message.content.slice(API_OUTPUT.length) });
        return;
      }
      unread.push({ message: index, problem: 'an API output that follows no tool call read from text: kept as a user message' });
    } else if (isTextAssistant(message)) {
      const read = readAction(message.content);
      if ('call' in read) {
        const { name, args, thought } = read.call;
        messages.push({ role: 'assistant', content: thought, tool_calls: [{ type: 'function', function: { name, arguments: args } }] });
        calls++;
        previousWasCall = true;
        return;
      }
      if ('reply' in read) {
        messages.push({ ...message, content: read.reply });
        return;
      }
      if (read.problem !== null) unread.push({ message: index, problem: read.problem });
    }
    messages.push(message);
  });
  return { messages, calls, unread };
}

type ReadAction =
  | { call: { name: string; args: Record<string, unknown>; thought: string | null } }
  | { reply: string }
  /** Not an action: sent to the user as written; `problem` when it was meant as one. */
  | { problem: string | null };

function readAction(text: string): ReadAction {
  const at = text.lastIndexOf(ACTION_MARKER);
  const actionText = (at < 0 ? text : text.slice(at + ACTION_MARKER.length)).trim();
  const thought = at < 0 ? '' : text.slice(0, at).trim();
  const notRead = (why: string): ReadAction => ({
    problem: at < 0 ? null : `the action after "Action:" is not read (${why}): kept as text, as τ-bench sent it to the user; no tool call counted`,
  });
  let action: unknown;
  try {
    action = parseJsonExactly(actionText);
  } catch (error) {
    return notRead(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(action)) return notRead('not a JSON object');
  const { name, arguments: args } = action;
  if (typeof name !== 'string') return notRead('no "name" text');
  if (!isObject(args)) return notRead(`"arguments" of ${name} is not an object`);
  if (name !== RESPOND) return { call: { name, args, thought: thought === '' ? null : thought } };
  if (typeof args.content !== 'string') return notRead('the respond action has no "content" text');
  return { reply: thought === '' ? args.content : `${thought}\n\n${args.content}` };
}

function isApiOutput(message: unknown): message is { role: 'user'; content: string } {
  return isObject(message) && message.role === 'user' && typeof message.content === 'string' && message.content.startsWith(API_OUTPUT);
}

/** An assistant message with text and no chat tool calls. */
function isTextAssistant(message: unknown): message is { role: 'assistant'; content: string } {
  if (!isObject(message) || message.role !== 'assistant' || typeof message.content !== 'string') return false;
  const calls = message.tool_calls;
  return calls === undefined || calls === null || (Array.isArray(calls) && calls.length === 0);
}

/** A chat tool call or tool output: the tool-calling agents' trajectories. */
function isChatToolTraffic(message: unknown): boolean {
  return isObject(message) && (message.role === 'tool' || (Array.isArray(message.tool_calls) && message.tool_calls.length > 0));
}

function hasActionLine(text: string): boolean {
  return text.startsWith(ACTION_MARKER) || text.includes(`\n${ACTION_MARKER}`);
}
