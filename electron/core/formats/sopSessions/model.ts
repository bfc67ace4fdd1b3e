/**
 * Agent-S SOP execution sessions (Kulkarni 2025, "Agent-S: LLM Agentic workflow to automate
 * Standard Operating Procedures"): an SOP written as an indented block of text, and the agent's
 * execution memory — one entry per step: the SOP state the agent decided it was in, the action it
 * chose, the action's type, what came back, and whether it succeeded. Types only: this file
 * must stay importable from browser code.
 *
 * A session is stored as a conversation item (so tasks, per-turn labels, agreement and
 * adjudication work unchanged): each memory entry is one turn (an `event` turn whose
 * `sourceRole` is the action type), turn *i* being step *i*, and the session's own shape is
 * kept beside the turns in {@link SopExecution}.
 */

/** The action types of Agent-S's Global Action Repository; other types are kept as written. */
export const SOP_ACTION_TYPES = ['ask_user_input', 'api_call', 'external_knowledge', 'message_to_user'] as const;

/** One of {@link SOP_ACTION_TYPES}, or a type a release adds. */
export type SopActionType = (typeof SOP_ACTION_TYPES)[number] | (string & {});

/** One line of the SOP text, placed in the outline by its indentation. */
export interface SopLine {
  /** 1-based line number in the SOP text. */
  line: number;
  /** Nesting depth: 0 for the outermost lines, +1 for each deeper indentation level. */
  depth: number;
  /** The line without its indentation. */
  text: string;
  /** The step number the line starts with, in full (`a)` under `2.1` is `2.1.a`), when it has one; states refer to it. */
  label: string | null;
  /** Index in {@link SopExecution.outline} of the line it sits under; null at the top. */
  parent: number | null;
}

/** One entry of the execution memory. */
export interface SopStep {
  /** 0-based position; also the conversation turn index and the label unit `turn:<index>`. */
  index: number;
  /** The SOP state (step label or text) the agent decided it was in; null when the release has none. */
  state: string | null;
  /** The action the agent chose (its name in the action repository, or its text). */
  action: string;
  type: SopActionType;
  /** What the environment returned (the user's reply, the API response, the retrieved passage). */
  observation: unknown;
  status: 'success' | 'fail';
  /** Index in the outline of the line the state names, when it names one. */
  outlineLine: number | null;
  /** Fields of the entry Accord does not interpret. */
  extra?: Record<string, unknown>;
}

/**
 * The continuation rule, applied at import: once the agent continued past a failed step —
 * the step after it neither repeats the failed action nor consults external knowledge, the two
 * recoveries Agent-S's fault tolerance provides — every later step of the session is incorrect.
 */
export interface ContinuationRule {
  /** The failed step the agent continued past; null when it never did. */
  failedStep: number | null;
  /** Steps incorrect by rule (all after `failedStep`), in order. */
  ruledSteps: number[];
  /** Why, in a sentence (shown beside each ruled step and in the report); null when no step is ruled. */
  reason: string | null;
}

/** The Agent-S shape of a session, kept in its conversation payload. */
export interface SopExecution {
  sessionId: string;
  sopId: string;
  model: string | null;
  /** The SOP exactly as written. */
  sopText: string;
  outline: SopLine[];
  steps: SopStep[];
  rule: ContinuationRule;
}
