import { conversationItem } from '../conversations/conversationItem';
import { parseJsonExactly } from '../exactNumbers';
import { readMessageConversation } from '../conversations/conversationRecord';
import type { FormatReader } from '../module';
import { FormatError, type ParsedItem } from '../types';
import type { Preset } from './model';
import { isObject } from './recognise';

/** One span, with its attributes as plain values. */
interface Span {
  traceId: string;
  spanId: string;
  name: string;
  start: bigint;
  attributes: Record<string, unknown>;
  status: { code: number; message: string | null };
  line: number;
}

/** OTLP's status code for an error. */
const STATUS_ERROR = 2;

/**
 * OpenTelemetry trace exports in OTLP JSON with GenAI semantic-convention attributes (the
 * shape Langfuse, Phoenix and the OpenAI Agents SDK emit): spans are grouped into one
 * conversation per `gen_ai.conversation.id` (else per trace) and ordered by start time. A chat
 * span (`gen_ai.operation.name` chat / text_completion / generate_content) adds the new system
 * and user messages of `gen_ai.input.messages` (or `gen_ai.prompt`) and its assistant output
 * (`gen_ai.output.messages` / `gen_ai.completion`); an `execute_tool` span adds a tool call
 * (`gen_ai.tool.name`, `gen_ai.tool.call.id`, `gen_ai.tool.call.arguments`) and its output
 * (`gen_ai.tool.call.result`, or the span's error status as `{error}`, which marks the call failed).
 */
export function otlpReader(): FormatReader {
  const spans: Span[] = [];
  return {
    add(record, line) {
      collectSpans(record, line, spans);
      return [];
    },
    finish() {
      const groups = new Map<string, Span[]>();
      for (const span of spans) {
        const key = typeof span.attributes['gen_ai.conversation.id'] === 'string' ? (span.attributes['gen_ai.conversation.id'] as string) : span.traceId;
        const list = groups.get(key);
        if (list) list.push(span);
        else groups.set(key, [span]);
      }
      const items: ParsedItem[] = [];
      for (const [id, group] of groups) {
        group.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
        const record = conversationRecord(id, group);
        if (record === null) continue;
        items.push(conversationItem(readMessageConversation(record, { sourceFormat: 'mapping', line: group[0]!.line, fallbackId: id }), group[0]!.line));
      }
      if (items.length === 0) throw new FormatError('no span carries gen_ai.* chat or tool attributes (gen_ai.operation.name)', 1, 1);
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

/** The chat-format record of one conversation's spans, or null when none is a GenAI span. */
function conversationRecord(id: string, spans: Span[]): Record<string, unknown> | null {
  const messages: Record<string, unknown>[] = [];
  let seenInputs = 0;
  let model: string | null = null;
  let any = false;
  for (const span of spans) {
    const operation = span.attributes['gen_ai.operation.name'];
    if (operation === 'execute_tool') {
      any = true;
      const callId = String(span.attributes['gen_ai.tool.call.id'] ?? span.spanId);
      const name = String(span.attributes['gen_ai.tool.name'] ?? span.name);
      messages.push({ role: 'assistant', content: null, tool_calls: [{ id: callId, type: 'function', function: { name, arguments: span.attributes['gen_ai.tool.call.arguments'] ?? '{}' } }] });
      const failed = span.status.code === STATUS_ERROR;
      const result = span.attributes['gen_ai.tool.call.result'];
      const content = failed ? JSON.stringify({ error: span.status.message ?? 'error' }) : typeof result === 'string' ? result : JSON.stringify(result ?? null);
      messages.push({ role: 'tool', tool_call_id: callId, name, content });
    } else if (typeof operation === 'string' && CHAT_OPERATIONS.has(operation)) {
      any = true;
      model ??= typeof span.attributes['gen_ai.request.model'] === 'string' ? (span.attributes['gen_ai.request.model'] as string) : null;
      const inputs = messageList(span.attributes['gen_ai.input.messages'] ?? span.attributes['gen_ai.prompt']);
      // Later calls repeat the history: only messages past what was seen are new, and of those only the user's and the system's (the rest come from spans).
      for (const message of inputs.slice(seenInputs)) if (message.role === 'user' || message.role === 'system') messages.push({ role: message.role, content: message.text });
      seenInputs = Math.max(seenInputs, inputs.length);
      for (const message of messageList(span.attributes['gen_ai.output.messages'] ?? span.attributes['gen_ai.completion'])) {
        if (message.text) messages.push({ role: 'assistant', content: message.text });
        seenInputs++;
      }
    }
  }
  if (!any) return null;
  return { id, model, messages };
}

/** Messages of a GenAI attribute: a JSON string of `[{role, parts: [{type: 'text', content}]}]` or `[{role, content}]`. */
function messageList(value: unknown): { role: string; text: string | null }[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = parseJsonExactly(value);
    } catch {
      return [{ role: 'user', text: value }];
    }
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(isObject).map((message) => {
    const role = String(message.role ?? 'user');
    if (typeof message.content === 'string') return { role, text: message.content };
    const parts = Array.isArray(message.parts) ? message.parts.filter(isObject) : [];
    const text = parts.filter((p) => p.type === 'text' && typeof p.content === 'string').map((p) => p.content as string).join('\n');
    return { role, text: text || null };
  });
}

/** OTLP JSON trace exports with gen_ai.* attributes. */
export const otlpGenAi: Preset = {
  name: 'otlp-genai',
  kind: 'conversation',
  description:
    'OpenTelemetry trace exports in OTLP JSON with GenAI attributes (gen_ai.*; Langfuse, Phoenix, the OpenAI Agents SDK): ' +
    'one conversation per gen_ai.conversation.id (else per trace), chat spans → system, user and assistant turns, ' +
    'execute_tool spans → tool calls and their outputs (an error status marks the call failed). Grouping spans across ' +
    'the file needs code beyond the mapping language: this preset has its own reader, and its mapping only documents the fields.',
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
