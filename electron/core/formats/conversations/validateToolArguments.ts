import type { Finding } from '../types';
import type { Turn } from './model';

/**
 * Tool call arguments the trace metrics can use:
 *
 * - `conversation-invalid-tool-arguments` (error): the arguments are not valid JSON (or, for an
 *   `api` turn, not a parseable call); the raw text is kept on the call;
 * - `conversation-tool-arguments-not-object` (warning): valid JSON, but not an object of named
 *   parameters, so no parameter can match.
 */
export function validateToolArguments(turns: readonly Turn[]): Finding[] {
  const findings: Finding[] = [];
  for (const turn of turns) {
    if (turn.role !== 'tool_call') continue;
    const { call } = turn;
    if (call.argumentsError !== null) {
      findings.push({
        validator: 'conversation-invalid-tool-arguments',
        severity: 'error',
        location: { turn: turn.index, field: 'arguments' },
        message: `arguments of tool call '${call.name}' are not valid: ${call.argumentsError}`,
      });
    } else if (call.arguments === null || typeof call.arguments !== 'object' || Array.isArray(call.arguments)) {
      findings.push({
        validator: 'conversation-tool-arguments-not-object',
        severity: 'warning',
        location: { turn: turn.index, field: 'arguments' },
        message: `arguments of tool call '${call.name}' are ${describe(call.arguments)}, not an object of named parameters`,
      });
    }
  }
  return findings;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
