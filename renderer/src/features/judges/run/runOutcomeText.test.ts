import { describe, expect, it } from 'vitest';
import { cancelledText, finishedText } from './runOutcomeText';

describe('a run’s outcome in words', () => {
  it('counts one request as one ("1 requests failed" before)', () => {
    expect(finishedText({ id: 3, failed: 1, invalid: 0 })).toBe('Run 3 finished. 1 request failed after every retry: resume the run to try it again.');
    expect(finishedText({ id: 3, failed: 2, invalid: 1 })).toBe(
      'Run 3 finished. 2 requests failed after every retry: resume the run to try them again. 1 could not be used (an item the prompt cannot be filled for, or an answer that could not be read): the Calls tab says why.',
    );
    expect(finishedText({ id: 4, failed: 0, invalid: 0 })).toBe('Run 4 finished.');
    expect(cancelledText({ id: 5, pending: 1 })).toBe('Run 5 was cancelled with 1 request left. Resume it later: nothing answered is sent again.');
  });
});
