import { describe, expect, it } from 'vitest';
import type { AnnotatorProgress } from '../../../../electron/api/contract';
import { crowdSummary } from './crowdSummary';

const annotator = (name: string, submitted: number, assigned = 10): AnnotatorProgress => ({
  name,
  role: 'annotator',
  assigned,
  submitted,
  started: 0,
  skipped: 0,
  remaining: assigned - submitted,
  labels: submitted,
  secondsSpent: 60 * submitted,
});

describe("a crowd's progress on the tasks list", () => {
  const crowd = Array.from({ length: 12 }, (_, i) => annotator(`rater ${i + 1}`, i === 6 ? 2 : 10));

  it('sums everyone, and names whoever is furthest behind', () => {
    const summary = crowdSummary(crowd, 'ada');
    expect(summary.total).toMatchObject({ name: 'everyone', assigned: 120, submitted: 112, remaining: 8 });
    expect(summary.mine).toBeNull();
    expect(summary.behind?.name).toBe('rater 7');
  });

  it('shows your own bar, and nobody as behind when everyone is as far along, or when it is you', () => {
    expect(crowdSummary(crowd, 'rater 3').mine?.name).toBe('rater 3');
    expect(crowdSummary(crowd, 'rater 7').behind).toBeNull();
    expect(crowdSummary(crowd.map((p) => ({ ...p, submitted: 10 })), 'ada').behind).toBeNull();
  });
});
