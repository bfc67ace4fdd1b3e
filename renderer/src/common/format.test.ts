import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDateTime, formatDuration, formatMetric, humanizeKey, plural, sentenceStart } from './format';

describe('format', () => {
  it('groups thousands and pluralises', () => {
    expect(formatCount(100000)).toBe('100,000');
    expect(plural(1, 'item')).toBe('1 item');
    expect(plural(2, 'item')).toBe('2 items');
    expect(plural(0, 'warning')).toBe('0 warnings');
  });

  it('starts a sentence with a capital, but never turns a statistic\'s symbol into a capital Greek letter', () => {
    expect(sentenceStart('the judge gave one answer')).toBe('The judge gave one answer');
    // 'κ'.toUpperCase() is 'Κ' (U+039A), which reads as the Latin K.
    expect(sentenceStart('κ between the judge and the annotators is undefined')).toBe('κ between the judge and the annotators is undefined');
    expect(sentenceStart('α needs two raters')).toBe('α needs two raters');
    expect(sentenceStart('ρ undefined')).toBe('ρ undefined');
    expect(sentenceStart('')).toBe('');
  });

  it('formats sizes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB'); // 1536 / 1024 = 1.5
    expect(formatBytes(200 * 1024 * 1024)).toBe('200.0 MB');
  });

  it('formats durations', () => {
    expect(formatDuration(44.6)).toBe('45 s');
    expect(formatDuration(200)).toBe('3 min 20 s');
    expect(formatDuration(3900)).toBe('1 h 5 min');
  });

  it('reads SQLite UTC timestamps as UTC', () => {
    // 2025-03-04 10:20:00 UTC is 10:20 in the UTC time zone whatever the machine's zone is.
    const text = formatDateTime('2025-03-04 10:20:00', 'en-GB');
    expect(text).toContain('2025');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('formats metric values', () => {
    expect(formatMetric(0.8333)).toBe('0.83');
    expect(formatMetric(3)).toBe('3');
    expect(formatMetric(true)).toBe('yes');
    expect(formatMetric(null)).toBe('—');
    expect(formatMetric('Very Good')).toBe('Very Good');
  });

  it('turns keys into words', () => {
    expect(humanizeKey('toolCallAccuracy')).toBe('tool call accuracy');
    expect(humanizeKey('step_f1')).toBe('step f1');
  });
});
