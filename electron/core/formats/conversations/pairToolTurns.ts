import type { ToolCallTurn, Turn } from './model';

/**
 * Links tool outputs to the calls they answer, in place (`call.outputTurn`, `output.callTurn`),
 * in time linear in the number of turns:
 *
 * 1. An output with a call id answers the earliest still-unanswered earlier call with that id.
 * 2. An output without a call id (the `api_output` role) answers the earliest unanswered
 *    earlier call — outputs come back in the order the calls were made.
 * 3. An output whose id matches no earlier unanswered call answers the earliest unanswered
 *    *later* call with that id (an output logged before its call; the order validator flags it).
 *
 * An output that matches nothing keeps `callTurn: null`; a call nothing answers keeps
 * `outputTurn: null`. The validators report both.
 */
export function pairToolTurns(turns: Turn[]): void {
  const pendingById = new Map<string, number[]>();
  const pendingHead = new Map<string, number>();
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
      if (turn.call.id !== null) {
        const queue = pendingById.get(turn.call.id);
        if (queue) queue.push(turn.index);
        else pendingById.set(turn.call.id, [turn.index]);
      }
    } else if (turn.role === 'tool_output') {
      const id = turn.output.callId;
      if (id === null) {
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

/** The earliest unanswered call with `id`, advancing a per-id cursor past answered ones. */
function nextOpen(
  byId: Map<string, number[]>,
  heads: Map<string, number>,
  id: string,
  isOpen: (callIndex: number) => boolean,
): number | null {
  const queue = byId.get(id);
  if (!queue) return null;
  let head = heads.get(id) ?? 0;
  while (head < queue.length && !isOpen(queue[head])) head++;
  heads.set(id, head);
  return head < queue.length ? queue[head] : null;
}
