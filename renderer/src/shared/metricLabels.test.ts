import { describe, expect, it } from 'vitest';
import { metricLabel, scalarMetrics } from './metricLabels';

describe('metric labels', () => {
  it('names known metrics and sentence-cases others', () => {
    expect(metricLabel('toolCallAccuracy')).toBe('Tool Call Accuracy');
    expect(metricLabel('stepF1')).toBe('Step F1');
    expect(metricLabel('matchedSteps')).toBe('Matched steps');
  });

  it('keeps scalar metrics and leaves structures to the viewers', () => {
    expect(scalarMetrics({ toolF1: 0.5, traceExactMatch: false, tier: 'Good', reason: null, alignment: [{ a: 1 }] })).toEqual([
      ['toolF1', 0.5],
      ['traceExactMatch', false],
      ['tier', 'Good'],
      ['reason', null],
    ]);
    expect(scalarMetrics(null)).toEqual([]);
  });
});
