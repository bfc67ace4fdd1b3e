import type { TraceScoring } from '../conversations/model';

/**
 * Where a value lives in someone else's record, and simple transforms of it (the mapping
 * language). A plain string is a path:
 *
 * - `info.task.instruction` — fields, dotted;
 * - `traj[0]`, `conversations[-1]` — array positions (negative from the end);
 * - `conversations[role=user]` — the first element whose field equals the text;
 * - `$` — the record (or message) itself.
 *
 * Transforms: `{ first: [specs] }` the first present; `{ literal: value }`; `{ join: spec |
 * [specs], with: ' ' }`; `{ split: spec, on: ',' }`; `{ rename: spec, to: { human: 'user' } }`
 * (values not listed pass unchanged); `{ template: 'task-{task_id}-trial-{trial}' }` (paths in
 * braces; `{#}` is the record's number in the file).
 */
export type ValueSpec =
  | string
  | { path: string }
  | { literal: unknown }
  | { first: ValueSpec[] }
  | { join: ValueSpec | ValueSpec[]; with?: string }
  | { split: ValueSpec; on: string }
  | { rename: ValueSpec; to: Record<string, string> }
  | { template: string };

/** How one message of the record's message list reads (each spec relative to the message). */
export interface MessageMapping {
  /** The list of messages in the record. */
  path: ValueSpec;
  role: ValueSpec;
  content?: ValueSpec;
  /**
   * Chat-style tool calls (`[{id, function: {name, arguments}}]`) on the message, or the older
   * API's single `function_call` object (`{name, arguments}`).
   */
  toolCalls?: ValueSpec;
  /** The call a tool message answers. */
  toolCallId?: ValueSpec;
  /** A tool message's tool name. */
  name?: ValueSpec;
}

/** How an expected tool call reads (each spec relative to the call). */
export interface ExpectedCallMapping {
  path: ValueSpec;
  name: ValueSpec;
  arguments?: ValueSpec;
}

/** Fields every mapping has. */
interface MappingBase {
  format: 'accord.mapping';
  /** The name it is saved and listed under. */
  name: string;
  description: string;
  /**
   * Where the records are when the file is one JSON document (`instances`); absent when each
   * array element or JSONL line is a record.
   */
  records?: string;
  id: ValueSpec;
  /** Item metadata (filterable; scalars), each a spec. */
  metadata?: Record<string, ValueSpec>;
}

/** A mapping to conversations. */
export interface ConversationMapping extends MappingBase {
  kind: 'conversation';
  messages: MessageMapping;
  expectedTrace?: ExpectedCallMapping;
  domain?: ValueSpec;
  model?: ValueSpec;
  intent?: ValueSpec;
  /** The id of the flowgraph (graph item) the conversation was generated from, as ALMITA's `flowgraph_id`. */
  flowgraph?: ValueSpec;
  /** The scoring modes the dataset declares, and its read-only tools. */
  scoring?: TraceScoring;
}

/** A mapping to graphs: a plain-language workflow text (WorFBench's `Node:` / `Edges:`). */
export interface GraphMapping extends MappingBase {
  kind: 'graph';
  workflowText: ValueSpec;
  title?: ValueSpec;
  /** The task the workflow is for, kept as the graph's description. */
  task?: ValueSpec;
}

/** A mapping of either kind. */
export type Mapping = ConversationMapping | GraphMapping;

/** The `format` marker of a mapping file. */
export const MAPPING_FORMAT = 'accord.mapping';
