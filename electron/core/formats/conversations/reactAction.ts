import { jsonValueEnd } from '../json';

/** A line `Action: name` followed at once by a line `Action Input: …`; `m` so `^` is any line start. */
const ACTION_LINES = /^Action:[ \t]*([^\n]*?)[ \t]*\r?\nAction Input:[ \t]?/gm;

/** A tool's name as tools are named: no spaces; letters, digits, `_`, `.`, `-`. */
const TOOL_NAME = /^[\p{L}\p{N}_.-]+$/u;

/** A later line opening the next part of a ReAct scratchpad. */
const REACT_PART = /\n[ \t]*(?:Observation|Final Answer|Thought)[ \t]*:/;

/** A tool call written in an assistant's text, ReAct style, split from the text before it. */
export interface ReactAction {
  /** The text before the `Action:` line, without the line break that ends it. */
  before: string;
  /** The `Action:` and `Action Input:` lines, to the end of the text, as written. */
  written: string;
  name: string;
  /** What follows `Action Input:`, to the end of the text (a JSON string of the arguments). */
  input: string;
}

/**
 * The tool call an assistant wrote as text in the ReAct form ToolLLaMA (ToolBench) is trained
 * on and LangChain's ReAct agents write: a line `Action: name`, then at once a line
 * `Action Input: …` holding the arguments to the end of the message (`\nThought: …\nAction:
 * getorder\nAction Input: {"order_id": 4411}`). When several such pairs appear, the last one
 * is the call (the earlier ones can only be quoted text).
 *
 * `null` when the text has no such pair; when the name is no tool's name (`Action: the tool
 * name`, prose explaining the form); or when text follows the input (a LangChain scratchpad's
 * `Observation:` and `Final Answer:` in the same message), which a call would swallow. The text
 * alone cannot say it is a call: `messageTurns` reads it as one only where the conversation
 * shows it is (see there).
 */
export function reactAction(text: string): ReactAction | null {
  // Cheap test first: this runs for every assistant message of a chat import.
  if (!text.includes('Action Input:')) return null;
  let last: RegExpExecArray | null = null;
  ACTION_LINES.lastIndex = 0;
  for (let match = ACTION_LINES.exec(text); match !== null; match = ACTION_LINES.exec(text)) last = match;
  if (last === null || !TOOL_NAME.test(last[1])) return null;
  const start = last.index;
  const input = text.slice(start + last[0].length);
  if (textFollowsInput(input)) return null;
  const before = text.slice(0, start).replace(/\r?\n$/, '');
  return { before, written: text.slice(start), name: last[1], input };
}

/**
 * Whether anything but white space follows the input that starts `rest`: a JSON object or
 * array ends where its brackets close (when they never do, the JSON is broken, and only a later
 * `Observation:` / `Final Answer:` / `Thought:` line ends it); any other input is one line
 * (LangChain's `Action Input: weather Paris`).
 */
function textFollowsInput(rest: string): boolean {
  const start = rest.search(/\S/);
  if (start === -1) return false;
  if (rest[start] === '{' || rest[start] === '[') {
    const end = jsonValueEnd(rest, start);
    return end === -1 ? REACT_PART.test(rest) : rest.slice(end).trim() !== '';
  }
  const lineEnd = rest.indexOf('\n', start);
  return lineEnd !== -1 && rest.slice(lineEnd).trim() !== '';
}
