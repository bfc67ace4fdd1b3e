import { describe, expect, it } from 'vitest';
import { conversationStart, epochSeconds, formatElapsed, formatLatency } from './turnTiming';

describe('formatLatency', () => {
  it('keeps two decimals under ten seconds, one under a minute, then minutes', () => {
    // 0.84 and 1.12 are the user_perceived_latency values of fixtures/formats/trajectory-events.jsonl.
    expect(formatLatency(0.84)).toBe('0.84 s');
    expect(formatLatency(0.8099999999999999)).toBe('0.81 s');
    expect(formatLatency(12.34)).toBe('12.3 s');
    expect(formatLatency(125)).toBe('2 min 5 s');
  });
});

describe('elapsed time', () => {
  it('reads epoch seconds and ISO strings, and ignores anything else', () => {
    expect(epochSeconds(1767225601.52)).toBe(1767225601.52);
    expect(epochSeconds('2026-01-01T00:00:10Z')).toBe(1767225610);
    expect(epochSeconds('yesterday')).toBeNull();
    expect(epochSeconds(undefined)).toBeNull();
  });

  it('starts at the earliest turn and prints a clock', () => {
    const turns = [{ timestamp: 20 }, { timestamp: 10 }, {}].map((t, index) => ({ index, role: 'user' as const, sourceRole: 'user', sourceIndex: index, text: '', ...t }));
    expect(conversationStart(turns)).toBe(10);
    expect(formatElapsed(9.7)).toBe('+0:09');
    expect(formatElapsed(760)).toBe('+12:40');
    expect(formatElapsed(3723)).toBe('+1:02:03');
  });
});
