import { collectingInexact, parseJsonExactly } from '../exactNumbers';
import { isObject } from './recognise';

/** A tool call an OTLP span records: the arguments as the span holds them (a JSON string, or a decoded value). */
export interface SpanToolCall {
  id: string | null;
  name: string;
  arguments: unknown;
}

/**
 * One message a GenAI span records, in whichever attribute vocabulary it came: its role, its
 * text, the tool calls it makes (an assistant's) and the call it answers (a tool's).
 */
export interface SpanMessage {
  role: string;
  text: string | null;
  calls: SpanToolCall[];
  callId: string | null;
  /** The tool a tool message says answered (OpenInference's `message.name`), when it says. */
  name?: string;
  /** A tool message's result when the source holds it decoded (a `tool_call_response` part's `response`). */
  result?: unknown;
  /**
   * The text of each content part as written (OpenInference's `message.contents.K` texts, or its
   * one `message.content`), when every part is text: Gemini's function responses arrive as a
   * user message with one JSON part per response (see {@link geminiMessages}).
   */
  parts?: string[];
  /** The model's reasoning (Gemini's thought parts, a `reasoning` part), kept apart from its text. */
  reasoning?: string;
}

/**
 * Flattened message lists, one attribute per field and message number: the prefixes of the
 * inputs and the outputs in each vocabulary.
 *
 * - OpenLLMetry (traceloop), current: `gen_ai.prompt.N.role` / `.content` / `.tool_call_id` /
 *   `.tool_calls.M.{id,name,arguments}`, `gen_ai.completion.N.role` / `.content` / `.refusal` /
 *   `.tool_calls.M.*` (a legacy completion writes its prompt as `gen_ai.prompt.0.user`);
 * - OpenLLMetry before the `gen_ai` rename: the same under `llm.prompts.N.*` / `llm.completions.N.*`;
 * - OpenInference (Arize Phoenix): `llm.input_messages.N.message.{role,content}`,
 *   `.message.contents.K.message_content.text`, `.message.tool_call_id`,
 *   `.message.tool_calls.M.tool_call.{id,function.name,function.arguments}`, and the same under
 *   `llm.output_messages`.
 */
export const INDEXED_INPUTS = ['gen_ai.prompt', 'llm.prompts', 'llm.input_messages'] as const;
export const INDEXED_OUTPUTS = ['gen_ai.completion', 'llm.completions', 'llm.output_messages'] as const;

/** Whether `key` is a field of a numbered message under one of `prefixes` (`gen_ai.prompt.0.role`). */
export function isIndexedMessageKey(key: string, prefixes: readonly string[] = [...INDEXED_INPUTS, ...INDEXED_OUTPUTS]): boolean {
  for (const prefix of prefixes) if (key.startsWith(`${prefix}.`) && /^\d+\./.test(key.slice(prefix.length + 1))) return true;
  return false;
}

/**
 * The numbered messages under the first of `prefixes` that has any, in number order, or null
 * when none does. `defaultRole` is the role of a message that names none (an OpenLLMetry
 * completion of the legacy completions API).
 */
export function indexedMessages(attributes: Record<string, unknown>, prefixes: readonly string[], defaultRole: string): SpanMessage[] | null {
  for (const prefix of prefixes) {
    const entries = nestedIndexed(attributes, prefix);
    if (entries === null) continue;
    return entries.map((entry) => indexedMessage(entry, defaultRole));
  }
  return null;
}

/**
 * The attributes `prefix.N.a.b…` as one nested object per N, in number order (`.M.` inside a
 * field becomes an array, in number order too); null when there are none.
 */
function nestedIndexed(attributes: Record<string, unknown>, prefix: string): Record<string, unknown>[] | null {
  const root: Record<string, unknown> = {};
  let any = false;
  const start = `${prefix}.`;
  for (const [key, value] of Object.entries(attributes)) {
    if (!key.startsWith(start)) continue;
    const path = key.slice(start.length).split('.');
    if (!/^\d+$/.test(path[0]!) || path.length < 2) continue;
    any = true;
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      const next = node[path[i]!];
      if (isObject(next)) node = next;
      else node = node[path[i]!] = {};
    }
    node[path[path.length - 1]!] = value;
  }
  if (!any) return null;
  const list = numbered(root);
  return list.filter(isObject);
}

/** An object keyed by numbers as an array in number order (recursively); other objects stay objects with their values converted. */
function numbered(node: Record<string, unknown>): unknown[] {
  return Object.keys(node)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => convert(node[k]));
}

function convert(value: unknown): unknown {
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return numbered(value);
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = convert(value[k]);
  return out;
}

function indexedMessage(entry: Record<string, unknown>, defaultRole: string): SpanMessage {
  // OpenInference nests each message's fields under `message.`.
  const fields = isObject(entry.message) ? entry.message : entry;
  const legacyPrompt = typeof fields.user === 'string' ? fields.user : null;
  const role = typeof fields.role === 'string' ? fields.role : legacyPrompt !== null ? 'user' : defaultRole;
  let text = contentText(fields.content) ?? legacyPrompt;
  let parts: string[] | undefined = typeof fields.content === 'string' ? [fields.content] : undefined;
  let reasoning: string | undefined;
  if (text === null && Array.isArray(fields.contents)) {
    const contents = fields.contents.filter(isObject).map((c) => (isObject(c.message_content) ? c.message_content : c));
    text = partsText(contents);
    if (text !== null) parts = contents.map((c) => c.text as string);
    else if (contents.length > 0) {
      // Not all text: reasoning apart, other parts (an image) as a `[type]` placeholder.
      const read = mixedParts(contents.map((c) => ({ type: c.type, text: c.text })));
      text = read.text;
      reasoning = read.reasoning;
    }
  }
  if (text === null && typeof fields.refusal === 'string') text = fields.refusal;
  const calls: SpanToolCall[] = [];
  const rawCalls: unknown[] = Array.isArray(fields.tool_calls) ? fields.tool_calls : [];
  for (const raw of rawCalls) {
    if (!isObject(raw)) continue;
    const call = isObject(raw.tool_call) ? raw.tool_call : raw;
    const fn = isObject(call.function) ? call.function : call;
    if (typeof fn.name !== 'string') continue;
    calls.push({ id: idOf(call.id), name: fn.name, arguments: fn.arguments ?? null });
  }
  // A chat-completions `function_call` (before tools): one call without an id.
  if (isObject(fields.function_call) && typeof fields.function_call.name === 'string') {
    calls.push({ id: null, name: fields.function_call.name, arguments: fields.function_call.arguments ?? null });
  }
  const message: SpanMessage = { role, text, calls, callId: idOf(fields.tool_call_id) };
  if (role === 'tool' && typeof fields.name === 'string' && fields.name !== '') message.name = fields.name;
  if (parts !== undefined && role === 'user' && calls.length === 0) message.parts = parts;
  if (reasoning !== undefined) message.reasoning = reasoning;
  return message;
}

function idOf(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

/**
 * A message's content as text. OpenLLMetry writes a list of content parts as its JSON: when
 * every part is text, the texts joined by newlines; any other part (an image) keeps the JSON
 * as written, so nothing is lost.
 */
function contentText(content: unknown): string | null {
  if (typeof content !== 'string') return content === null || content === undefined ? null : JSON.stringify(content);
  const first = content.trimStart()[0];
  if (first !== '[') return content;
  let parsed: unknown;
  try {
    parsed = parseJsonExactly(content);
  } catch {
    return content;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(isObject)) return content;
  return partsText(parsed) ?? content;
}

/**
 * Content parts that are not all text: the text parts' texts joined by newlines (null when
 * none), the reasoning parts' texts apart (a part with only a signature has none), and any
 * other part (an image, a file) as a `[type]` placeholder in the text, as the chat reader
 * shows a non-text part, so it is seen to have been there.
 */
function mixedParts(parts: { type: unknown; text: unknown }[]): { text: string | null; reasoning?: string } {
  const texts: string[] = [];
  const thoughts: string[] = [];
  for (const part of parts) {
    if (part.type === 'reasoning') {
      if (typeof part.text === 'string' && part.text !== '') thoughts.push(part.text);
    } else if ((part.type === undefined || part.type === 'text') && typeof part.text === 'string') texts.push(part.text);
    else texts.push(`[${typeof part.type === 'string' ? part.type : 'part'}]`);
  }
  return { text: texts.join('\n') || null, ...(thoughts.length > 0 ? { reasoning: thoughts.join('\n') } : {}) };
}

/** The texts of `[{type: 'text', text}]` parts joined by newlines; null unless every part is one. */
function partsText(parts: Record<string, unknown>[]): string | null {
  if (parts.length === 0 || !parts.every((p) => (p.type === undefined || p.type === 'text') && typeof p.text === 'string')) return null;
  return parts.map((p) => p.text as string).join('\n');
}

/**
 * Messages of a current GenAI attribute (`gen_ai.input.messages`, `gen_ai.output.messages`, or
 * the older single `gen_ai.prompt` / `gen_ai.completion`): a JSON string of
 * `[{role, parts: [{type: 'text', content} | {type: 'tool_call', id, name, arguments} |
 * {type: 'tool_call_response', id, response}]}]` or `[{role, content}]`. A string that is not
 * JSON is one user message.
 *
 * A `reasoning` part (Gemini's `{thought: true, text}`) is the model's reasoning, kept apart from
 * its text; any other part (an image, a file) is a `[type]` placeholder in the text.
 *
 * Parts in Gemini's own shape (no `type`: `{text}`, `{function_call: {name, args, id}}`,
 * `{function_response: {name, response, id}}`, or camelCase `functionCall` / `functionResponse`)
 * are read the same way. A message holding several responses, or responses under another role
 * (Gemini sends them as a `user` content, and the OpenTelemetry Gemini instrumentations keep that
 * role), becomes one tool message per response, followed by a message of its own role with its
 * text and calls, if it has any; a `tool` message with one response stays one message.
 */
export function messageList(value: unknown): SpanMessage[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = parseJsonExactly(value);
    } catch {
      return [{ role: 'user', text: value, calls: [], callId: null }];
    }
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(isObject).flatMap((message): SpanMessage[] => {
    const role = String(message.role ?? 'user');
    if (typeof message.content === 'string') return [{ role, text: message.content, calls: [], callId: null }];
    const parts = Array.isArray(message.parts) ? message.parts.filter(isObject) : [];
    const texts: string[] = [];
    const thoughts: string[] = [];
    const calls: SpanToolCall[] = [];
    const responses: SpanMessage[] = [];
    for (const part of parts) {
      const geminiCall = part.function_call ?? part.functionCall;
      const geminiResponse = part.function_response ?? part.functionResponse;
      if (part.type === 'text' && typeof part.content === 'string') texts.push(part.content);
      else if (part.type === 'reasoning' || (part.type === undefined && part.thought === true)) {
        const thought = part.content ?? part.text;
        if (typeof thought === 'string' && thought !== '') thoughts.push(thought);
      } else if (part.type === undefined && typeof part.text === 'string') texts.push(part.text);
      else if (part.type === 'tool_call' && typeof part.name === 'string') calls.push({ id: idOf(part.id), name: part.name, arguments: part.arguments ?? null });
      else if (part.type === undefined && isObject(geminiCall) && typeof geminiCall.name === 'string') calls.push({ id: idOf(geminiCall.id), name: geminiCall.name, arguments: geminiCall.args ?? null });
      else if (part.type === 'tool_call_response') responses.push({ role: 'tool', text: null, calls: [], callId: idOf(part.id), result: part.response ?? null });
      else if (part.type === undefined && isObject(geminiResponse)) {
        const response: SpanMessage = { role: 'tool', text: null, calls: [], callId: idOf(geminiResponse.id), result: geminiResponse.response ?? null };
        if (typeof geminiResponse.name === 'string' && geminiResponse.name !== '') response.name = geminiResponse.name;
        responses.push(response);
      } else {
        // Another part (an image, a file: blob, uri, Gemini's inline_data): a `[type]` placeholder,
        // as the chat reader shows one. A part with only a thought signature holds nothing to read.
        const kind = typeof part.type === 'string' ? part.type : Object.keys(part).find((key) => !/^thought_?[sS]ignature$/.test(key));
        if (kind !== undefined) texts.push(`[${kind}]`);
      }
    }
    const text = texts.join('\n') || null;
    const reasoning = thoughts.length > 0 ? { reasoning: thoughts.join('\n') } : {};
    if (responses.length === 0) return [{ role, text, calls, callId: null, ...reasoning }];
    if (role === 'tool' && responses.length === 1) return [{ ...responses[0]!, text }];
    return text !== null || calls.length > 0 || thoughts.length > 0 ? [...responses, { role, text, calls, callId: null, ...reasoning }] : responses;
  });
}

/**
 * `gen_ai.system_instructions` (the current conventions keep the system prompt apart from the
 * input messages): a JSON string of `[{type: 'text', content}]` parts, or plain text; one system
 * message, or none when empty.
 */
export function systemInstructions(value: unknown): SpanMessage[] {
  if (value === undefined || value === null) return [];
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = parseJsonExactly(value);
    } catch {
      parsed = value;
    }
  }
  let text: string | null;
  if (typeof parsed === 'string') text = parsed;
  else if (Array.isArray(parsed) && parsed.every((p) => isObject(p) && typeof (p.content ?? p.text) === 'string')) {
    text = parsed.map((p) => ((p as Record<string, unknown>).content ?? (p as Record<string, unknown>).text) as string).join('\n');
  } else text = typeof value === 'string' ? value : JSON.stringify(value);
  return text ? [{ role: 'system', text, calls: [], callId: null }] : [];
}

/** The ids the OpenTelemetry Gemini instrumentations make up for a call or a response Gemini gave none: `<function name>_<part index>`. */
const MADE_UP_ID = /^(.+)_\d+$/;

/**
 * One model call's messages with what Gemini traces write their own way read as the other
 * vocabularies write it:
 *
 * - role `model` (Gemini's name for the assistant, as OpenInference's google-genai
 *   instrumentation and the OpenTelemetry Vertex AI one keep it) is the assistant; an empty role
 *   (a content Gemini got without one) is the user, as Gemini takes it;
 * - the tool messages right after an assistant message with calls answer those calls (Gemini
 *   wants the responses in the content after the calls). A response whose id is none of those
 *   calls' but is made up as `<name>_<part index>` (the OpenTelemetry instrumentations count the
 *   content's parts, so a call after text and its response get different numbers, and ids repeat
 *   from one turn to the next) answers the next unanswered call of that name there: it takes the
 *   call's id and name. Other ids are left as they are;
 * - OpenInference's google-genai instrumentation writes function responses as a `user` message
 *   whose parts are the responses as JSON, with no function name (and `message.tool_call_id`
 *   only when Gemini gave an id): a `user` message right after a `model` message with calls,
 *   every part of which is a JSON object, one per call, is read as their outputs, the k-th part
 *   answering the k-th call. One that does not fit (another number of parts, a part that is not
 *   a JSON object) stays a user message, and the calls show no output.
 */
export function geminiMessages(messages: SpanMessage[]): SpanMessage[] {
  if (!messages.some((m) => m.role === 'model' || m.role === '' || m.role === 'tool')) return messages;
  const out: SpanMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    const role = message.role === 'model' ? 'assistant' : message.role === '' ? 'user' : message.role;
    out.push(role === message.role ? message : { ...message, role });
    if (role !== 'assistant' || message.calls.length === 0) continue;
    const calls = message.calls;
    const next = messages[i + 1];
    if (message.role === 'model' && next !== undefined && next.role === 'user') {
      const outputs = jsonResponses(next, calls);
      if (outputs !== null) {
        out.push(...outputs);
        i++;
        continue;
      }
    }
    // The run of tool messages that answers these calls.
    let end = i + 1;
    while (end < messages.length && messages[end]!.role === 'tool') end++;
    if (end === i + 1) continue;
    const run = messages.slice(i + 1, end);
    out.push(...answerCalls(calls, run));
    i = end - 1;
  }
  return out;
}

/** `responses` (tool messages) paired with `calls` by id, else by the name a made-up id carries (see geminiMessages). */
function answerCalls(calls: SpanToolCall[], responses: SpanMessage[]): SpanMessage[] {
  const open = new Set(calls.map((_, k) => k));
  const callIds = new Set(calls.map((c) => c.id).filter((id) => id !== null));
  for (const response of responses) if (response.callId !== null && callIds.has(response.callId)) {
    const k = calls.findIndex((c, j) => open.has(j) && c.id === response.callId);
    if (k >= 0) open.delete(k);
  }
  return responses.map((response) => {
    if (response.callId === null || callIds.has(response.callId)) return response;
    const made = MADE_UP_ID.exec(response.callId);
    const name = made !== null ? made[1]! : null;
    const k = name === null ? -1 : calls.findIndex((c, j) => open.has(j) && c.name === name);
    if (k < 0) return response;
    open.delete(k);
    return { ...response, callId: calls[k]!.id, name: calls[k]!.name };
  });
}

/** A `user` message whose parts are one JSON object per call (see geminiMessages): the calls' outputs, named by the call each answers; null when it is not one. */
function jsonResponses(message: SpanMessage, calls: SpanToolCall[]): SpanMessage[] | null {
  const parts = message.parts;
  if (parts === undefined || parts.length !== calls.length) return null;
  for (const part of parts) {
    if (part.trimStart()[0] !== '{') return null;
    try {
      // Only a check: the part, read as the output, lists its own literals.
      if (!isObject(collectingInexact([], () => parseJsonExactly(part)))) return null;
    } catch {
      return null;
    }
  }
  return parts.map((text, k) => {
    const call = calls[k]!;
    // OpenInference writes one `message.tool_call_id` for the message: the id of its one response.
    const callId = call.id ?? (parts.length === 1 ? message.callId : null);
    return { role: 'tool', text, calls: [], callId, name: call.name };
  });
}
