import { jsonAsWritten, numbersAsWrittenOf } from '../../../common/numbersAsWritten';
import type { Conversation, Scenario, TraceCall, Turn } from '../../formats/conversations/model';

const NONE: ReadonlySet<string> = new Set();

const ROLE_NAMES: Record<string, string> = { system: 'System', user: 'User', assistant: 'Agent', other: 'Other' };

/**
 * A conversation as a judge reads it: one block per turn, numbered as labels number turns
 * (`turn 0`, `turn 1`, …), tool calls with their arguments and tool outputs with their content.
 */
export function conversationText(conversation: Conversation): string {
  if (conversation.turns.length === 0) return '(The conversation has no turns.)';
  const asWritten = numbersAsWrittenOf(conversation);
  return conversation.turns.map((turn) => turnText(turn, asWritten)).join('\n');
}

/**
 * One turn, e.g. `[turn 2] Agent calls Customer Lookup({"email":"dana@example.com"})`. Integers
 * beyond 2^53 the source wrote bare (`asWritten`, see numbersAsWritten.ts) are written bare.
 */
export function turnText(turn: Turn, asWritten: ReadonlySet<string> = NONE): string {
  const at = `[turn ${turn.index}]`;
  switch (turn.role) {
    case 'tool_call': {
      const args = turn.call.rawArguments ?? jsonAsWritten(turn.call.arguments, asWritten);
      const broken = turn.call.argumentsError ? ` (arguments could not be read: ${turn.call.argumentsError})` : '';
      return `${at} Agent calls ${turn.call.name}(${args})${broken}`;
    }
    case 'tool_output': {
      const name = turn.output.name ? ` of ${turn.output.name}` : '';
      const content = typeof turn.output.content === 'string' ? turn.output.content : jsonAsWritten(turn.output.content, asWritten);
      return `${at} Tool output${name}: ${content}`;
    }
    case 'event':
      return `${at} Event ${turn.sourceRole}: ${JSON.stringify(turn.data)}`;
    default: {
      const role = ROLE_NAMES[turn.role] ?? turn.sourceRole;
      const agent = turn.agent ? ` (${turn.agent})` : '';
      return `${at} ${role}${agent}: ${turn.text ?? '(no text)'}`;
    }
  }
}

/** The scenario a conversation was run for: type, journey, persona and what the user knows. */
export function scenarioText(scenario: Scenario): string {
  const lines: string[] = [];
  if (scenario.type) lines.push(`Scenario type: ${scenario.type}`);
  if (scenario.journey) lines.push(`Expected path through the procedure (node ids): ${scenario.journey.join(' → ')}`);
  if (scenario.persona !== null && scenario.persona !== undefined) {
    lines.push(`User persona: ${typeof scenario.persona === 'string' ? scenario.persona : JSON.stringify(scenario.persona)}`);
  }
  if (scenario.userInfo) lines.push(`What the user knows: ${JSON.stringify(scenario.userInfo)}`);
  if (scenario.seed !== null && scenario.seed !== undefined) lines.push(`Seed: ${scenario.seed}`);
  for (const [key, value] of Object.entries(scenario.extra ?? {})) lines.push(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return lines.length > 0 ? lines.join('\n') : '(The scenario is empty.)';
}

/** A tool trace, one numbered call a line: `1. Customer Lookup({"email":"…"})`; `asWritten` as in {@link turnText}. */
export function traceText(trace: readonly TraceCall[], asWritten: ReadonlySet<string> = NONE): string {
  if (trace.length === 0) return '(No tool calls.)';
  return trace.map((call, i) => `${i + 1}. ${call.name}(${call.arguments === null ? '?' : jsonAsWritten(call.arguments, asWritten)})`).join('\n');
}
