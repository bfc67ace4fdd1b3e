import { describe, expect, it } from 'vitest';
import { formatMetricValue, metricLabel, scalarMetrics, splitMetrics } from './metricLabels';

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

  it('shows proportions with two decimals and counts as integers', () => {
    expect(formatMetricValue('stepF1', 1)).toBe('1.00');
    expect(formatMetricValue('toolCallAccuracy', 0.6667)).toBe('0.67');
    expect(formatMetricValue('matchedSteps', 4)).toBe('4');
  });

  it('separates scores from the counts behind them', () => {
    const { scores, counts } = splitMetrics([
      ['stepF1', 1],
      ['tier', 'Extremely Good'],
      ['traceExactMatch', true],
      ['matchedSteps', 4],
      ['ratio', 0.5],
    ]);
    expect(scores.map(([k]) => k)).toEqual(['stepF1', 'tier', 'traceExactMatch', 'ratio']);
    expect(counts.map(([k]) => k)).toEqual(['matchedSteps']);
  });
});
