import { describe, expect, it } from 'vitest';
import { stronglyConnectedComponents } from './stronglyConnected';

const sorted = (members: number[][]) => members.map((m) => [...m].sort((a, b) => a - b));

describe('stronglyConnectedComponents', () => {
  it('finds the components of a small graph in reverse topological order', () => {
    // 0 → 1 → 2 → 0 is a cycle; 2 → 3; 3 ⇄ 4; 5 alone. Worked out by hand.
    const { members, componentOf } = stronglyConnectedComponents([[1], [2], [0, 3], [4], [3], []]);
    expect(sorted(members)).toEqual([[3, 4], [0, 1, 2], [5]]);
    expect(componentOf[0]).toBe(componentOf[2]);
    expect(componentOf[3]).not.toBe(componentOf[2]);
  });

  it('orders components so every edge between two of them goes from a later one to an earlier one', () => {
    const successors = [[1, 2], [3], [3], [], [0]];
    const { componentOf } = stronglyConnectedComponents(successors);
    successors.forEach((next, v) => {
      for (const w of next) if (componentOf[v] !== componentOf[w]) expect(componentOf[v]!).toBeGreaterThan(componentOf[w]!);
    });
  });

  it('handles a 100,000-vertex cycle without recursion', () => {
    const n = 100_000;
    const successors = Array.from({ length: n }, (_, i) => [(i + 1) % n]);
    expect(stronglyConnectedComponents(successors).members).toHaveLength(1);
  });
});
