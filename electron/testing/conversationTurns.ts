import type { Conversation, ToolCallTurn, ToolOutputTurn } from '../core/formats/conversations/model';

/**
 * A conversation payload's turns as tests compare them: `['tool_call', name, arguments]`,
 * `['tool_output', callId, content]`, or `[role, text]`.
 */
export function turnTuples(payload: unknown): unknown[][] {
  return (payload as Conversation).turns.map((t) =>
    t.role === 'tool_call'
      ? ['tool_call', (t as ToolCallTurn).call.name, (t as ToolCallTurn).call.arguments]
      : t.role === 'tool_output'
        ? ['tool_output', (t as ToolOutputTurn).output.callId, (t as ToolOutputTurn).output.content]
        : [t.role, t.text],
  );
}
