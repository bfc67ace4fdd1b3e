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

/**
 * Each call a conversation payload shows, as tests compare them: `[turn, name, arguments, output]`,
 * the output linked to it as `[turn, tool name or null, content]`, or null when none is.
 */
export function callsWithOutputs(payload: unknown): unknown[][] {
  const turns = (payload as Conversation).turns;
  return turns
    .filter((t): t is ToolCallTurn => t.role === 'tool_call')
    .map((t) => {
      const output = t.call.outputTurn === null ? null : turns[t.call.outputTurn]!;
      return [t.index, t.call.name, t.call.arguments, output?.role === 'tool_output' ? [output.index, output.output.name ?? null, output.output.content] : null];
    });
}
