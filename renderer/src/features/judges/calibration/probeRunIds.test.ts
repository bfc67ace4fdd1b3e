import { describe, expect, it } from 'vitest';
import { probeRunIds } from './probeRunIds';

const run = (id: number, model: string, judge = 'plan-quality-reference', status: 'finished' | 'failed' = 'finished') => ({ id, model, status, judge: { id: judge, version: 'v', title: judge } });

describe('probeRunIds', () => {
  it('takes the same judge on the same model only, not runs of it on other models (walkthrough finding 2)', () => {
    const runs = [run(1, 'judge-good'), run(2, 'judge-bad'), run(5, 'judge-rand'), run(6, 'judge-good'), run(7, 'judge-good', 'other'), run(8, 'judge-good', 'plan-quality-reference', 'failed')];
    expect(probeRunIds(runs, 1)).toEqual([1, 6]);
    expect(probeRunIds(runs, 5)).toEqual([5]);
    expect(probeRunIds(runs, 99)).toEqual([99]);
  });
});
