import { describe, expect, it } from 'vitest';
import type { Turn } from './model';
import { pairToolTurns } from './pairToolTurns';

const call = (index: number, id: string | null): Turn => ({
  index, role: 'tool_call', sourceRole: 'x', sourceIndex: index, text: null,
  call: { id, name: `t${index}`, arguments: {}, rawArguments: null, argumentsError: null, outputTurn: null },
});
const output = (index: number, callId: string | null, name?: string): Turn => ({
  index, role: 'tool_output', sourceRole: 'x', sourceIndex: index, text: null,
  output: { callId, ...(name === undefined ? {} : { name }), content: null, contentIsJson: false, callTurn: null },
});

function pairs(turns: Turn[]): [number, number | null][] {
  pairToolTurns(turns);
  return turns.flatMap((t) => (t.role === 'tool_output' ? [[t.index, t.output.callTurn] as [number, number | null]] : []));
}

describe('pairToolTurns', () => {
  it('pairs by id in any order', () => {
    expect(pairs([call(0, 'a'), call(1, 'b'), output(2, 'b'), output(3, 'a')])).toEqual([[2, 1], [3, 0]]);
  });

  it('pairs id-less outputs with the earliest unanswered call (api / api_output)', () => {
    expect(pairs([call(0, null), call(1, null), output(2, null), output(3, null), output(4, null)])).toEqual([[2, 0], [3, 1], [4, null]]);
  });

  it('pairs id-less outputs that name a tool with the open call of that name, else in order (function role)', () => {
    // Calls are named t<index>: t0, t1, t2. The output named t1 skips the open t0; the one
    // named t9 has no open call of its name and takes the earliest open call, t0.
    expect(pairs([call(0, null), call(1, null), output(2, null, 't1'), output(3, null, 't9'), output(4, null, 't1')])).toEqual([[2, 1], [3, 0], [4, null]]);
  });

  it('pairs repeated ids in order, and leaves a surplus output unpaired', () => {
    expect(pairs([call(0, 'a'), output(1, 'a'), call(2, 'a'), output(3, 'a'), output(4, 'a')])).toEqual([[1, 0], [3, 2], [4, null]]);
  });

  it('pairs an output logged before its call', () => {
    const turns = [output(0, 'late'), call(1, 'late')];
    expect(pairs(turns)).toEqual([[0, 1]]);
    expect(turns[1]).toMatchObject({ call: { outputTurn: 0 } });
  });

  it('leaves an output with an unknown id unpaired', () => {
    expect(pairs([call(0, 'a'), output(1, 'zzz')])).toEqual([[1, null]]);
  });
});
