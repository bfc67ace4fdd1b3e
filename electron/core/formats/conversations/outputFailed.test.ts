import { describe, expect, it } from 'vitest';
import type { ToolOutput } from './model';
import { outputFailed } from './outputFailed';

const out = (content: unknown): ToolOutput => ({ callId: null, content, contentIsJson: typeof content !== 'string', callTurn: null });

describe('outputFailed', () => {
  it('reads the error text agents return (tau-bench: "Error: …")', () => {
    expect(outputFailed(out('Error: reservation ZZ not found'))).toBe(true);
    expect(outputFailed(out('  Traceback (most recent call last): …'))).toBe(true);
    expect(outputFailed(out('{"status": "ok"}'))).toBe(false);
    expect(outputFailed(out('No errors were found in the booking'))).toBe(false);
  });

  it('reads error objects', () => {
    expect(outputFailed(out({ error: 'not found' }))).toBe(true);
    expect(outputFailed(out({ success: false }))).toBe(true);
    expect(outputFailed(out({ status: 'ERROR' }))).toBe(true);
    expect(outputFailed(out({ error: null, data: 1 }))).toBe(false);
    expect(outputFailed(out([1, 2]))).toBe(false);
  });
});
