import { describe, expect, it } from 'vitest';
import { progressAmount, progressRate } from './progressText';

describe('progress in what a job counts', () => {
  it('says bytes as sizes, and counts with their noun', () => {
    expect(progressAmount({ done: 1536 * 1024, total: 3 * 1024 * 1024, unit: 'bytes' })).toBe('1.5 MB of 3.0 MB');
    // 1.2 million labels are labels, not "1.1 MB" (the CLI once took any job past a million for bytes).
    expect(progressAmount({ done: 120_000, total: 1_200_000, unit: 'labels' })).toBe('120,000 of 1,200,000 labels');
    expect(progressAmount({ done: 3, total: 7 })).toBe('3 of 7');
    expect(progressAmount({ done: 3, total: null, unit: 'rows' })).toBe('3 of ? rows');
    expect(progressRate(1.5 * 1024 * 1024, 'bytes')).toBe('1.5 MB/s');
    expect(progressRate(4100.4, 'labels')).toBe('4,100 labels/s');
  });
});
