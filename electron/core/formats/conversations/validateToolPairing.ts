import type { Finding } from '../types';
import type { Turn } from './model';

/**
 * Every tool call has its output, and every output answers a call (after `pairToolTurns`):
 *
 * - `conversation-unanswered-tool-call` (error): a call nothing answers;
 * - `conversation-orphan-tool-output` (error): an output whose call id no call has, or, without
 *   an id, with no unanswered call before it — when an assistant message comes right before
 *   it, the message says its call, if written in its text, was not read;
 * - `conversation-tool-output-name-mismatch` (warning): an output without a call id that names
 *   a tool other than the call it was paired with in order (no open call had its name);
 * - `conversation-duplicate-tool-output` (warning): an output for a call already answered;
 * - `conversation-duplicate-call-id` (warning): a call id used by more than one call, which
 *   makes pairing a guess (calls are then answered in order).
 */
export function validateToolPairing(turns: readonly Turn[]): Finding[] {
  const findings: Finding[] = [];
  const firstCallWithId = new Map<string, number>();
  for (const turn of turns) {
    if (turn.role !== 'tool_call' || turn.call.id === null) continue;
    const first = firstCallWithId.get(turn.call.id);
    if (first === undefined) firstCallWithId.set(turn.call.id, turn.index);
    else {
      findings.push({
        validator: 'conversation-duplicate-call-id',
        severity: 'warning',
        location: { turn: turn.index },
        message: `call id '${turn.call.id}' is also used by the call at turn ${first}; outputs are paired in order`,
      });
    }
  }
  for (const turn of turns) {
    if (turn.role === 'tool_output' && turn.output.callId === null && turn.output.callTurn !== null && turn.output.name !== undefined) {
      const call = turns[turn.output.callTurn];
      if (call.role === 'tool_call' && call.call.name !== turn.output.name) {
        findings.push({
          validator: 'conversation-tool-output-name-mismatch',
          severity: 'warning',
          location: { turn: turn.index },
          message: `tool output of '${turn.output.name}' answers the call '${call.call.name}' at turn ${call.index} (paired in order: no open call of '${turn.output.name}')`,
        });
      }
    }
    if (turn.role === 'tool_call' && turn.call.outputTurn === null) {
      findings.push({
        validator: 'conversation-unanswered-tool-call',
        severity: 'error',
        location: { turn: turn.index },
        message: `tool call '${turn.call.name}'${idText(turn.call.id)} has no output`,
      });
    } else if (turn.role === 'tool_output' && turn.output.callTurn === null) {
      const id = turn.output.callId;
      const answered = id !== null ? firstCallWithId.get(id) : undefined;
      findings.push(
        answered !== undefined
          ? {
              validator: 'conversation-duplicate-tool-output',
              severity: 'warning',
              location: { turn: turn.index },
              message: `tool output for call '${id}', which was already answered (call at turn ${answered})`,
            }
          : {
              validator: 'conversation-orphan-tool-output',
              severity: 'error',
              location: { turn: turn.index },
              message:
                id !== null
                  ? `tool output for call id '${id}', which no tool call has`
                  : `tool output with no unanswered tool call before it${unreadCallHint(turns, turn.index)}`,
            },
      );
    }
  }
  return findings;
}

/**
 * When the turn before an id-less orphan output (past other outputs) is an assistant message,
 * the call it answers is likely written in that text in a form Accord does not read: said so.
 */
function unreadCallHint(turns: readonly Turn[], outputIndex: number): string {
  let i = outputIndex - 1;
  while (i >= 0 && turns[i].role === 'tool_output') i--;
  if (i < 0 || turns[i].role !== 'assistant') return '';
  return (
    `; its call was not read: the assistant message at turn ${i} holds no call Accord reads ` +
    "(in text, a call is read only as an 'Action: name' line, the name without spaces, followed by an 'Action Input: {…}' line " +
    'with nothing after the input)'
  );
}

function idText(id: string | null): string {
  return id === null ? '' : ` (${id})`;
}
