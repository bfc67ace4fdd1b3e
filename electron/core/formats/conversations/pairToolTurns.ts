import type { ToolCallTurn, Turn } from './model';

/**
 * Links tool outputs to the calls they answer, in place (`call.outputTurn`, `output.callTurn`),
 * in time linear in the number of turns:
 *
 * 1. An output with a call id answers the earliest still-unanswered earlier call with that id.
 * 2. An output without a call id but with a tool name (the older API's `function` role)
 *    answers the earliest unanswered earlier call of that name; when no call of that name is
 *    open, it falls back to rule 3 (`validateToolPairing` flags the differing names).
 * 3. An output without a call id (the `api_output` role) answers the earliest unanswered
 *    earlier call — outputs come back in the order the calls were made.
 * 4. An output whose id matches no earlier unanswered call answers the earliest unanswered
 *    *later* call with that id (an output logged before its call; the order validator flags it).
 *
 * An output that matches nothing keeps `callTurn: null`; a call nothing answers keeps
 * `outputTurn: null`. The validators report both.
 */
export function pairToolTurns(turns: Turn[]): void {
  const pendingById = new Map<string, number[]>();
  const pendingHead = new Map<string, number>();
  const pendingByName = new Map<string, number[]>();
  const pendingNameHead = new Map<string, number>();
  const pendingInOrder: number[] = [];
  let orderHead = 0;
  const unresolved: number[] = [];

  const link = (callIndex: number, outputIndex: number): void => {
    (turns[callIndex] as ToolCallTurn).call.outputTurn = outputIndex;
    const output = turns[outputIndex];
    if (output.role === 'tool_output') output.output.callTurn = callIndex;
  };
  const isOpen = (callIndex: number): boolean => (turns[callIndex] as ToolCallTurn).call.outputTurn === null;

  for (const turn of turns) {
    if (turn.role === 'tool_call') {
      pendingInOrder.push(turn.index);
      const sameName = pendingByName.get(turn.call.name);
      if (sameName) sameName.push(turn.index);
      else pendingByName.set(turn.call.name, [turn.index]);
      if (turn.call.id !== null) {
        const queue = pendingById.get(turn.call.id);
        if (queue) queue.push(turn.index);
        else pendingById.set(turn.call.id, [turn.index]);
      }
    } else if (turn.role === 'tool_output') {
      const id = turn.output.callId;
      if (id === null) {
        const named = turn.output.name === undefined ? null : nextOpen(pendingByName, pendingNameHead, turn.output.name, isOpen);
        if (named !== null) {
          link(named, turn.index);
          continue;
        }
        while (orderHead < pendingInOrder.length && !isOpen(pendingInOrder[orderHead])) orderHead++;
        if (orderHead < pendingInOrder.length) link(pendingInOrder[orderHead], turn.index);
        continue;
      }
      const callIndex = nextOpen(pendingById, pendingHead, id, isOpen);
      if (callIndex === null) unresolved.push(turn.index);
      else link(callIndex, turn.index);
    }
  }

  // Outputs logged before their call: by now every call is registered.
  for (const outputIndex of unresolved) {
    const output = turns[outputIndex];
    if (output.role !== 'tool_output' || output.output.callId === null) continue;
    const callIndex = nextOpen(pendingById, pendingHead, output.output.callId, isOpen);
    if (callIndex !== null) link(callIndex, outputIndex);
  }
}

/** The earliest unanswered call with `key` (an id or a name), advancing a per-key cursor past answered ones. */
function nextOpen(
  byKey: Map<string, number[]>,
  heads: Map<string, number>,
  key: string,
  isOpen: (callIndex: number) => boolean,
): number | null {
  const queue = byKey.get(key);
  if (!queue) return null;
  let head = heads.get(key) ?? 0;
  while (head < queue.length && !isOpen(queue[head])) head++;
  heads.set(key, head);
  return head < queue.length ? queue[head] : null;
}
