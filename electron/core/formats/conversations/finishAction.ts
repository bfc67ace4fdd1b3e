import type { ExpectedTermination, TraceCall, Turn } from './model';
import { isObject, own } from './shape';
import { mergeExtra, messageTurn } from './turnBuilder';

/** The name of ToolBench's termination action. */
export const FINISH = 'Finish';

/**
 * A call of ToolBench's `Finish` that reads as the agent's termination, noted by `messageTurns`
 * and settled by {@link readFinishAnswers} once outputs are paired.
 */
export interface FinishCall {
  /** Index of the tool call turn read from it. */
  turn: number;
  /** The answer turn's text (see {@link finishAnswerText}). */
  text: string;
  /**
   * The call as the source wrote it, under its field's name: `function_call` (the object), or
   * `content` (the message's whole text, for a call written as `Action:` / `Action Input:` lines).
   * Both are fields the reader knows, so no unknown field of the message can have the name.
   */
  source: Record<string, unknown>;
}

/**
 * The answer text of ToolBench's (and StableToolBench's) termination action: the agent ends an
 * episode with a call of `Finish`, `{"return_type": "give_answer", "final_answer": "…"}` (the
 * answer shown to the user) or `{"return_type": "give_up_and_restart"}`. ToolBench's environment
 * answers nothing else as a termination (give_answer without `final_answer` is returned to the
 * agent as an error, as is an unknown return type), so for any other arguments this is `null`
 * and the call stays a tool call.
 */
export function finishAnswerText(args: unknown): string | null {
  if (!isObject(args)) return null;
  const returnType = own(args, 'return_type');
  const finalAnswer = own(args, 'final_answer');
  if (returnType === 'give_answer') return typeof finalAnswer === 'string' ? finalAnswer : null;
  if (returnType !== 'give_up_and_restart') return null;
  const gaveUp = 'The agent gave up and restarted (Finish: give_up_and_restart); it gave no final answer.';
  return typeof finalAnswer === 'string' && finalAnswer.trim() !== '' ? `${gaveUp}\n\n${finalAnswer}` : gaveUp;
}

/**
 * Turns each noted `Finish` termination that no output answers into the assistant's final
 * answer, in place: an assistant turn with the answer text, the call as written kept in its
 * `extra` (with the call turn's own extra fields), in the same place, so no index moves. Run
 * after `pairToolTurns`: a `Finish` that an output answers is a tool some dataset really has,
 * and stays a tool call. Being no tool call, the termination is not in the actual trace and
 * raises no unanswered-call error. Returns how many terminations it read.
 */
export function readFinishAnswers(turns: Turn[], finishes: readonly FinishCall[]): number {
  let read = 0;
  for (const finish of finishes) {
    const turn = turns[finish.turn];
    if (turn.role !== 'tool_call' || turn.call.outputTurn !== null) continue;
    read++;
    turns[finish.turn] = messageTurn('assistant', turn.index, turn.sourceRole, turn.sourceIndex, finish.text, {
      agent: turn.agent,
      latencySeconds: turn.latencySeconds,
      timestamp: turn.timestamp,
      extra: mergeExtra(turn.extra, finish.source),
    });
  }
  return read;
}

/**
 * Splits a gold (expected) trace into the tool calls that are scored and the entries that are
 * ToolBench's termination (see {@link ExpectedTermination}), decided as for the conversation's
 * own calls (`turns`, after {@link readFinishAnswers}, which read `terminated` terminations). An
 * entry named `Finish` is the termination
 *
 * - when its arguments read as one (`give_answer` with its `final_answer`, or
 *   `give_up_and_restart`: {@link finishAnswerText} is not `null`), as a gold built from
 *   ToolBench's winning chain lists it;
 * - or when it has no arguments and the conversation's own `Finish` was read as a termination;
 *
 * unless the conversation has a tool named `Finish`: a `Finish` call an output answers, which
 * stays a tool call on the actual side, so the gold's `Finish` stays a scored call too. Entries
 * keep their order; `field` is the record field the trace was read from.
 */
export function splitExpectedTrace(
  expected: readonly TraceCall[],
  field: string,
  turns: readonly Turn[],
  terminated: number,
): { scored: TraceCall[]; terminations: ExpectedTermination[] } {
  const scored: TraceCall[] = [];
  const terminations: ExpectedTermination[] = [];
  if (!expected.some((call) => call.name === FINISH)) return { scored: [...expected], terminations };
  const finishTool = turns.some((t) => t.role === 'tool_call' && t.call.name === FINISH && t.call.outputTurn !== null);
  expected.forEach((call, index) => {
    if (!finishTool && call.name === FINISH && (finishAnswerText(call.arguments) !== null || (terminated > 0 && noArguments(call)))) {
      terminations.push({ field, index, call });
    } else {
      scored.push(call);
    }
  });
  return { scored, terminations };
}

/** Whether a gold entry was written without arguments (absent, empty, or `{}`: all read as `{}`). */
function noArguments(call: TraceCall): boolean {
  return call.arguments !== null && Object.keys(call.arguments).length === 0;
}
