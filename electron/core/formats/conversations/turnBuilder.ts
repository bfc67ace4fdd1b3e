import type { EventTurn, MessageTurn, ToolCall, ToolCallTurn, ToolOutput, ToolOutputTurn, TurnBase } from './model';
import type { JsonObject } from './shape';

/** The optional fields a source may give any turn. */
export interface TurnDetails {
  agent?: string | null;
  latencySeconds?: number | null;
  timestamp?: number | string | null;
  extra?: JsonObject | null;
}

/*
 * Turns are built by these functions, with every property written in one fixed order, rather
 * than with object spread: a spread of a partly-filled object is several microseconds in V8,
 * which at a million turns per import was most of the import's time.
 */

/** A message turn (system, user, assistant, other). */
export function messageTurn(role: MessageTurn['role'], index: number, sourceRole: string, sourceIndex: number, text: string | null, details: TurnDetails): MessageTurn {
  const turn: MessageTurn = { index, role, sourceRole, sourceIndex, text };
  return withDetails(turn, details);
}

/** A tool call turn. */
export function toolCallTurn(index: number, sourceRole: string, sourceIndex: number, text: string | null, call: ToolCall, details: TurnDetails): ToolCallTurn {
  const turn: ToolCallTurn = { index, role: 'tool_call', sourceRole, sourceIndex, text, call };
  return withDetails(turn, details);
}

/** A tool output turn. */
export function toolOutputTurn(index: number, sourceRole: string, sourceIndex: number, output: ToolOutput, details: TurnDetails): ToolOutputTurn {
  const turn: ToolOutputTurn = { index, role: 'tool_output', sourceRole, sourceIndex, text: null, output };
  return withDetails(turn, details);
}

/** An uninterpreted event turn. */
export function eventTurn(index: number, sourceRole: string, sourceIndex: number, data: unknown, details: TurnDetails): EventTurn {
  const turn: EventTurn = { index, role: 'event', sourceRole, sourceIndex, text: null, data };
  return withDetails(turn, details);
}

function withDetails<T extends TurnBase>(turn: T, details: TurnDetails): T {
  if (details.agent !== undefined && details.agent !== null) turn.agent = details.agent;
  if (details.latencySeconds !== undefined && details.latencySeconds !== null) turn.latencySeconds = details.latencySeconds;
  if (details.timestamp !== undefined && details.timestamp !== null) turn.timestamp = details.timestamp;
  if (details.extra) turn.extra = details.extra;
  return turn;
}

/** Merges two sets of extra fields (either may be absent); `__proto__`-safe. */
export function mergeExtra(a: JsonObject | null | undefined, b: JsonObject | null | undefined): JsonObject | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Object.fromEntries([...Object.entries(a), ...Object.entries(b)]);
}
