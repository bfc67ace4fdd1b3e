import { conversationItem } from '../conversations/conversationItem';
import { parseJsonExactly } from '../exactNumbers';
import { readMessageConversation } from '../conversations/conversationRecord';
import { graphItem } from '../graphs/graphItem';
import { parseWorkflowText, WorkflowTextError } from '../graphs/parseWorkflowText';
import { FormatError, type MetadataValue, type ParsedItem } from '../types';
import { evaluate, label, type Scope } from './evaluate';
import type { ConversationMapping, GraphMapping, Mapping, ValueSpec } from './model';
import { describe, parsePath } from './paths';

/** Where a record is in its file, for messages. */
export interface RecordPlace {
  /** 1-based number of the record in the file (or in the document's record list). */
  ordinal: number;
  line: number;
}

/**
 * Reads one record through a mapping into an item. A record the mapping cannot read is
 * rejected with its number, the path and what was found there.
 *
 * @throws {FormatError} e.g. `record 3: conversations[1].from: expected the role, found nothing (…)`.
 */
export function applyMapping(mapping: Mapping, record: unknown, place: RecordPlace): ParsedItem {
  const reader = new RecordReader(record, place);
  return mapping.kind === 'conversation' ? conversation(mapping, reader) : graph(mapping, reader);
}

class RecordReader {
  readonly scope: Scope;
  constructor(
    record: unknown,
    readonly place: RecordPlace,
  ) {
    this.scope = { value: record, ordinal: place.ordinal };
  }

  /** A value that must be there. */
  need(spec: ValueSpec, what: string, scope: Scope = this.scope, prefix = ''): unknown {
    const outcome = evaluate(spec, scope);
    if ('miss' in outcome) throw this.error(`${prefix}${outcome.miss.at}`, `expected ${what}, found ${outcome.miss.found}`);
    return outcome.value;
  }

  /** A value that may be absent (undefined then). */
  may(spec: ValueSpec | undefined, scope: Scope = this.scope): unknown {
    if (spec === undefined) return undefined;
    const outcome = evaluate(spec, scope);
    return 'value' in outcome ? outcome.value : undefined;
  }

  text(spec: ValueSpec, what: string, scope: Scope = this.scope, prefix = ''): string {
    const value = this.need(spec, what, scope, prefix);
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    throw this.error(`${prefix}${label(spec)}`, `expected ${what}, found ${describe(value)}`);
  }

  list(spec: ValueSpec, what: string): unknown[] {
    const value = this.need(spec, what);
    if (!Array.isArray(value)) throw this.error(label(spec), `expected ${what} (a list), found ${describe(value)}`);
    return value;
  }

  error(path: string, message: string): FormatError {
    return new FormatError(`record ${this.place.ordinal}: ${path}: ${message}`, this.place.line, 1, path);
  }

  metadata(specs: Record<string, ValueSpec> | undefined): Record<string, MetadataValue> {
    const out: Record<string, MetadataValue> = {};
    for (const [key, spec] of Object.entries(specs ?? {})) {
      const value = this.may(spec);
      if (value === undefined) continue;
      out[key] = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value);
    }
    return out;
  }
}

function conversation(mapping: ConversationMapping, reader: RecordReader): ParsedItem {
  const id = reader.text(mapping.id, 'the conversation id');
  const base = label(mapping.messages.path);
  const messages = reader.list(mapping.messages.path, 'the messages').map((message, k) => {
    const scope: Scope = { value: message, ordinal: reader.place.ordinal };
    const prefix = `${base}[${k}].`;
    const out: Record<string, unknown> = { role: reader.text(mapping.messages.role, 'the role', scope, prefix) };
    const content = reader.may(mapping.messages.content, scope);
    out.content = content === undefined ? null : content;
    const toolCalls = reader.may(mapping.messages.toolCalls, scope);
    // A single object is the older API's `function_call: {name, arguments}` (StableToolBench).
    if (toolCalls !== undefined) out[toolCalls !== null && typeof toolCalls === 'object' && !Array.isArray(toolCalls) ? 'function_call' : 'tool_calls'] = toolCalls;
    const callId = reader.may(mapping.messages.toolCallId, scope);
    if (callId !== undefined) out.tool_call_id = callId;
    const name = reader.may(mapping.messages.name, scope);
    if (name !== undefined) out.name = name;
    return jsonCall(out);
  });
  const native: Record<string, unknown> = { id, messages };
  if (mapping.expectedTrace) {
    const trace = mapping.expectedTrace;
    const calls = reader.may(trace.path);
    if (calls !== undefined) {
      if (!Array.isArray(calls)) throw reader.error(label(trace.path), `expected the expected tool calls (a list), found ${describe(calls)}`);
      native.expected_tool_trace = calls.map((call, k) => {
        const scope: Scope = { value: call, ordinal: reader.place.ordinal };
        const prefix = `${label(trace.path)}[${k}].`;
        const args = reader.may(trace.arguments, scope);
        return { name: reader.text(trace.name, 'the tool name', scope, prefix), arguments: args === undefined ? {} : args };
      });
    }
  }
  for (const key of ['domain', 'model', 'intent'] as const) {
    const value = reader.may(mapping[key]);
    if (typeof value === 'string') native[key] = value;
  }
  // The link to the conversation's flowgraph, read as the chat formats read `flowgraph_id`.
  const flowgraph = reader.may(mapping.flowgraph);
  if (typeof flowgraph === 'string') native.flowgraph_id = flowgraph;
  let parsed;
  try {
    parsed = readMessageConversation(native, { sourceFormat: 'mapping', line: reader.place.line, fallbackId: id });
  } catch (error) {
    if (error instanceof FormatError) {
      // The chat reader's messages already start with the field's path (shapeErrors.ts): said once.
      const field = error.field ?? base;
      throw reader.error(field, error.message.startsWith(`${field}: `) ? error.message.slice(field.length + 2) : error.message);
    }
    throw error;
  }
  if (mapping.scoring) parsed.scoring = mapping.scoring;
  parsed.extra = sourceFields(reader.scope.value, base);
  const item = conversationItem(parsed, reader.place.line);
  Object.assign(item.metadata, reader.metadata(mapping.metadata));
  return item;
}

function graph(mapping: GraphMapping, reader: RecordReader): ParsedItem {
  const id = reader.text(mapping.id, 'the graph id');
  const text = reader.text(mapping.workflowText, 'the workflow text');
  let parsed;
  try {
    parsed = parseWorkflowText(text);
  } catch (error) {
    if (error instanceof WorkflowTextError) throw reader.error(label(mapping.workflowText), `${error.message}; found ${describe(text)}`);
    throw error;
  }
  parsed.id = id;
  const title = reader.may(mapping.title);
  const description = reader.may(mapping.task);
  parsed.title = typeof title === 'string' ? title : null;
  parsed.description = typeof description === 'string' ? description : null;
  const item = graphItem(parsed, { externalId: id, line: reader.place.line, readFindings: [], rawText: text });
  Object.assign(item.metadata, reader.metadata(mapping.metadata));
  return item;
}

/**
 * The record's other top-level fields, kept with the item (unknown fields are never dropped):
 * all but the one that holds the messages, which the turns now carry.
 */
function sourceFields(record: unknown, messagesPath: string): Record<string, unknown> {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return {};
  const first = parsePath(messagesPath)?.[0];
  const skip = first && 'field' in first ? first.field : null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (key !== skip && key !== '__proto__') out[key] = value;
  return out;
}

/**
 * A tool call written as JSON text in an `api` message (ShareGPT's `function_call`:
 * `{"name": …, "arguments": {…}}`) as a chat tool call, and its `api_output` as a tool message,
 * so calls and outputs pair; an `api` message in call syntax (`Refund(order='A1')`) is left as is.
 */
function jsonCall(message: Record<string, unknown>): Record<string, unknown> {
  if (message.role === 'api_output' && typeof message.content === 'string') return { ...message, role: 'tool' };
  if (message.role !== 'api' || typeof message.content !== 'string' || !message.content.trim().startsWith('{')) return message;
  let call: unknown;
  try {
    call = parseJsonExactly(message.content);
  } catch {
    return message;
  }
  if (call === null || typeof call !== 'object' || typeof (call as Record<string, unknown>).name !== 'string') return message;
  const { name, arguments: args } = call as { name: string; arguments?: unknown };
  return { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) } }] };
}
