import type { PlanPlaceholder } from './model';
import { findCallEnd, isQuote, splitArguments, unquote } from './quotedText';

/** The parts of a step's text (see {@link parseStepCall}). */
export interface StepCall {
  /** The tool name as written; `null` when the text is not a call. */
  tool: string | null;
  arguments: string[];
  argumentRefs: string[];
  prompt: string;
  placeholders: PlanPlaceholder[];
}

const CALL_HEAD = /^([A-Za-z_][\w.-]*)\s*\(/;
/** An argument made only of step numbers and list punctuation: `(1)`, `[1, 2]`, `[(1), (3)]`, `2`. */
const REF_ONLY_ARGUMENT = /^[\s[\](),\d]*$/;
const PLACEHOLDER = /\(\s*(\d+|query)\s*\)/gi;

/**
 * Splits a step's text into tool, positional arguments and prompt:
 * `RAG((1), 'Why did they cancel?')` → tool `RAG`, arguments `["(1)"]`, prompt
 * `Why did they cancel?`. The prompt is the call's last argument when it is quoted (either
 * quote, JSON-style escapes; see quotedText for unescaped inner quotes); when no argument is
 * quoted, an unquoted last argument that is not a step reference is taken as the prompt.
 * Text that is not `NAME(…)` is kept whole as the prompt with tool `null`.
 *
 * Argument references are the numbers in arguments made only of numbers and brackets
 * (`(1)`, `[1, 2]`, `[(1), (2)]`). Placeholders are `(k)` and `(query)` in the prompt
 * (`(Query)` too; spaces inside the parentheses allowed).
 *
 * @example parseStepCall("LLM('Answer (query) using (2)')").placeholders.map((p) => p.text) // → ['(query)', '(2)']
 */
export function parseStepCall(text: string): StepCall {
  const trimmed = text.trim();
  const head = CALL_HEAD.exec(trimmed);
  const open = head ? head[0].length - 1 : -1;
  const end = head ? findCallEnd(trimmed, open) : -1;
  if (!head || end < 0 || !/^[\s;]*$/.test(trimmed.slice(end))) return notACall(text);

  const parts = splitArguments(trimmed.slice(open + 1, end - 1)).map((p) => p.text);
  const last = parts[parts.length - 1];
  const quotedLast = last !== undefined && isQuote(last[0]);
  const unquotedPrompt = !quotedLast && last !== undefined && !parts.some((p) => isQuote(p[0])) && !isRefLike(last);
  const promptTaken = quotedLast || unquotedPrompt;
  const args = promptTaken ? parts.slice(0, -1) : parts;
  const prompt = quotedLast ? unquote(last) : unquotedPrompt ? last : '';
  return {
    tool: head[1],
    arguments: args,
    argumentRefs: argumentRefs(args),
    prompt,
    placeholders: findPlaceholders(prompt),
  };
}

function notACall(text: string): StepCall {
  return { tool: null, arguments: [], argumentRefs: [], prompt: text.trim(), placeholders: findPlaceholders(text.trim()) };
}

function isRefLike(arg: string): boolean {
  return REF_ONLY_ARGUMENT.test(arg) || /^\(\s*query\s*\)$/i.test(arg);
}

/** Step ids referred to by positional arguments, in order, without repeats. */
function argumentRefs(args: string[]): string[] {
  const refs: string[] = [];
  for (const arg of args) {
    if (!REF_ONLY_ARGUMENT.test(arg)) continue;
    for (const match of arg.matchAll(/\d+/g)) if (!refs.includes(match[0])) refs.push(match[0]);
  }
  return refs;
}

/**
 * The `(k)` and `(query)` placeholders of a prompt, with their offsets.
 *
 * @example findPlaceholders('Answer (query) with (2)') // → [{ kind: 'query', … start: 7, end: 14 }, { kind: 'step', ref: '2', … }]
 */
export function findPlaceholders(prompt: string): PlanPlaceholder[] {
  const found: PlanPlaceholder[] = [];
  for (const match of prompt.matchAll(PLACEHOLDER)) {
    const start = match.index;
    const end = start + match[0].length;
    const inner = match[1];
    if (/^\d+$/.test(inner)) found.push({ kind: 'step', ref: inner, text: match[0], start, end });
    else found.push({ kind: 'query', text: match[0], start, end });
  }
  return found;
}

/** Whether an argument passes the query itself (`(query)`). */
export function isQueryArgument(arg: string): boolean {
  return /^\(\s*query\s*\)$/i.test(arg.trim());
}
