import type { ExpectedTermination, TraceAlignmentRow, Turn } from '../../../../../electron/api/artifacts';

/** ToolBench's termination action (electron/core/formats/conversations/finishAction.ts's `FINISH`). */
const FINISH = 'Finish';

/** One line of the trace table: a row of the stored alignment, or a gold termination shown where the gold listed it. */
export type TraceLine =
  | { kind: 'alignment'; row: TraceAlignmentRow; number: number }
  | { kind: 'termination'; termination: ExpectedTermination; answerTurn: number | null };

/**
 * The agent's final-answer turns: assistant turns that ToolBench's `Finish` call became on import
 * (`readFinishAnswers`), which keep the call as written in their `extra` — the `function_call`
 * object, or, for a call written as `Action: Finish` lines, the message's whole `content`.
 */
export function finalAnswerTurns(turns: readonly Turn[]): number[] {
  const found: number[] = [];
  for (const turn of turns) {
    if (turn.role !== 'assistant' || !turn.extra) continue;
    const call = turn.extra.function_call;
    const content = turn.extra.content;
    const named = typeof call === 'object' && call !== null && !Array.isArray(call) && (call as Record<string, unknown>).name === FINISH;
    if (named || (typeof content === 'string' && /^\s*Action:\s*Finish\s*$/m.test(content))) found.push(turn.index);
  }
  return found;
}

/**
 * The alignment rows (numbered 1…n as before) with the gold's terminations put back where the
 * gold listed them: a termination at source position `index` follows the scored expected calls
 * the gold listed before it, so it goes before the first row of a later expected call (after any
 * extra calls made in between), or last. Each links to the agent's last final-answer turn, the
 * one that ended the episode (`null` when the agent gave none).
 */
export function traceLines(alignment: readonly TraceAlignmentRow[], terminations: readonly ExpectedTermination[], turns: readonly Turn[]): TraceLine[] {
  const lines: TraceLine[] = alignment.map((row, i) => ({ kind: 'alignment', row, number: i + 1 }));
  if (terminations.length === 0) return lines;
  const answers = finalAnswerTurns(turns);
  const answerTurn = answers.length > 0 ? answers[answers.length - 1] : null;
  const ordered = [...terminations].sort((a, b) => a.index - b.index);
  ordered.forEach((termination, k) => {
    // Scored entries the gold listed before this one: its position less the terminations before it.
    const before = termination.index - k;
    const at = lines.findIndex((line) => line.kind === 'alignment' && line.row.expectedIndex !== null && line.row.expectedIndex >= before);
    const line: TraceLine = { kind: 'termination', termination, answerTurn };
    if (at === -1) lines.push(line);
    else lines.splice(at, 0, line);
  });
  return lines;
}
