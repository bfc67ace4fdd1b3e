import { describe, expect, it } from 'vitest';
import { unitText } from './unitText';

describe('unitText', () => {
  it('names the whole item by its id and a unit by its kind and id, never the raw key', () => {
    expect(unitText('pq-001|')).toBe('pq-001');
    expect(unitText('pq-003|step:2')).toBe('pq-003 step 2');
    expect(unitText('graphs/Reset password|node:B')).toBe('graphs/Reset password node B');
    // An id with a bar of its own keeps it: the unit key is after the last one.
    expect(unitText('a|b|turn:4')).toBe('a|b turn 4');
  });
});
