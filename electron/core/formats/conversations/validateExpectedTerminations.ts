import type { Finding } from '../types';
import { finishAnswerText } from './finishAction';
import type { Conversation } from './model';
import { own } from './shape';

/** How much of a gold final answer a finding quotes. */
const QUOTED_ANSWER = 200;

/**
 * `conversation-expected-finish` (info): an entry of the expected trace was read as ToolBench's
 * termination action (`Finish`, see `splitExpectedTrace`), not as a tool call, and is not
 * scored. One finding per entry, naming it as the source wrote it (`expected_tool_trace[2]`,
 * also the location's `field`) and quoting the gold's final answer, so that a reviewer knows
 * the gold listed it and why the scores leave it out; the entry is kept in the payload's
 * `expectedTerminations`.
 */
export function validateExpectedTerminations(conversation: Pick<Conversation, 'expectedTerminations'>): Finding[] {
  return (conversation.expectedTerminations ?? []).map(({ field, index, call }) => {
    const entry = `${field}[${index}]`;
    return {
      validator: 'conversation-expected-finish',
      severity: 'info',
      location: { field: entry },
      message: `${entry}: ${what(call.arguments)}; read as ToolBench's termination (the agent's own Finish is its final answer, no tool call), so it is not scored`,
    };
  });
}

/** What the gold's `Finish` said: its return type and final answer, or that it had no arguments. */
function what(args: Record<string, unknown> | null): string {
  if (args === null || finishAnswerText(args) === null) return "Finish without arguments, where this conversation's own Finish ended it";
  const returnType = own(args, 'return_type') as string;
  const answer = own(args, 'final_answer');
  if (typeof answer !== 'string' || answer.trim() === '') return `Finish (${returnType})`;
  const chars = [...answer];
  const quoted = chars.length > QUOTED_ANSWER ? `${chars.slice(0, QUOTED_ANSWER).join('')}…` : answer;
  return `Finish (${returnType}, final_answer ${JSON.stringify(quoted)})`;
}
