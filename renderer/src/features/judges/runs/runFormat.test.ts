import { describe, expect, it } from 'vitest';
import { canResume, formatCost, runDone, runSeconds } from './runFormat';

describe('run formatting', () => {
  it('writes costs so that small runs do not read as free, and unknown ones as unknown', () => {
    expect(formatCost(null)).toBe('—');
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(0.00042)).toBe('$0.0004');
    expect(formatCost(0.0035)).toBe('$0.0035');
    expect(formatCost(1.5)).toBe('$1.50');
  });

  it('measures a finished run from start to finish, a running one up to now', () => {
    expect(runSeconds({ startedAt: '2026-03-01T10:00:00.000Z', finishedAt: '2026-03-01T10:01:30.500Z' })).toBe(90.5);
    expect(runSeconds({ startedAt: '2026-03-01T10:00:00.000Z', finishedAt: null }, Date.parse('2026-03-01T10:00:05.000Z'))).toBe(5);
    expect(runSeconds({ startedAt: 'garbage', finishedAt: null })).toBeNull();
  });

  it('counts answered, unreadable and failed requests as done', () => {
    expect(runDone({ ok: 5, invalid: 1, failed: 2 })).toBe(8);
  });

  it('offers a resume for a stopped run with work left or failures, never for a running or complete one', () => {
    expect(canResume({ status: 'cancelled', pending: 3, failed: 0 })).toBe(true);
    expect(canResume({ status: 'finished', pending: 0, failed: 2 })).toBe(true);
    expect(canResume({ status: 'failed', pending: 0, failed: 0 })).toBe(true);
    expect(canResume({ status: 'finished', pending: 0, failed: 0 })).toBe(false);
    expect(canResume({ status: 'running', pending: 5, failed: 0 })).toBe(false);
  });
});
