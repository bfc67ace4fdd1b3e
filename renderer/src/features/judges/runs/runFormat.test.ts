import { describe, expect, it } from 'vitest';
import { canCancel, canResume, formatCost, outputFallbackNote, runDone, runSeconds, runStatusText } from './runFormat';

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

  it('offers a cancel for a running run only', () => {
    expect(canCancel({ status: 'running' })).toBe(true);
    for (const status of ['finished', 'cancelled', 'failed'] as const) expect(canCancel({ status })).toBe(false);
  });

  it('says when a run fell back from json_schema, and why', () => {
    expect(outputFallbackNote({ outputFallback: null })).toBeNull();
    const at = '2026-03-01T10:00:00.000Z';
    expect(outputFallbackNote({ outputFallback: { from: 'json_schema', to: 'json_object', cause: 'refused', reason: "HTTP 400: response_format type 'json_schema' is not supported", at } })).toEqual({
      title: 'Endpoint rejected json_schema; used json_object',
      text: 'Every request from then on asked for json_object instead, with the response schema written into the prompt, and every answer was checked against it. The endpoint answered:',
    });
    expect(outputFallbackNote({ outputFallback: { from: 'json_schema', to: 'json_object', cause: 'cached', reason: 'answers cached by an earlier run …', at } })).toEqual({
      title: 'Used json_object: the endpoint rejects json_schema',
      text: "An earlier run on this endpoint found it rejects json_schema; this run reused that run's cached json_object answers and asked the same way, with the response schema written into the prompt, and every answer was checked against it.",
    });
  });
});

describe('runStatusText', () => {
  it('never calls a run with failed or unreadable calls plainly finished', () => {
    expect(runStatusText({ status: 'finished', failed: 0, invalid: 0, pending: 0 })).toEqual({ label: 'finished', gaps: false });
    expect(runStatusText({ status: 'finished', failed: 9, invalid: 1, pending: 0 })).toEqual({ label: 'finished with gaps: 9 failed, 1 unreadable', gaps: true });
    expect(runStatusText({ status: 'cancelled', failed: 2, invalid: 0, pending: 5 })).toEqual({ label: 'cancelled', gaps: false });
  });
});
