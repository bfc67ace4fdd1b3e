import type { Finding } from '../types';
import type { Turn } from './model';

/**
 * Role order rules, checked in one pass:
 *
 * - `conversation-tool-output-order` (warning): a tool output comes after the call it answers,
 *   with nothing but tool calls, tool outputs and uninterpreted events between them — an
 *   output right after its call, or after the other outputs of the same batch of calls, or
 *   interleaved call/output pairs as event streams log them. A user, assistant or system
 *   message between a call and its output (or an output logged before its call) breaks the
 *   rule.
 * - `conversation-consecutive-user-turns` (warning): two user turns with no assistant turn
 *   or tool call between them — the agent ignored a message, or two were merged badly.
 *   System messages and events do not count as a reply.
 *
 * Unpaired calls and outputs are left to `validateToolPairing`.
 */
export function validateRoleOrder(turns: readonly Turn[]): Finding[] {
  const findings: Finding[] = [];
  let lastMessage = -1;
  let lastUser = -1;
  let agentSinceUser = true;
  for (const turn of turns) {
    if (turn.role === 'tool_output' && turn.output.callTurn !== null) {
      const callTurn = turn.output.callTurn;
      if (callTurn > turn.index) {
        findings.push(orderFinding(turn.index, `tool output comes before its call (turn ${callTurn})`));
      } else if (lastMessage > callTurn) {
        findings.push(
          orderFinding(turn.index, `tool output is separated from its call (turn ${callTurn}) by ${turns[lastMessage].role} turn ${lastMessage}`),
        );
      }
    }
    if (turn.role === 'user') {
      if (!agentSinceUser) {
        findings.push({
          validator: 'conversation-consecutive-user-turns',
          severity: 'warning',
          location: { turn: turn.index },
          message: `user turn follows the user turn ${lastUser} with no assistant turn between`,
        });
      }
      lastUser = turn.index;
      agentSinceUser = false;
    } else if (turn.role === 'assistant' || turn.role === 'tool_call') {
      agentSinceUser = true;
    }
    if (turn.role === 'user' || turn.role === 'assistant' || turn.role === 'system' || turn.role === 'other') lastMessage = turn.index;
  }
  return findings;
}

function orderFinding(turn: number, message: string): Finding {
  return { validator: 'conversation-tool-output-order', severity: 'warning', location: { turn }, message };
}
