/**
 * The canonical conversation payload (DESIGN.md §3) that every conversation source format is
 * turned into, stored as the item's payload and read by the conversation viewer. Types only:
 * this file must stay importable from browser code.
 *
 * Conventions: turn indices are 0-based positions in {@link Conversation.turns} and are the
 * `turn` of a finding's or label's location; fields a source does not carry are `null` (or
 * absent when marked optional); unknown source fields are kept under their own names in
 * `extra`.
 */
import type { SopExecution } from '../sopSessions/model';

/** The conversation source formats (a subset of `SourceFormat`). */
export type ConversationSourceFormat =
  | 'conversations-chat-jsonl'
  | 'conversations-chat-json'
  | 'conversations-roles-json'
  | 'conversations-roles-jsonl'
  | 'trajectory-events-jsonl'
  /** Read through an import mapping (a preset's or the user's). */
  | 'mapping';

/**
 * What a turn is. `other` is a message whose role Accord does not know (kept, flagged info);
 * `event` is an event-stream event other than user input, agent response and tool traffic.
 */
export type TurnRole = 'system' | 'user' | 'assistant' | 'tool_call' | 'tool_output' | 'event' | 'other';

/** Fields every turn has. */
export interface TurnBase {
  /** 0-based position in the conversation. */
  index: number;
  role: TurnRole;
  /** The role or event type exactly as the source wrote it (`tool`, `api_output`, `tool_called`…). */
  sourceRole: string;
  /**
   * Where the turn came from: the index in the record's `messages` array, or the 0-based
   * position of the event in an event stream. Several turns share it when one assistant
   * message made several tool calls.
   */
  sourceIndex: number;
  /** Text content; `null` when the turn has none (tool turns carry theirs in `call`/`output`). */
  text: string | null;
  /** Name of the agent that produced the turn (multi-agent systems), where present. */
  agent?: string;
  /** Latency the user perceived for this turn, in seconds, where present. */
  latencySeconds?: number;
  /** Timestamp as the source wrote it (epoch seconds or an ISO string). */
  timestamp?: number | string;
  /** Source fields of the turn Accord does not interpret. */
  extra?: Record<string, unknown>;
}

/** A message: system prompt, user, assistant, or a role Accord does not know. */
export interface MessageTurn extends TurnBase {
  role: 'system' | 'user' | 'assistant' | 'other';
}

/** One tool (function / API) call made by the agent. */
export interface ToolCall {
  /** Call id from the source; `null` when the source has none (then calls pair in order). */
  id: string | null;
  name: string;
  /** Parsed arguments (normally an object); `null` when they could not be parsed. */
  arguments: unknown;
  /** The argument text as written, kept only when it could not be parsed. */
  rawArguments: string | null;
  /** Why the arguments could not be parsed (`invalid JSON: …`, call-syntax error); else `null`. */
  argumentsError: string | null;
  /** Index of the turn holding this call's output, `null` when it has none. */
  outputTurn: number | null;
}

/** A tool call turn. `text` is the call as written when the source wrote it as text (`api` role). */
export interface ToolCallTurn extends TurnBase {
  role: 'tool_call';
  call: ToolCall;
}

/** What a tool returned. */
export interface ToolOutput {
  /** The call id this output answers, as written in the source; `null` when absent. */
  callId: string | null;
  /** Tool name, when the source repeats it on the output. */
  name?: string;
  /** The output: parsed JSON when the source text was valid JSON, else the text as written. */
  content: unknown;
  /** Whether `content` is parsed JSON (as opposed to plain text). */
  contentIsJson: boolean;
  /** Index of the turn holding the call this output answers, `null` when no call matches. */
  callTurn: number | null;
}

/** A tool output turn. */
export interface ToolOutputTurn extends TurnBase {
  role: 'tool_output';
  output: ToolOutput;
}

/** An event-stream event Accord does not interpret, kept with its data. */
export interface EventTurn extends TurnBase {
  role: 'event';
  data: unknown;
}

/** One turn of a conversation. */
export type Turn = MessageTurn | ToolCallTurn | ToolOutputTurn | EventTurn;

/** The simulated situation a conversation was generated or run for. */
export interface Scenario {
  /** Scenario type, e.g. `correct_context`, `missing_parameter`, `failing_function`. */
  type: string | null;
  /** The path through the SOP graph this conversation should follow (node ids), where given. */
  journey: string[] | null;
  seed: string | number | null;
  /** The simulated user's persona (text or structured), where given. */
  persona: unknown;
  /** What the simulated user knows (email, order id, …). */
  userInfo: Record<string, unknown> | null;
  extra?: Record<string, unknown>;
}

/** One call of a tool trace (expected or actual). */
export interface TraceCall {
  name: string;
  /** Arguments as an object; `null` when the call's arguments could not be parsed or are not an object. */
  arguments: Record<string, unknown> | null;
  /** For actual calls: the index of the turn that made the call. */
  turn?: number;
  /** For expected calls: source fields Accord does not interpret. */
  extra?: Record<string, unknown>;
  /**
   * For actual calls: the tool's output reported an error (see `outputFailed`). A failed call
   * followed by another call of the same tool is aligned as a `retry`, not as an extra call.
   */
  failed?: boolean;
}

/**
 * An entry of the source's expected trace read as ToolBench's termination action, `Finish`
 * (its `give_answer` / `give_up_and_restart`, see `finishAction.ts`), not as a tool call: the
 * agent's own termination is its final answer, never in the actual trace, so the gold's is not
 * scored either. It is kept here as read, out of {@link Conversation.expectedTrace}, so that
 * positions in the expected trace (an alignment row's `expectedIndex`) stay those of the
 * scored calls, and every consumer of the expected trace sees only tool calls.
 */
export interface ExpectedTermination {
  /** The record field that holds the expected trace, e.g. `expected_tool_trace`. */
  field: string;
  /** The entry's 0-based position in that field's list, as the source wrote it. */
  index: number;
  /** The entry as read: name `Finish`, its arguments (`final_answer` among them), its unknown fields in `extra`. */
  call: TraceCall;
}

/**
 * How a dataset's traces are scored (figures for each declared mode, beside the plain ones):
 * `all-calls` (the default) counts every call; `state-changing` is for gold traces that list
 * only calls that change state, so calls of `readOnlyTools` are neither rewarded nor punished;
 * `order-free` pairs calls regardless of their order.
 */
export type ScoringMode = 'all-calls' | 'state-changing' | 'order-free';

/** The scoring a dataset declares (a preset or mapping sets it), kept on each conversation. */
export interface TraceScoring {
  modes: ScoringMode[];
  /**
   * Tools that only read (lookups, searches, calculators); used by `state-changing`. Each entry
   * is a tool name, or, ending in `*`, a name prefix (`get_*` is every tool whose name starts
   * `get_`).
   */
  readOnlyTools: string[];
}

/** The canonical conversation payload. */
export interface Conversation {
  sourceFormat: ConversationSourceFormat;
  /** The conversation's id (the item's external id). */
  id: string;
  domain: string | null;
  /** The SOP graph / procedure the conversation follows (the key of User Journey Coverage). */
  graph: string | null;
  intent: string | null;
  /** The model that produced the agent side, where given. */
  model: string | null;
  scenario: Scenario | null;
  turns: Turn[];
  /** The tool calls the agent should make, in order; `null` when the source gives none. */
  expectedTrace: TraceCall[] | null;
  /**
   * Entries of the source's expected trace that are ToolBench's termination (`Finish`), not
   * tool calls: not in `expectedTrace`, not scored; absent when there are none.
   */
  expectedTerminations?: ExpectedTermination[];
  /** The tool calls the agent made, in order, derived from the tool call turns. */
  actualTrace: TraceCall[];
  /** The scoring modes the dataset declares; absent means `all-calls` only. */
  scoring?: TraceScoring;
  extra: Record<string, unknown>;
  /** An Agent-S SOP execution session (turn i = step i), kept in its own shape; absent for other conversations. */
  sopExecution?: SopExecution;
}

/** How one expected parameter (or an extra actual one) compares. */
export type ParameterStatus = 'equal' | 'different' | 'missing' | 'extra';

/** One parameter of an aligned call pair. `expected` / `actual` are absent on the side that lacks it. */
export interface ParameterComparison {
  name: string;
  status: ParameterStatus;
  expected?: unknown;
  actual?: unknown;
}

/**
 * How an expected and an actual call line up: `match` (same name, in order), `misordered`
 * (same name, but only reachable by crossing other matches), `missing` (expected, never
 * made), `extra` (made, not expected), `retry` (a failed call the agent made again later:
 * neither paired nor counted as extra).
 */
export type AlignmentStatus = 'match' | 'misordered' | 'missing' | 'extra' | 'retry';

/** One row of the side-by-side trace view. */
export interface TraceAlignmentRow {
  status: AlignmentStatus;
  name: string;
  /** Position in the expected trace, `null` for an extra call. */
  expectedIndex: number | null;
  /** Position in the actual trace, `null` for a missing call. */
  actualIndex: number | null;
  /** The turn of the actual call, `null` for a missing call. */
  turn: number | null;
  /** Whether the arguments are equal as a whole (no extra ones); `null` when one side is absent. */
  argumentsEqual: boolean | null;
  /** Expected parameters in order, then extra actual ones; empty for missing and extra rows. */
  parameters: ParameterComparison[];
  /** For a `retry` row: the position in the actual trace of the later call that retried it. */
  retriedBy?: number;
}

/** The figures of one scoring mode; ratios in [0, 1], counts after the mode's exclusions. */
export interface ModeFigures {
  mode: ScoringMode;
  toolPrecision: number;
  toolRecall: number;
  toolF1: number;
  traceExactMatch: boolean;
  toolCallAccuracy: number;
  parameterMatch: number;
  /** Expected calls counted (read-only ones left out in `state-changing`). */
  expectedCalls: number;
  /** Actual calls counted: failed attempts that were retried and (in `state-changing`) read-only calls left out. */
  actualCalls: number;
  /** Expected calls paired with an actual call of the same tool. */
  pairedCalls: number;
  /** Failed attempts retried later, left out of the counts. */
  retries: number;
  /** Calls of read-only tools left out (expected + actual), `state-changing` only. */
  readOnlyCalls: number;
}

/**
 * The deterministic reference metrics of a conversation against its expected trace (DESIGN.md
 * §3), stored as the item's `metrics`. Ratios are in [0, 1].
 */
export type TraceMetrics = {
  traceExactMatch: boolean;
  toolPrecision: number;
  toolRecall: number;
  toolF1: number;
  parameterMatch: number;
  toolCallAccuracy: number;
  expectedCalls: number;
  actualCalls: number;
  /** Size of the multiset intersection of tool names. */
  matchedTools: number;
  expectedParameters: number;
  /** Expected parameters matched with equal values on name-paired calls (match + misordered). */
  matchedParameters: number;
  alignment: TraceAlignmentRow[];
  /** Figures of each scoring mode the dataset declares (`all-calls` at least), each naming its mode. */
  modes: ModeFigures[];
};
