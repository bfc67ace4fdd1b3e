import { describe, expect, it } from 'vitest';
import { taskFigures } from './taskFigures';

describe('the task page’s figures', () => {
  it('say "1 item" and "1 gold label" (the page said "1 items", "1 gold labels")', () => {
    expect(taskFigures({ schemaTitle: 'Plan quality', schemaVersion: 2, itemCount: 1, completeItems: 1, goldCount: 1 })).toBe('Plan quality v2 · 1 item · 1 complete · 1 gold label');
    expect(taskFigures({ schemaTitle: 'Plan quality', schemaVersion: 1, itemCount: 1200, completeItems: 3, goldCount: 0 })).toBe('Plan quality v1 · 1,200 items · 3 complete · 0 gold labels');
  });
});
