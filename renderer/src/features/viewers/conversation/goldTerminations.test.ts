import { describe, expect, it } from 'vitest';
import type { ExpectedTermination, TraceAlignmentRow, Turn } from '../../../../../electron/api/artifacts';
import { finalAnswerTurns, traceLines } from './goldTerminations';

const row = (status: TraceAlignmentRow['status'], name: string, expectedIndex: number | null, actualIndex: number | null, turn: number | null): TraceAlignmentRow => ({
  status,
  name,
  expectedIndex,
  actualIndex,
  turn,
  argumentsEqual: expectedIndex !== null && actualIndex !== null ? true : null,
  parameters: [],
});
const finish = (index: number, args: Record<string, unknown> | null = { return_type: 'give_answer', final_answer: 'Done.' }): ExpectedTermination => ({
  field: 'expected_tool_trace',
  index,
  call: { name: 'Finish', arguments: args },
});
const message = (index: number, role: 'user' | 'assistant', text: string, extra?: Record<string, unknown>): Turn => ({ index, role, sourceRole: role, sourceIndex: index, text, ...(extra && { extra }) });
const call = (index: number, name: string): Turn => ({
  index,
  role: 'tool_call',
  sourceRole: 'assistant',
  sourceIndex: index,
  text: null,
  call: { id: null, name, arguments: {}, rawArguments: null, argumentsError: null, outputTurn: null },
});

/** How the lines read: `#n name` for an alignment row, `Finish[i]→turn` for a termination. */
const shape = (lines: ReturnType<typeof traceLines>) =>
  lines.map((line) => (line.kind === 'alignment' ? `#${line.number} ${line.row.name}` : `${line.termination.call.name}[${line.termination.index}]→${line.answerTurn}`));

describe("the agent's final-answer turns", () => {
  it('are the assistant turns that keep a Finish call: the function_call object, or Action: Finish lines as the content', () => {
    const turns: Turn[] = [
      message(0, 'user', 'Where is parcel 88?', { function_call: { name: 'Finish' } }),
      call(1, 'track'),
      message(2, 'assistant', 'Thought: track it.', { function_call: { name: 'track', arguments: '{}' } }),
      message(3, 'assistant', 'In transit.', { function_call: { name: 'Finish', arguments: '{"return_type": "give_answer", "final_answer": "In transit."}' } }),
      message(4, 'assistant', 'No extra.'),
      message(5, 'assistant', 'Restarted.', { content: 'Thought: give up.\nAction: Finish\nAction Input: {"return_type": "give_up_and_restart"}' }),
      message(6, 'assistant', 'Prose.', { content: 'I would write Action: Finish here.' }),
    ];
    // 0 is no assistant turn, 2 kept another call, 4 kept nothing, 6's content has no Action: Finish line.
    expect(finalAnswerTurns(turns)).toEqual([3, 5]);
  });
});

describe('the trace table lines', () => {
  // fixtures/releases/toolbench-gold-finish.jsonl, first record: gold [track, getorder, Finish];
  // the alignment (electron/services/import/releaseGoldFinish.test.ts) pairs the two calls.
  const turns = [message(0, 'user', 'Where is parcel 88?'), call(1, 'track'), call(2, 'getorder'), message(3, 'assistant', 'Shipped.', { function_call: { name: 'Finish' } })];
  const alignment = [row('match', 'track', 0, 0, 1), row('match', 'getorder', 1, 1, 2)];

  it('are the alignment rows, numbered as before, when the gold has no termination', () => {
    expect(shape(traceLines(alignment, [], turns))).toEqual(['#1 track', '#2 getorder']);
  });

  it('put a Finish the gold listed last after every row, linked to the final answer', () => {
    expect(shape(traceLines(alignment, [finish(2)], turns))).toEqual(['#1 track', '#2 getorder', 'Finish[2]→3']);
    // After extra calls made at the end too: the gold's Finish comes after all its calls.
    expect(shape(traceLines([...alignment, row('extra', 'search', null, 2, 3)], [finish(2)], turns))).toEqual(['#1 track', '#2 getorder', '#3 search', 'Finish[2]→3']);
  });

  it('put a Finish listed between calls before the row of the next expected call, after extra calls in between', () => {
    // Gold [track, Finish, getorder]: scored [track, getorder]; Finish at source index 1 follows 1 scored call.
    const lines = traceLines([row('match', 'track', 0, 0, 1), row('extra', 'search', null, 1, 2), row('missing', 'getorder', 1, null, null)], [finish(1)], turns);
    expect(shape(lines)).toEqual(['#1 track', '#2 search', 'Finish[1]→3', '#3 getorder']);
    // Listed first: before everything.
    expect(shape(traceLines(alignment, [finish(0)], turns))).toEqual(['Finish[0]→3', '#1 track', '#2 getorder']);
  });

  it('keep several terminations in the gold’s order, each after the calls listed before it', () => {
    // Gold [track, Finish give_up, getorder, Finish give_answer]: scored [track, getorder].
    const lines = traceLines(alignment, [finish(3), finish(1, { return_type: 'give_up_and_restart' })], turns);
    expect(shape(lines)).toEqual(['#1 track', 'Finish[1]→3', '#2 getorder', 'Finish[3]→3']);
  });

  it("link to the agent's last final answer, and to none when the agent gave none", () => {
    const twice = [...turns, message(4, 'assistant', 'Again.', { content: 'Action: Finish\nAction Input: {}' })];
    expect(shape(traceLines(alignment, [finish(2)], twice))).toEqual(['#1 track', '#2 getorder', 'Finish[2]→4']);
    expect(shape(traceLines(alignment, [finish(2)], turns.slice(0, 3)))).toEqual(['#1 track', '#2 getorder', 'Finish[2]→null']);
    // No call expected, none made, gold [Finish]: the termination alone.
    expect(shape(traceLines([], [finish(0)], turns))).toEqual(['Finish[0]→3']);
  });
});
