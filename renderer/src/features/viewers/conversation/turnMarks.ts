import type { Finding, TraceAlignmentRow, Turn } from '../../../../../electron/api/artifacts';

/** What the transcript marks on one turn besides its content. */
export interface TurnMarks {
  /** Validator findings located at this turn. */
  findings: Finding[];
  /** The trace alignment row of the call this turn made (tool call turns only). */
  trace: TraceAlignmentRow | null;
}

const NONE: TurnMarks = Object.freeze({ findings: [], trace: null }) as TurnMarks;

/**
 * Findings and trace alignment rows grouped by the turn they concern, so each turn finds its
 * own in constant time while the transcript scrolls.
 */
export function marksByTurn(findings: readonly Finding[], alignment: readonly TraceAlignmentRow[]): (turn: number) => TurnMarks {
  const marks = new Map<number, TurnMarks>();
  const at = (turn: number) => {
    let entry = marks.get(turn);
    if (!entry) marks.set(turn, (entry = { findings: [], trace: null }));
    return entry;
  };
  for (const finding of findings) {
    const turn = finding.location?.turn;
    if (typeof turn === 'number') at(turn).findings.push(finding);
  }
  for (const row of alignment) if (row.turn !== null) at(row.turn).trace = row;
  return (turn) => marks.get(turn) ?? NONE;
}

/** Parameters of an aligned call that do not agree with the expected call (any status but equal). */
export function parameterMismatches(row: TraceAlignmentRow) {
  return row.parameters.filter((p) => p.status !== 'equal');
}

/** Whether a turn's trace row is worth a mark: anything but a matched call with equal arguments. */
export function traceIssue(row: TraceAlignmentRow | null): boolean {
  return row !== null && (row.status !== 'match' || parameterMismatches(row).length > 0);
}

/** How many turns of each role, for the transcript's one-line summary. */
export function roleCounts(turns: readonly Turn[]): Record<Turn['role'], number> {
  const counts: Record<Turn['role'], number> = { system: 0, user: 0, assistant: 0, tool_call: 0, tool_output: 0, event: 0, other: 0 };
  for (const turn of turns) counts[turn.role] += 1;
  return counts;
}

/** Tool calls nothing answers (the `conversation-unanswered-tool-call` case), by turn. */
export function unansweredCalls(turns: readonly Turn[]): number[] {
  return turns.filter((t) => t.role === 'tool_call' && t.call.outputTurn === null).map((t) => t.index);
}
