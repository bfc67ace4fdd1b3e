import { conversationItem } from '../conversations/conversationItem';
import type { Conversation, ToolCallTurn, Turn } from '../conversations/model';
import { readMessageConversation } from '../conversations/conversationRecord';
import { collectingInexact, parseJsonExactly } from '../exactNumbers';
import type { FormatReader } from '../module';
import { type Finding, FormatError, type ParsedItem } from '../types';
import type { Preset } from './model';
import { geminiMessages, INDEXED_INPUTS, INDEXED_OUTPUTS, indexedMessages, isIndexedMessageKey, messageList, type SpanMessage, type SpanToolCall, systemInstructions } from './otlpMessages';
import { type MadeCall, MadeCalls } from './otlpToolCalls';
import { isObject } from './recognise';

/** One span, with its attributes as plain values. */
interface Span {
  traceId: string;
  spanId: string;
  /** The span this one ran inside ('' for a root span). */
  parentSpanId: string;
  name: string;
  start: bigint;
  attributes: Record<string, unknown>;
  status: { code: number; message: string | null };
  line: number;
  /** An OpenInference TOOL span whose output a later model call's history holds (read from there): it only repeats what was read. */
  repeatsRead?: boolean;
  /** Why an OpenInference TOOL span's output was not read (it answers no call), for the finding that names it. */
  notRead?: string;
}

/**
 * An answering tool span whose output was read as the answer of a call: where the output is in
 * the record's messages, where the call is (its message, and its place among that message's
 * calls), and, when the call was taken by order among open calls of its tool with different
 * arguments, how many were open.
 */
interface ReadToolSpan {
  span: Span;
  call: MadeCall;
  output: number;
  callMessage: number;
  callPlace: number;
  byOrderAmong: number | null;
}

/** OTLP's status code for an error. */
const STATUS_ERROR = 2;

/**
 * OpenTelemetry trace exports in OTLP JSON with GenAI attributes: spans are grouped into one
 * conversation per `gen_ai.conversation.id` (else ADK's `gcp.vertex.agent.session_id`, else per
 * trace) and ordered by start time.
 *
 * - A model call adds what its inputs hold past the history the previous call ended with (a
 *   call that repeats the history adds only what follows it; one that does not adds all it
 *   sends; system messages are not part of the comparison, and a system prompt is added once,
 *   where it changes, as at an agent handoff) and its outputs: text as turns, tool calls as
 *   calls, tool messages as outputs. It is
 *   a span with `gen_ai.operation.name` chat / text_completion / generate_content and
 *   `gen_ai.input.messages` / `gen_ai.output.messages` (Langfuse, the OpenAI Agents SDK, the
 *   current conventions; `gen_ai.system_instructions` becomes the system turn), or, with no
 *   operation name, one with numbered message attributes (`otlpMessages`: OpenLLMetry's
 *   `gen_ai.prompt.N.*` / `gen_ai.completion.N.*`, `llm.prompts.N.*` before the rename, and
 *   OpenInference's `llm.input_messages.N.*`) that is not an embedding or rerank call.
 *   Gemini's own ways are read too (`geminiMessages`): the role `model` is the assistant, function
 *   responses sent as a `user` message (`tool_call_response` parts, or OpenInference's JSON parts
 *   right after a `model` message, one per call) are the outputs of the calls before them, and a
 *   call whose id the OpenTelemetry Gemini instrumentations made up (`<name>_<part index>`) and
 *   reuse in a later turn is a new call, answered by the response given for it. The turns the
 *   Gemini SDK's automatic function calling added inside one call are read from the response's
 *   `automatic_function_calling_history` (OpenInference's `output.value`, see `automaticCalls`).
 *   Google's Agent Development Kit writes a model call as a `call_llm` span with the request and
 *   response as JSON (`gcp.vertex.agent.llm_request` / `llm_response`, see `adkJson`); its
 *   `execute_tool` spans (`gcp.vertex.agent.tool_response`) answer calls as OpenInference TOOL
 *   spans do, below, and ADK's own call ids (`adk-…`, stripped from the next request) are not
 *   compared with the history.
 * - An `execute_tool` span adds a tool call (`gen_ai.tool.name`, `gen_ai.tool.call.id`,
 *   `gen_ai.tool.call.arguments`) and its output (`gen_ai.tool.call.result`, or the span's error
 *   status as `{error}`, which marks the call failed); a model call naming the same call id does
 *   not add it again. One inside a model call's span (its parent; the Gemini SDK running the
 *   function itself) is read before that call's answer, its arguments and result from
 *   `code.function.parameters.<name>.value` / `code.function.return.value` when it has no
 *   `gen_ai.tool.call.*`.
 * - An OpenInference TOOL span's `output.value` (an ADK tool span's
 *   `gcp.vertex.agent.tool_response`), or its error status, answers the call it executed,
 *   unless a later model call's history holds that call's output, which is read instead. The
 *   call is found by its id when both have one (`tool_call.id` or `tool.id`), else by name and
 *   the arguments the span ran with (`input.value`, ADK's `gcp.vertex.agent.tool_call_args`,
 *   compared as JSON values): the earliest call of its tool still open, made before the span,
 *   with those arguments (calls and spans without ids, as many instrumentations write them; the
 *   spans of parallel calls of one tool start in any order). When no open call has them (or the
 *   span records none), by order: the k-th TOOL span of a tool answers the k-th call of it still
 *   open, and when the open calls had different arguments an `otlp-tool-span-paired-by-order`
 *   warning names the span (the pairing may be wrong). Outputs without a call id answer the
 *   earliest open call of their tool in the chat reader, so a tool's outputs take the places of
 *   its spans in the order of the calls; one the chat reader still links to another call (an
 *   earlier call of the tool that no span answered) is named in an `otlp-tool-span-relinked`
 *   warning. A span that answers no call (none of its tool open; its id names an answered call,
 *   or disagrees with the open call's) is named, with the reason, in the finding below. See
 *   `MadeCalls`.
 * - Other spans with content (an embedding's prompt, a workflow's input and output, an agent
 *   span's messages, a TOOL span with no call to answer) are named in an `otlp-span-not-read`
 *   finding on their conversation (information when they only wrap or repeat what was read:
 *   agent, workflow and task spans, a TOOL span a later history repeats). A trace with no span
 *   read is skipped, and the skipped traces are named in one `otlp-trace-not-read` warning on
 *   the first item; a file with no span read is rejected, naming them.
 */
export function otlpReader(): FormatReader {
  const spans: Span[] = [];
  return {
    add(record, line) {
      collectSpans(record, line, spans);
      return [];
    },
    finish() {
      // The conversation a span names: `gen_ai.conversation.id`, else ADK's session id (ADK writes
      // one trace per invocation, one user turn; a session is the conversation).
      const conversationOf = (span: Span) => {
        for (const key of ['gen_ai.conversation.id', 'gcp.vertex.agent.session_id']) if (typeof span.attributes[key] === 'string' && span.attributes[key] !== '') return span.attributes[key] as string;
        return null;
      };
      // A span that names no conversation (an agent span wrapping the chat calls) goes with the
      // conversation its trace's other spans name, so that it is not a trace of its own, unread.
      const traceConversation = new Map<string, string>();
      for (const span of spans) {
        const conversation = conversationOf(span);
        if (conversation !== null && !traceConversation.has(span.traceId)) traceConversation.set(span.traceId, conversation);
      }
      const groups = new Map<string, Span[]>();
      for (const span of spans) {
        const key = conversationOf(span) ?? traceConversation.get(span.traceId) ?? span.traceId;
        const list = groups.get(key);
        if (list) list.push(span);
        else groups.set(key, [span]);
      }
      const read: { id: string; group: Span[]; record: Record<string, unknown> | null; unread: Span[]; toolSpans: ReadToolSpan[] }[] = [];
      for (const [id, group] of groups) {
        group.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
        read.push({ id, group, ...conversationRecord(id, group) });
      }
      if (read.every((r) => r.record === null)) {
        const unread = read.flatMap((r) => r.unread);
        throw new FormatError(
          'no span carries GenAI chat or tool attributes this reader knows (gen_ai.operation.name chat or execute_tool, gen_ai.prompt.N.* / gen_ai.completion.N.*, llm.input_messages.N.*)' +
            (unread.length > 0 ? `; spans with other content: ${describeSpans(unread)}` : ''),
          1,
          1,
        );
      }
      const items: ParsedItem[] = [];
      // A trace none of whose spans is read (an embedding-only trace of a RAG indexing job, a
      // workflow that calls no model) is not a conversation: it is skipped, and the skipped
      // traces are named once, on the first item. One with no span with content is skipped silently.
      const skipped = read.filter((r) => r.record === null && r.unread.length > 0);
      for (const { id, group, record, unread, toolSpans } of read) {
        if (record === null) continue;
        const conversation = readMessageConversation(record, { sourceFormat: 'mapping', line: group[0]!.line, fallbackId: id });
        const item = conversationItem(conversation, group[0]!.line);
        if (unread.length > 0) item.findings.push(unreadFinding(unread, true));
        const guessed = toolSpans.filter((t) => t.byOrderAmong !== null);
        if (guessed.length > 0) item.findings.push(byOrderFinding(guessed));
        const relinked = relinkedSpans(conversation, toolSpans);
        if (relinked.length > 0) item.findings.push(relinkedFinding(relinked));
        items.push(item);
      }
      if (skipped.length > 0) items[0]!.findings.push(skippedFinding(skipped));
      return items;
    },
  };
}

function collectSpans(record: unknown, line: number, out: Span[]): void {
  if (!isObject(record) || !Array.isArray(record.resourceSpans)) throw new FormatError(`expected an OTLP export with resourceSpans, found ${isObject(record) ? `fields ${Object.keys(record).slice(0, 6).join(', ')}` : typeof record}`, line, 1, 'resourceSpans');
  for (const resource of record.resourceSpans) {
    const scopes = isObject(resource) && Array.isArray(resource.scopeSpans) ? resource.scopeSpans : [];
    for (const scope of scopes) {
      const spans = isObject(scope) && Array.isArray(scope.spans) ? scope.spans : [];
      for (const raw of spans) {
        if (!isObject(raw)) continue;
        const status = isObject(raw.status) ? raw.status : {};
        out.push({
          traceId: String(raw.traceId ?? ''),
          spanId: String(raw.spanId ?? ''),
          parentSpanId: typeof raw.parentSpanId === 'string' ? raw.parentSpanId : '',
          name: String(raw.name ?? ''),
          start: toBigInt(raw.startTimeUnixNano),
          attributes: attributesOf(raw.attributes),
          status: { code: statusCode(status.code), message: typeof status.message === 'string' ? status.message : null },
          line,
        });
      }
    }
  }
}

function toBigInt(value: unknown): bigint {
  try {
    return typeof value === 'string' || typeof value === 'number' ? BigInt(value) : 0n;
  } catch {
    return 0n;
  }
}

function statusCode(code: unknown): number {
  if (typeof code === 'number') return code;
  return code === 'STATUS_CODE_ERROR' ? STATUS_ERROR : 0;
}

/** OTLP's `[{key, value: {stringValue | intValue | …}}]` as `{key: value}`. */
function attributesOf(list: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!Array.isArray(list)) return out;
  for (const entry of list) if (isObject(entry) && typeof entry.key === 'string') out[entry.key] = anyValue(entry.value);
  return out;
}

function anyValue(value: unknown): unknown {
  if (!isObject(value)) return null;
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return typeof value.intValue === 'string' && Number.isSafeInteger(Number(value.intValue)) ? Number(value.intValue) : value.intValue;
  if ('doubleValue' in value) return value.doubleValue;
  if ('boolValue' in value) return value.boolValue;
  if (isObject(value.arrayValue) && Array.isArray(value.arrayValue.values)) return value.arrayValue.values.map(anyValue);
  return null;
}

const CHAT_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);

/** OpenLLMetry's `llm.request.type` values that are calls to a chat or completion model. */
const CHAT_REQUEST_TYPES = new Set(['chat', 'completion']);

/**
 * Attributes that carry what was said or done (messages, tool arguments and results, a
 * workflow's input and output): a span that has one and is not read is named in a finding.
 */
const CONTENT_ATTRIBUTE =
  /^(gen_ai\.(input\.messages|output\.messages|system_instructions|prompt|completion|tool\.call\.arguments|tool\.call\.result)|llm\.(prompts|completions|input_messages|output_messages)|input\.value|output\.value|traceloop\.entity\.(input|output)|gcp\.vertex\.agent\.(llm_request|llm_response|tool_call_args|tool_response|data))(\.|$)/;

/** Content attributes of workflow and task spans, which wrap the model calls. */
const WRAPPER_CONTENT = /^(traceloop\.entity\.(input|output)|input\.value|output\.value)$/;

/** How the reader takes a span: a tool execution, a model call, or neither. */
function spanKind(span: Span): 'tool' | 'chat' | null {
  const attributes = span.attributes;
  const operation = attributes['gen_ai.operation.name'];
  // An ADK tool span answers a call a model call made (see isAnsweringTool).
  if (operation === 'execute_tool') return isAdkTool(span) ? null : 'tool';
  if (typeof operation === 'string') return CHAT_OPERATIONS.has(operation) ? 'chat' : null;
  if (adkJson(attributes, 'gcp.vertex.agent.llm_request') !== null) return 'chat';
  // No operation name: OpenLLMetry's and OpenInference's numbered message attributes, on a
  // chat or completion call (not an embedding or a rerank, which carry prompts too).
  const requestType = attributes['llm.request.type'];
  if (typeof requestType === 'string' && !CHAT_REQUEST_TYPES.has(requestType)) return null;
  const openInferenceKind = attributes['openinference.span.kind'];
  if (typeof openInferenceKind === 'string' && openInferenceKind !== 'LLM') return null;
  return Object.keys(attributes).some((key) => isIndexedMessageKey(key)) ? 'chat' : null;
}

/** The attributes of an unread span that carry content (see CONTENT_ATTRIBUTE). */
function contentKeys(span: Span): string[] {
  // ADK's tool spans write `{}` as their request and response: nothing.
  return Object.keys(span.attributes).filter((key) => CONTENT_ATTRIBUTE.test(key) && !(key.startsWith('gcp.vertex.agent.') && span.attributes[key] === '{}'));
}

/**
 * A model call's input messages, in whichever vocabulary the span writes them, and what its
 * automatic function calling added to them (see {@link automaticCalls}).
 */
function chatInputs(attributes: Record<string, unknown>): SpanMessage[] {
  const system = systemInstructions(attributes['gen_ai.system_instructions']);
  const current = attributes['gen_ai.input.messages'] ?? (typeof attributes['gen_ai.prompt'] === 'string' ? attributes['gen_ai.prompt'] : undefined);
  const adk = current === undefined ? adkJson(attributes, 'gcp.vertex.agent.llm_request') : null;
  if (adk !== null) return [...adkSystem(adk), ...geminiMessages(messageList(adk.contents))];
  const inputs = geminiMessages(current !== undefined ? messageList(current) : (indexedMessages(attributes, INDEXED_INPUTS, 'user') ?? []));
  const automatic = automaticCalls(attributes);
  if (automatic.length === 0) return [...system, ...inputs];
  // The history starts with the contents the call was given: what follows them is added.
  const dialogue = inputs.filter((m) => !isSystem(m));
  let common = 0;
  while (common < dialogue.length && common < automatic.length && messageKey(dialogue[common]!) === messageKey(automatic[common]!)) common++;
  return [...system, ...inputs, ...automatic.slice(common)];
}

/**
 * The Gemini SDK's automatic function calling: a call given Python functions as tools runs the
 * functions the model calls and calls the model again, in one call of the SDK, one span.
 * OpenInference's google-genai instrumentation keeps the turns it added only in the response it
 * records as `output.value`, as `automatic_function_calling_history`: the contents the call was
 * given, then each `model` content with its function calls and the `user` content with their
 * responses. Those messages (none when the span has no such history).
 */
function automaticCalls(attributes: Record<string, unknown>): SpanMessage[] {
  const output = attributes['output.value'];
  if (typeof output !== 'string' || (!output.includes('automatic_function_calling_history') && !output.includes('automaticFunctionCallingHistory'))) return [];
  let response: unknown;
  try {
    response = parseJsonExactly(output);
  } catch {
    return [];
  }
  if (!isObject(response)) return [];
  const history = response.automatic_function_calling_history ?? response.automaticFunctionCallingHistory;
  return Array.isArray(history) && history.length > 0 ? geminiMessages(messageList(history)) : [];
}

/** A model call's output messages, in whichever vocabulary the span writes them. */
function chatOutputs(attributes: Record<string, unknown>): SpanMessage[] {
  const current = attributes['gen_ai.output.messages'] ?? (typeof attributes['gen_ai.completion'] === 'string' ? attributes['gen_ai.completion'] : undefined);
  const adk = current === undefined ? adkJson(attributes, 'gcp.vertex.agent.llm_response') : null;
  if (adk !== null) return geminiMessages(isObject(adk.content) ? messageList([adk.content]) : []);
  return geminiMessages(current !== undefined ? messageList(current) : (indexedMessages(attributes, INDEXED_OUTPUTS, 'assistant') ?? []));
}

/**
 * Google's Agent Development Kit (ADK) records a model call as a `call_llm` span whose
 * `gcp.vertex.agent.llm_request` is the request as JSON (`{model, config: {system_instruction},
 * contents}`, Gemini contents) and `gcp.vertex.agent.llm_response` the response (`{content}`);
 * its tool spans write `{}` in both. The attribute decoded, or null when absent, empty or not
 * a JSON object.
 */
function adkJson(attributes: Record<string, unknown>, key: string): Record<string, unknown> | null {
  const value = attributes[key];
  if (typeof value !== 'string' || value.trimStart()[0] !== '{' || value.trim() === '{}') return null;
  try {
    const parsed = parseJsonExactly(value);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** An ADK request's system instruction (`config.system_instruction`: text, or a content's parts) as the system message. */
function adkSystem(request: Record<string, unknown>): SpanMessage[] {
  const instruction = isObject(request.config) ? request.config.system_instruction : undefined;
  return systemInstructions(isObject(instruction) && Array.isArray(instruction.parts) ? instruction.parts : instruction);
}

function modelOf(attributes: Record<string, unknown>): string | null {
  for (const key of ['gen_ai.request.model', 'llm.request.model', 'gen_ai.response.model', 'llm.model_name']) if (typeof attributes[key] === 'string') return attributes[key] as string;
  return null;
}

/**
 * The arguments of a function the OpenTelemetry Gemini instrumentation ran (automatic function
 * calling): `code.function.parameters.<name>.value`, each a value, or JSON for a value of
 * another type than `str` (`.type`); null when it records none (content capture off).
 */
function functionParameters(attributes: Record<string, unknown>): Record<string, unknown> | null {
  const prefix = 'code.function.parameters.';
  let out: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(attributes)) {
    if (!key.startsWith(prefix) || !key.endsWith('.value')) continue;
    const name = key.slice(prefix.length, -'.value'.length);
    let read = value;
    if (typeof value === 'string' && attributes[`${prefix}${name}.type`] !== 'str') {
      try {
        read = parseJsonExactly(value);
      } catch {
        read = value;
      }
    }
    (out ??= {})[name] = read;
  }
  return out;
}

/** A message as compared with the history a later call repeats. */
function messageKey(message: SpanMessage, role = message.role): string {
  return JSON.stringify([role, role === 'tool' ? outputKey(message) : (message.text ?? ''), message.calls.map((c) => comparedId(c.id) ?? c.name), comparedId(message.callId)]);
}

/** A call id as compared: none for ADK's own ids (`adk-…`), which it strips from the requests it sends. */
function comparedId(id: string | null): string | null {
  return id !== null && id.startsWith('adk-') ? null : id;
}

/**
 * A tool message's output as compared: its value written anew when it is JSON, so that the same
 * output compares equal however it was written (decoded in one span's history, a JSON text with
 * other spacing in the next one's).
 */
function outputKey(message: SpanMessage): string {
  if (message.result !== undefined) return JSON.stringify(message.result);
  const text = message.text ?? '';
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return text;
  try {
    // Only compared: the literals it meets are not listed as the record's (the output, when read, lists its own).
    return JSON.stringify(collectingInexact([], () => parseJsonExactly(text)));
  } catch {
    return text;
  }
}

/** A system prompt, as the current conventions and the chat APIs write it. */
function isSystem(message: SpanMessage): boolean {
  return message.role === 'system' || message.role === 'developer';
}

/** An OpenInference span that executed a tool. */
function isOpenInferenceTool(span: Span): boolean {
  return span.attributes['openinference.span.kind'] === 'TOOL' && span.attributes['gen_ai.operation.name'] === undefined;
}

/**
 * An ADK tool span (`execute_tool` with `gcp.vertex.agent.tool_response`): it runs a call a
 * `call_llm` span's response made, which the next request's contents repeat with its response.
 */
function isAdkTool(span: Span): boolean {
  const attributes = span.attributes;
  return attributes['gen_ai.operation.name'] === 'execute_tool' && attributes['gcp.vertex.agent.tool_response'] !== undefined && attributes['gen_ai.tool.call.result'] === undefined;
}

/** ADK's span for the responses of parallel calls together: each also has a span of its own. */
const ADK_MERGED_TOOLS = '(merged tools)';

/** A span whose output answers a call a model call made: an OpenInference TOOL span or an ADK tool span. */
function isAnsweringTool(span: Span): boolean {
  return isOpenInferenceTool(span) || isAdkTool(span);
}

/** The attribute that holds an answering tool span's output. */
function answerKey(span: Span): string {
  return isAdkTool(span) ? 'gcp.vertex.agent.tool_response' : 'output.value';
}

/** The id of the call an answering tool span ran (ADK: `gen_ai.tool.call.id`, which it writes `<not specified>` when it has none). */
function answeringCallId(span: Span): string | null {
  if (!isAdkTool(span)) return openInferenceCallId(span);
  const id = span.attributes['gen_ai.tool.call.id'];
  return typeof id === 'string' && id !== '' && id !== '<not specified>' ? id : null;
}

function answeringToolName(span: Span): string {
  if (isAdkTool(span) && typeof span.attributes['gen_ai.tool.name'] === 'string') return span.attributes['gen_ai.tool.name'] as string;
  return openInferenceToolName(span);
}

/** The id of the call an OpenInference TOOL span ran: `tool_call.id`, or `tool.id` (the newer conventions' name for it); null when it gives none. */
function openInferenceCallId(span: Span): string | null {
  for (const key of ['tool_call.id', 'tool.id']) {
    const value = span.attributes[key];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

function openInferenceToolName(span: Span): string {
  for (const key of ['tool.name', 'tool_call.function.name']) if (typeof span.attributes[key] === 'string') return span.attributes[key] as string;
  return span.name;
}

/** The chat-format record of one conversation's spans (null when no span is read), and the spans with content that were not read. */
function conversationRecord(id: string, spans: Span[]): { record: Record<string, unknown> | null; unread: Span[]; toolSpans: ReadToolSpan[] } {
  const messages: Record<string, unknown>[] = [];
  const unread: Span[] = [];
  let model: string | null = null;
  let any = false;
  // Calls that execute_tool spans record: those spans add the call and its output, so a model
  // call's output or a later call's history that names the same call id does not add it again.
  const executed = new Set<string>();
  for (const span of spans) if (spanKind(span) === 'tool' && typeof span.attributes['gen_ai.tool.call.id'] === 'string') executed.add(span.attributes['gen_ai.tool.call.id'] as string);
  const called = new Set<string>();
  const answered = new Set<string>();
  // The calls models made (with an id or without), for history tool messages and OpenInference TOOL spans to answer.
  const callsMade = new MadeCalls();
  // OpenInference TOOL spans paired with a call: their output, at the span's place, unless a
  // later model call's history answers the call (decided once every span is read).
  const toolOutputs: { index: number; call: MadeCall; span: Span; byOrderAmong: number | null }[] = [];
  // Each call's place among the calls of its message.
  const callPlace = new Map<MadeCall, number>();
  // `output`: the calls are what the model answered with (not a history it was sent). A call id
  // that is already answered is then a new call that reuses it (the OpenTelemetry Gemini
  // instrumentations make ids up as `<name>_<part index>`, the same from one turn to the next):
  // it is added, and its id is open for the output that answers it.
  // A model's reasoning (Gemini's thoughts) is kept beside its text, in the turn's extra fields.
  const pushCalls = ({ text, calls, reasoning }: { text: string | null; calls: SpanToolCall[]; reasoning?: string }, output = false) => {
    const thoughts = reasoning !== undefined ? { reasoning } : {};
    const reused = (id: string) => output && called.has(id) && answered.has(id) && !executed.has(id);
    const fresh = calls.filter((c) => c.id === null || reused(c.id) || (!executed.has(c.id) && !called.has(c.id)));
    fresh.forEach((call, place) => {
      if (call.id !== null) {
        called.add(call.id);
        answered.delete(call.id);
      }
      callPlace.set(callsMade.add(call.id, call.name, messages.length, call.arguments), place);
    });
    if (fresh.length === 0) {
      if (text || reasoning !== undefined) messages.push({ role: 'assistant', content: text, ...thoughts });
      return;
    }
    messages.push({
      role: 'assistant',
      content: text,
      ...thoughts,
      tool_calls: fresh.map((call) => ({ ...(call.id !== null ? { id: call.id } : {}), type: 'function', function: { name: call.name, arguments: call.arguments ?? '{}' } })),
    });
  };
  // What the model had seen after the last call: a later call that repeats it (as chat APIs
  // are sent the whole history) adds only what follows; one that does not adds all it sends.
  let history: string[] = [];
  // Where in `history` the last call ran tools itself (its execute_tool spans, read as calls and
  // outputs) and how many: a later call's history holds them as the model's calls and the
  // responses sent back, which the history above cannot know (see below). Null when it ran none.
  let ranTools: { at: number; calls: number } | null = null;
  // The system messages the last call that sent any sent (see below).
  let systemPrompt: string[] = [];
  const addInput = (message: SpanMessage) => {
    if (message.role === 'assistant') pushCalls(message);
    else if (message.role === 'tool') {
      if (message.callId !== null && (executed.has(message.callId) || answered.has(message.callId))) return;
      if (message.callId !== null) answered.add(message.callId);
      callsMade.answerFromHistory(message.callId, message.name ?? null, messages.length);
      messages.push({ role: 'tool', tool_call_id: message.callId, ...(message.name !== undefined ? { name: message.name } : {}), content: message.result !== undefined ? message.result : message.text });
    } else messages.push({ role: message.role, content: message.text, ...(message.reasoning !== undefined ? { reasoning: message.reasoning } : {}) });
  };
  // An execute_tool span: the call (`gen_ai.tool.call.*`, else the function's parameters and
  // return value as the OpenTelemetry Gemini instrumentation records them) and its output.
  const addToolSpan = (span: Span) => {
    const callId = String(span.attributes['gen_ai.tool.call.id'] ?? span.spanId);
    const name = String(span.attributes['gen_ai.tool.name'] ?? span.name);
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: callId, type: 'function', function: { name, arguments: span.attributes['gen_ai.tool.call.arguments'] ?? functionParameters(span.attributes) ?? '{}' } }] });
    const failed = span.status.code === STATUS_ERROR;
    const result = span.attributes['gen_ai.tool.call.result'] ?? span.attributes['code.function.return.value'];
    const content = failed ? JSON.stringify({ error: span.status.message ?? 'error' }) : typeof result === 'string' ? result : JSON.stringify(result ?? null);
    messages.push({ role: 'tool', tool_call_id: callId, name, content });
    called.add(callId);
    answered.add(callId);
  };
  // execute_tool spans run inside a model call's span, by their parent span id.
  const chatSpans = new Set(spans.filter((span) => spanKind(span) === 'chat' && span.spanId !== '').map((span) => span.spanId));
  const toolsInside = new Map<string, Span[]>();
  for (const span of spans) {
    if (spanKind(span) !== 'tool' || !chatSpans.has(span.parentSpanId)) continue;
    const list = toolsInside.get(span.parentSpanId);
    if (list) list.push(span);
    else toolsInside.set(span.parentSpanId, [span]);
  }
  const ranInside = new Set<Span>();
  for (const span of spans) {
    const kind = spanKind(span);
    if (kind === 'tool') {
      any = true;
      if (!ranInside.has(span)) addToolSpan(span);
    } else if (kind === 'chat') {
      any = true;
      model ??= modelOf(span.attributes);
      const inputs = chatInputs(span.attributes);
      const outputs = chatOutputs(span.attributes);
      // The history is compared without the system messages: an agent handoff (a triage agent,
      // then a billing agent with its own instructions) sends the same history under another
      // system prompt, and comparing it with the prompt first matched nothing and added all of it again.
      const dialogue = inputs.filter((m) => !isSystem(m));
      const inputKeys = dialogue.map((m) => messageKey(m));
      let common = 0;
      while (common < history.length && common < inputKeys.length && history[common] === inputKeys[common]) common++;
      // After a call that ran tools itself: the calls (without text) and outputs its history
      // holds where they ran, as many calls as tools ran, are the ones read from the tool spans.
      if (ranTools !== null && common === ranTools.at) {
        let end = common;
        let calls = 0;
        while (end < dialogue.length && (dialogue[end]!.role === 'tool' || (dialogue[end]!.role === 'assistant' && dialogue[end]!.calls.length > 0 && !dialogue[end]!.text))) {
          calls += dialogue[end]!.calls.length;
          end++;
        }
        let k = ranTools.at;
        let m = end;
        while (k < history.length && m < inputKeys.length && history[k] === inputKeys[m]) {
          k++;
          m++;
        }
        if (calls === ranTools.calls && end > common && k === history.length) common = m;
      }
      // A system prompt is added once, where it changes: the system messages of a call that sends
      // other ones than the last call that sent any, each new one with the number of dialogue
      // messages before it. One within the repeated history goes where the new part starts
      // (after the outputs answering calls of the history, which stay next to their calls); one
      // after it, in its place. A call that sends none leaves the prompt as it was.
      const systems: { message: SpanMessage; at: number; key: string }[] = [];
      let before = 0;
      for (const message of inputs) {
        if (isSystem(message)) systems.push({ message, at: before, key: messageKey(message) });
        else before++;
      }
      const changed = systems.length > 0 && (systems.length !== systemPrompt.length || systems.some((s, i) => s.key !== systemPrompt[i]));
      const added = changed ? systems.filter((s) => !systemPrompt.includes(s.key)) : [];
      if (systems.length > 0) systemPrompt = systems.map((s) => s.key);
      let pending = added.filter((s) => s.at <= common).map((s) => s.message);
      const flush = () => {
        for (const message of pending) addInput(message);
        pending = [];
      };
      for (let i = common; i <= dialogue.length; i++) {
        for (const s of added) if (s.at === i && s.at > common) {
          flush();
          addInput(s.message);
        }
        if (i === dialogue.length) break;
        if (dialogue[i]!.role !== 'tool') flush();
        addInput(dialogue[i]!);
      }
      flush();
      // Tools the model call ran itself, inside its span (the Gemini SDK's automatic function
      // calling): their calls and outputs came before its answer.
      const children = toolsInside.get(span.spanId) ?? [];
      for (const child of children) {
        addToolSpan(child);
        ranInside.add(child);
      }
      for (const message of outputs) pushCalls(message, true);
      history = [...inputKeys, ...outputs.map((m) => messageKey(m, 'assistant'))];
      ranTools = children.length > 0 ? { at: inputKeys.length, calls: children.length } : null;
    } else if (isAnsweringTool(span)) {
      // An OpenInference TOOL span (tool.name, input.value, output.value) or an ADK tool span:
      // its output answers the call it executed, found by its call id when both have one, else
      // by name and the arguments it ran with, else by order (the k-th TOOL span of a tool
      // answers the k-th call of it still open; see MadeCalls.pairSpan).
      const failed = span.status.code === STATUS_ERROR;
      const callId = answeringCallId(span);
      const name = answeringToolName(span);
      if (isAdkTool(span) && name === ADK_MERGED_TOOLS) {
        span.repeatsRead = true;
        span.notRead = 'the responses of parallel calls together, each read from its own span or the next request';
        unread.push(span);
        continue;
      }
      const call = failed || span.attributes[answerKey(span)] !== undefined ? callsMade.pairSpan(callId, name, span.attributes[argumentsKey(span)]) : null;
      if (call !== null && typeof call === 'object') {
        toolOutputs.push({ index: messages.length, call: call.call, span, byOrderAmong: call.byOrderAmong });
        messages.push({});
      } else if (contentKeys(span).length > 0) {
        span.notRead =
          call === null ? `no ${answerKey(span)}`
          : call === 'no-open-call' ? `no call of ${name} open before it to answer`
          : call === 'call-answered' ? `call ${callId} is answered already`
          : `its call id ${callId} is no call's, and the open call of ${name} has another`;
        unread.push(span);
      }
    } else if (contentKeys(span).length > 0) unread.push(span);
  }
  // A TOOL span's output is read where the span was, unless a later call's history answered
  // the call: that one is read (as the model was sent it) and the span is named as repeating it.
  const dropped = new Set<number>();
  const kept: typeof toolOutputs = [];
  for (const output of toolOutputs) {
    if (output.call.historyAt !== null) {
      dropped.add(output.index);
      output.span.repeatsRead = true;
      unread.push(output.span);
    } else kept.push(output);
  }
  // A call without an id gets an output without one, named by the tool: the chat reader pairs
  // it with the earliest open call of that name. So that it is the call paired here when the
  // spans of parallel calls of one tool ran in another order than the calls were made (paired
  // by their arguments), the outputs of a tool's calls without ids take the places of that
  // tool's spans in the order of the calls (the first place the first call's output).
  const places = new Map<string, number[]>();
  for (const { index, call } of kept) {
    if (call.id !== null) continue;
    const list = places.get(call.name);
    if (list) list.push(index);
    else places.set(call.name, [index]);
  }
  const byCall = [...kept].sort((a, b) => a.call.seq - b.call.seq);
  const taken = new Map<string, number>();
  for (const output of byCall) {
    if (output.call.id !== null) continue;
    const k = taken.get(output.call.name) ?? 0;
    taken.set(output.call.name, k + 1);
    output.index = places.get(output.call.name)![k]!;
  }
  for (const { index, call, span } of kept) {
    const result = span.attributes[answerKey(span)];
    const content = span.status.code === STATUS_ERROR ? JSON.stringify({ error: span.status.message ?? 'error' }) : typeof result === 'string' ? result : JSON.stringify(result ?? null);
    messages[index] = { role: 'tool', tool_call_id: call.id, name: answeringToolName(span), content };
  }
  if (toolOutputs.length > 0) {
    const order = new Map(spans.map((span, i) => [span, i]));
    unread.sort((a, b) => order.get(a)! - order.get(b)!);
  }
  // Where each message is once the dropped outputs are left out.
  const shift: number[] = [];
  let left = 0;
  for (let i = 0; i < messages.length; i++) {
    shift.push(i - left);
    if (dropped.has(i)) left++;
  }
  const toolSpans = kept
    .sort((a, b) => a.index - b.index)
    .map(({ index, call, span, byOrderAmong }) => ({ span, call, output: shift[index]!, callMessage: shift[call.at]!, callPlace: callPlace.get(call) ?? 0, byOrderAmong }));
  return { record: any ? { id, model, messages: messages.filter((_, i) => !dropped.has(i)) } : null, unread, toolSpans };
}

/** The attribute that holds the arguments an answering tool span ran with: ADK's `gcp.vertex.agent.tool_call_args`, OpenInference's `input.value`. */
function argumentsKey(span: Span): string {
  return isAdkTool(span) ? 'gcp.vertex.agent.tool_call_args' : 'input.value';
}

/**
 * The tool spans whose output the chat reader linked to another call than the one the span was
 * paired with (an output without a call id answers the earliest open call of its tool: an
 * earlier call of the tool that no span answered takes it).
 */
function relinkedSpans(conversation: Conversation, toolSpans: ReadToolSpan[]): { read: ReadToolSpan; linked: ToolCallTurn | null }[] {
  if (toolSpans.length === 0) return [];
  const calls = new Map<number, ToolCallTurn[]>();
  const outputs = new Map<number, Turn>();
  for (const turn of conversation.turns) {
    if (turn.role === 'tool_call') {
      const list = calls.get(turn.sourceIndex);
      if (list) list.push(turn);
      else calls.set(turn.sourceIndex, [turn]);
    } else if (turn.role === 'tool_output') outputs.set(turn.sourceIndex, turn);
  }
  const out: { read: ReadToolSpan; linked: ToolCallTurn | null }[] = [];
  for (const read of toolSpans) {
    const call = calls.get(read.callMessage)?.[read.callPlace];
    const output = outputs.get(read.output);
    if (call === undefined || output === undefined || output.role !== 'tool_output') continue;
    if (output.output.callTurn === call.index) continue;
    const linked = output.output.callTurn === null ? null : conversation.turns[output.output.callTurn]!;
    out.push({ read, linked: linked?.role === 'tool_call' ? linked : null });
  }
  return out;
}

/** What kind of span `span` is (the attributes that say so) and its content attributes. */
function spanShape(span: Span): { kind: string; keys: string } {
  const keys = contentKeys(span);
  const kind = ['gen_ai.operation.name', 'llm.request.type', 'openinference.span.kind', 'traceloop.span.kind']
    .filter((key) => typeof span.attributes[key] === 'string')
    .map((key) => `${key} ${span.attributes[key] as string}`);
  return { kind: kind.length > 0 ? `, ${kind.join(', ')}` : '', keys: `${keys.slice(0, 4).join(', ')}${keys.length > 4 ? ', …' : ''}` };
}

/** The spans named, with what kind of span each is and its content attributes (the first five spans). */
function describeSpans(spans: Span[]): string {
  const shown = spans.slice(0, 5).map((span) => {
    const { kind, keys } = spanShape(span);
    return `"${span.name}" (span ${span.spanId}${kind}: ${keys}${span.notRead !== undefined ? `; ${span.notRead}` : ''})`;
  });
  return shown.join('; ') + (spans.length > shown.length ? `, and ${spans.length - shown.length} more` : '');
}

/** Many spans named by their shape (name, kind, content attributes): how many of each, with the first one's id (the first five shapes). */
function describeShapes(spans: Span[]): string {
  const shapes = new Map<string, { count: number; first: Span }>();
  for (const span of spans) {
    const { kind, keys } = spanShape(span);
    const key = JSON.stringify([span.name, kind, keys]);
    const entry = shapes.get(key);
    if (entry) entry.count++;
    else shapes.set(key, { count: 1, first: span });
  }
  const all = [...shapes.values()];
  const shown = all.slice(0, 5).map(({ count, first }) => {
    const { kind, keys } = spanShape(first);
    return `${count} "${first.name}" (span ${first.spanId}${count > 1 ? ' and others' : ''}${kind}: ${keys})`;
  });
  return shown.join('; ') + (all.length > shown.length ? `, and ${all.length - shown.length} other kinds` : '');
}

/**
 * Spans that wrap the model calls and mostly repeat them: an agent span (invoke_agent,
 * create_agent) and a workflow or task span whose only content is its input and output
 * (OpenLLMetry's traceloop.entity.*, OpenInference's input.value / output.value). An
 * OpenInference TOOL span is one only when a model call's history holds its output: else its
 * output is content of its own (read, or, with no call to pair it with, not read).
 */
function isWrapper(span: Span): boolean {
  if (isAnsweringTool(span)) return span.repeatsRead === true;
  const operation = span.attributes['gen_ai.operation.name'];
  return operation === 'invoke_agent' || operation === 'create_agent' || contentKeys(span).every((key) => WRAPPER_CONTENT.test(key));
}

/**
 * The finding that names the spans with content that the reader did not read: information when
 * they only wrap model calls that were read, else (content of its own, or nothing read beside
 * them) a warning.
 */
function unreadFinding(unread: Span[], anyRead: boolean): Finding {
  return {
    validator: 'otlp-span-not-read',
    severity: anyRead && unread.every(isWrapper) ? 'info' : 'warning',
    location: null,
    message: `${unread.length} span${unread.length === 1 ? '' : 's'} with content not read as turns or tool calls (not a chat, completion or execute_tool span this reader knows): ${describeSpans(unread)}`,
  };
}

/** A span's value shortened for a finding. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** The arguments of a call as the model wrote them (its compared form, JSON with sorted keys). */
function callArguments(call: MadeCall): string {
  return shown(JSON.parse(call.args) as unknown);
}

/**
 * The finding that names the tool spans paired with a call by order, not by their arguments:
 * the arguments they ran with are none of the open calls' of their tool (or they record none),
 * and those calls were made with different arguments, so the earliest was taken and the output
 * may answer another. A warning: the pairing may be wrong.
 */
function byOrderFinding(guessed: ReadToolSpan[]): Finding {
  const spans = guessed.slice(0, 5).map(({ span, call, byOrderAmong }) => {
    const args = span.attributes[argumentsKey(span)];
    const ran = args === undefined ? `no ${argumentsKey(span)}` : `${argumentsKey(span)} ${shown(args)}`;
    return `"${span.name}" (span ${span.spanId}, ${ran}): the earliest of ${byOrderAmong} open calls of ${call.name}, made with ${callArguments(call)}`;
  });
  return {
    validator: 'otlp-tool-span-paired-by-order',
    severity: 'warning',
    location: null,
    message:
      `${guessed.length} tool span${guessed.length === 1 ? '' : 's'} paired by order with a call of ${guessed.length === 1 ? 'its' : 'their'} tool, not by the arguments ${guessed.length === 1 ? 'it' : 'they'} ran with ` +
      `(none of the open calls of the tool, which differ, was made with them): the output may answer another call. ${spans.join('; ')}${guessed.length > spans.length ? `, and ${guessed.length - spans.length} more` : ''}`,
  };
}

/**
 * The finding that names the tool spans whose output is shown as the answer of another call
 * than the one the span ran: written without a call id, it answers the earliest open call of
 * its tool, and an earlier call of the tool that no span answered is that one. A warning.
 */
function relinkedFinding(relinked: { read: ReadToolSpan; linked: ToolCallTurn | null }[]): Finding {
  const spans = relinked.slice(0, 5).map(({ read: { span, call }, linked }) =>
    `"${span.name}" (span ${span.spanId}) ran the call of ${call.name} made with ${callArguments(call)}, but its output is linked to ${linked === null ? 'no call' : `the one made with ${shown(linked.call.arguments)}`}`,
  );
  return {
    validator: 'otlp-tool-span-relinked',
    severity: 'warning',
    location: null,
    message:
      `${relinked.length} tool span output${relinked.length === 1 ? '' : 's'} without a call id linked to another call than the span ran (an output without an id answers the earliest open call of its tool): ` +
      `${spans.join('; ')}${relinked.length > spans.length ? `, and ${relinked.length - spans.length} more` : ''}`,
  };
}

/**
 * The finding, on the first item, that names the traces (or gen_ai.conversation.id groups) that
 * were skipped because none of their spans is read: how many, their ids (the first five) and
 * their spans with content. A warning: what they hold was not imported.
 */
function skippedFinding(skipped: { id: string; unread: Span[] }[]): Finding {
  const ids = skipped.slice(0, 5).map((s) => s.id);
  return {
    validator: 'otlp-trace-not-read',
    severity: 'warning',
    location: null,
    message:
      `${skipped.length} other trace${skipped.length === 1 ? '' : 's'} of the file skipped, not imported: no span in ${skipped.length === 1 ? 'it' : 'them'} is a chat, completion or execute_tool span this reader knows ` +
      `(${ids.join(', ')}${skipped.length > ids.length ? `, and ${skipped.length - ids.length} more` : ''}); their spans with content: ${describeShapes(skipped.flatMap((s) => s.unread))}`,
  };
}

/** OTLP JSON trace exports with gen_ai.* attributes. */
export const otlpGenAi: Preset = {
  name: 'otlp-genai',
  kind: 'conversation',
  description:
    'OpenTelemetry trace exports in OTLP JSON with GenAI attributes (gen_ai.*: Langfuse, Phoenix, the OpenAI Agents SDK; ' +
    'OpenLLMetry\'s numbered gen_ai.prompt.N / gen_ai.completion.N; OpenInference\'s llm.input_messages.N): ' +
    'one conversation per gen_ai.conversation.id (else per trace), model calls → system, user and assistant turns and tool calls, ' +
    'execute_tool spans → tool calls and their outputs (an error status marks the call failed); OpenInference TOOL spans → the outputs of ' +
    'the calls they ran (by call id, else by tool name and the arguments they ran with, else order); Gemini traces (role model, function responses sent as a user message) → ' +
    'assistant turns, and outputs paired with the calls before them; Google ADK\'s call_llm and execute_tool spans; spans with content it does not read ' +
    'are named in a finding. Grouping spans across the file needs code beyond the mapping language: this preset has its own reader, ' +
    'and its mapping only documents the fields.',
  framings: ['json-document', 'jsonl'],
  recognise: (sample) => isObject(sample) && Array.isArray(sample.resourceSpans),
  mapping: {
    format: 'accord.mapping',
    name: 'otlp-genai',
    description: 'documents the fields the OTLP reader uses (the reader itself is code)',
    kind: 'conversation',
    records: 'resourceSpans',
    id: { first: ['attributes[key=gen_ai.conversation.id].value.stringValue', 'traceId'] },
    messages: { path: 'spans', role: 'attributes[key=gen_ai.operation.name].value.stringValue', content: 'attributes[key=gen_ai.output.messages].value.stringValue' },
  },
  reader: otlpReader,
};
