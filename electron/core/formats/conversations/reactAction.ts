/** A line `Action: name` followed at once by a line `Action Input: …`; `m` so `^` is any line start. */
const ACTION_LINES = /^Action:[ \t]*([^\n]*?)[ \t]*\r?\nAction Input:[ \t]?/gm;

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
 * is the call (the earlier ones can only be quoted text). `null` when the text has no such
 * pair, or names no tool.
 */
export function reactAction(text: string): ReactAction | null {
  // Cheap test first: this runs for every assistant message of a chat import.
  if (!text.includes('Action Input:')) return null;
  let last: RegExpExecArray | null = null;
  ACTION_LINES.lastIndex = 0;
  for (let match = ACTION_LINES.exec(text); match !== null; match = ACTION_LINES.exec(text)) last = match;
  if (last === null || last[1] === '') return null;
  const start = last.index;
  const before = text.slice(0, start).replace(/\r?\n$/, '');
  return { before, written: text.slice(start), name: last[1], input: text.slice(start + last[0].length) };
}
