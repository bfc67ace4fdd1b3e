import { describe, expect, it } from 'vitest';
import type { TraceCall } from './model';
import { parameterMatch } from './parameterMatch';
import { toolCallAccuracy } from './toolCallAccuracy';
import { toolScores } from './toolScores';
import { traceExactMatch } from './traceExactMatch';
import { traceMetrics } from './traceMetrics';
import { userJourneyCoverage } from './userJourneyCoverage';

const c = (name: string, args: Record<string, unknown> | null = {}): TraceCall => ({ name, arguments: args });

describe('traceExactMatch', () => {
  it('needs the same names, order and arguments (normalised)', () => {
    expect(traceExactMatch([c('A', { x: 'Q' }), c('B')], [c('A', { x: ' q' }), c('B')])).toBe(true);
    expect(traceExactMatch([c('A'), c('B')], [c('B'), c('A')])).toBe(false);
    expect(traceExactMatch([c('A', { x: 1 })], [c('A', { x: 1, y: 2 })])).toBe(false); // extra parameter
    expect(traceExactMatch([c('A')], [c('A', null)])).toBe(false); // unparseable arguments
    expect(traceExactMatch([], [])).toBe(true);
    expect(traceExactMatch([c('A')], [c('A'), c('A')])).toBe(false);
  });
});

describe('toolScores', () => {
  it('counts the multiset intersection of names', () => {
    // expected {A, B}, actual {A, A, C}: matched min(1,2)+0 = 1 → P 1/3, R 1/2, F1 = 2·(1/3)(1/2)/(5/6) = 0.4
    const scores = toolScores([c('A'), c('B')], [c('A'), c('A'), c('C')]);
    expect(scores.matched).toBe(1);
    expect(scores.precision).toBeCloseTo(1 / 3, 12);
    expect(scores.recall).toBe(0.5);
    expect(scores.f1).toBeCloseTo(0.4, 12);
  });

  it('ignores order and arguments', () => {
    expect(toolScores([c('A', { x: 1 }), c('B')], [c('B'), c('A', { x: 2 })])).toEqual({ precision: 1, recall: 1, f1: 1, matched: 2 });
  });

  it('defines the empty cases: both empty 1, one side empty 0', () => {
    expect(toolScores([], [])).toEqual({ precision: 1, recall: 1, f1: 1, matched: 0 });
    expect(toolScores([c('A')], [])).toEqual({ precision: 0, recall: 0, f1: 0, matched: 0 });
    expect(toolScores([], [c('A')])).toEqual({ precision: 0, recall: 0, f1: 0, matched: 0 });
  });
});

describe('parameterMatch', () => {
  it('shares expected parameters matched on name-paired calls, misordered ones included', () => {
    // Expected A{x,y} B{z} C{w}: 4 parameters. Actual B{z equal}, A{x equal, y different}; C missing.
    // Matched: z, x = 2 of 4.
    const result = parameterMatch([c('A', { x: 1, y: 2 }), c('B', { z: 'k' }), c('C', { w: 0 })], [c('B', { z: 'K' }), c('A', { x: 1, y: 3 })]);
    expect(result).toEqual({ value: 0.5, matched: 2, expected: 4 });
  });

  it('is 1 with no expected parameters, and ignores extra ones', () => {
    expect(parameterMatch([c('A')], [c('A', { extra: 1 })]).value).toBe(1);
    expect(parameterMatch([], [c('A')]).value).toBe(1);
  });

  it('counts nothing for calls whose arguments did not parse', () => {
    expect(parameterMatch([c('A', { x: 1 })], [c('A', null)])).toEqual({ value: 0, matched: 0, expected: 1 });
  });
});

describe('toolCallAccuracy', () => {
  it('is 0 unless the name sequence is exactly the expected one', () => {
    expect(toolCallAccuracy([c('A', { x: 1 }), c('B')], [c('B'), c('A', { x: 1 })])).toBe(0);
    expect(toolCallAccuracy([c('A', { x: 1 })], [c('A', { x: 1 }), c('A', { x: 1 })])).toBe(0);
    expect(toolCallAccuracy([c('A', { x: 1 })], [])).toBe(0);
  });

  it('is correct parameters / expected parameters on the right sequence', () => {
    // 3 expected parameters; x and z right, y wrong → 2/3. The extra parameter q costs nothing.
    expect(toolCallAccuracy([c('A', { x: 1, y: 2 }), c('B', { z: 'k' })], [c('A', { x: 1, y: 9, q: 0 }), c('B', { z: 'k' })])).toBeCloseTo(2 / 3, 12);
    expect(toolCallAccuracy([c('A', { x: 1 })], [c('A', null)])).toBe(0);
  });

  it('is 1 on the right sequence with no expected parameters, including two empty traces', () => {
    expect(toolCallAccuracy([c('A'), c('B')], [c('A', { any: 1 }), c('B')])).toBe(1);
    expect(toolCallAccuracy([], [])).toBe(1);
  });
});

describe('userJourneyCoverage', () => {
  it('is the mean Tool Call Accuracy of a graph’s conversations', () => {
    // (1 + 0.5 + 0) / 3 = 0.5
    expect(userJourneyCoverage([1, 0.5, 0])).toBe(0.5);
    expect(userJourneyCoverage([2 / 3])).toBeCloseTo(2 / 3, 12);
  });

  it('is NaN without conversations and refuses values outside [0, 1]', () => {
    expect(userJourneyCoverage([])).toBeNaN();
    expect(() => userJourneyCoverage([1.5])).toThrow(RangeError);
    expect(() => userJourneyCoverage([NaN])).toThrow('Tool Call Accuracy must be in [0, 1], got NaN');
  });
});

describe('traceMetrics', () => {
  it('gathers every metric with its counts', () => {
    const metrics = traceMetrics([c('A', { x: 1 }), c('B', { y: 2 })], [c('A', { x: 1 }), c('B', { y: 3 })]);
    expect(metrics).toMatchObject({
      traceExactMatch: false, toolPrecision: 1, toolRecall: 1, toolF1: 1, parameterMatch: 0.5, toolCallAccuracy: 0.5,
      expectedCalls: 2, actualCalls: 2, matchedTools: 2, expectedParameters: 2, matchedParameters: 1,
    });
    expect(metrics.alignment.map((r) => [r.status, r.argumentsEqual])).toEqual([['match', true], ['match', false]]);
  });
});
