import { describe, expect, it } from 'vitest';
import type { TraceCall } from './model';
import { MAX_ALIGNMENT_CELLS, alignTraces, compareParameters } from './traceAlignment';

const c = (name: string, args: Record<string, unknown> | null = {}, turn?: number): TraceCall =>
  turn === undefined ? { name, arguments: args } : { name, arguments: args, turn };
const rows = (expected: TraceCall[], actual: TraceCall[]) =>
  alignTraces(expected, actual).map((r) => [r.status, r.name, r.expectedIndex, r.actualIndex]);

describe('alignTraces', () => {
  it('marks a missing call at its expected position', () => {
    expect(rows([c('A'), c('B'), c('C')], [c('A'), c('C')])).toEqual([
      ['match', 'A', 0, 0],
      ['missing', 'B', 1, null],
      ['match', 'C', 2, 1],
    ]);
  });

  it('marks an extra call where it was made', () => {
    expect(rows([c('A'), c('C')], [c('A'), c('X'), c('C'), c('Y')])).toEqual([
      ['match', 'A', 0, 0],
      ['extra', 'X', null, 1],
      ['match', 'C', 1, 2],
      ['extra', 'Y', null, 3],
    ]);
  });

  it('marks swapped calls as misordered, at the expected position', () => {
    // LCS of A B C vs C A B is "A B"; C crosses it.
    expect(rows([c('A'), c('B'), c('C')], [c('C'), c('A'), c('B')])).toEqual([
      ['match', 'A', 0, 1],
      ['match', 'B', 1, 2],
      ['misordered', 'C', 2, 0],
    ]);
  });

  it('reads a substitution as missing then extra', () => {
    expect(rows([c('A'), c('B')], [c('A'), c('X')])).toEqual([
      ['match', 'A', 0, 0],
      ['missing', 'B', 1, null],
      ['extra', 'X', null, 1],
    ]);
  });

  it('pairs repeated tool names in order', () => {
    expect(rows([c('A', { n: 1 }), c('A', { n: 2 })], [c('A', { n: 1 })])).toEqual([
      ['match', 'A', 0, 0],
      ['missing', 'A', 1, null],
    ]);
  });

  it('handles empty traces', () => {
    expect(rows([], [])).toEqual([]);
    expect(rows([c('A')], [])).toEqual([['missing', 'A', 0, null]]);
    expect(rows([], [c('A')])).toEqual([['extra', 'A', null, 0]]);
  });

  it('lists per-parameter mismatches on paired calls and points at the actual turn', () => {
    const [row] = alignTraces([c('Refund', { orderId: 'SO-1', amount: 10, note: 'x' })], [c('Refund', { orderId: 'SO-2', amount: '10', reason: 'r' }, 7)]);
    expect(row).toEqual({
      status: 'match',
      name: 'Refund',
      expectedIndex: 0,
      actualIndex: 0,
      turn: 7,
      argumentsEqual: false,
      parameters: [
        { name: 'orderId', status: 'different', expected: 'SO-1', actual: 'SO-2' },
        { name: 'amount', status: 'equal', expected: 10, actual: '10' },
        { name: 'note', status: 'missing', expected: 'x' },
        { name: 'reason', status: 'extra', actual: 'r' },
      ],
    });
  });

  it('compares parameters of misordered calls too', () => {
    // Swapped pair: the LCS keeps B (ties prefer reporting the expected call first), so A is misordered.
    const result = alignTraces([c('A', { k: 1 }), c('B')], [c('B'), c('A', { k: 2 })]);
    expect(result.map((r) => [r.status, r.name])).toEqual([['misordered', 'A'], ['match', 'B']]);
    expect(result[0].parameters).toEqual([{ name: 'k', status: 'different', expected: 1, actual: 2 }]);
  });

  it('falls back to a greedy in-order match on traces too large for the LCS table', () => {
    const size = Math.ceil(Math.sqrt(MAX_ALIGNMENT_CELLS)) + 1;
    const expected = Array.from({ length: size }, (_, i) => c(`t${i % 7}`));
    const actual = [c('extra'), ...expected];
    const start = performance.now();
    const result = alignTraces(expected, actual);
    expect(performance.now() - start).toBeLessThan(2000);
    expect(result[0]).toMatchObject({ status: 'extra', name: 'extra' });
    expect(result.filter((r) => r.status === 'match')).toHaveLength(size);
  });
});

describe('compareParameters', () => {
  it('marks every expected parameter missing when the actual arguments did not parse', () => {
    expect(compareParameters({ a: 1 }, null)).toEqual([{ name: 'a', status: 'missing', expected: 1 }]);
  });

  it('does not read inherited properties as parameters', () => {
    expect(compareParameters({ constructor: 'x', toString: 'y' }, {})).toEqual([
      { name: 'constructor', status: 'missing', expected: 'x' },
      { name: 'toString', status: 'missing', expected: 'y' },
    ]);
  });
});
