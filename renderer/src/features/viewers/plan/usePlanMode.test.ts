import { describe, expect, it } from 'vitest';
import { pickMode } from './usePlanMode';

describe('pickMode', () => {
  it('shows the gold comparison first unless the reviewer prefers the plan alone', () => {
    expect(pickMode(['steps', 'compare', 'lineage'], null, 'compare')).toBe('compare');
    expect(pickMode(['steps', 'compare', 'lineage'], null, 'steps')).toBe('steps');
  });

  it('keeps a choice the item can show, and falls back when it cannot', () => {
    expect(pickMode(['steps', 'compare', 'lineage'], 'lineage', 'compare')).toBe('lineage');
    expect(pickMode(['steps'], 'compare', 'compare')).toBe('steps');
    expect(pickMode(['lineage'], null, 'compare')).toBe('lineage');
    expect(pickMode([], null, 'compare')).toBeNull();
  });
});
