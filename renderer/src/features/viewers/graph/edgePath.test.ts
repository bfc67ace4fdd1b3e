import { describe, expect, it } from 'vitest';
import { midpoint, roundedPath } from './edgePath';

describe('roundedPath', () => {
  it('rounds each bend with a curve of the given radius', () => {
    expect(roundedPath([{ x: 0, y: 0 }, { x: 0, y: 20 }, { x: 20, y: 20 }], 8)).toBe('M0,0 L0,12 Q0,20 8,20 L20,20');
  });

  it('shrinks the radius where a run is shorter than two radii', () => {
    expect(roundedPath([{ x: 0, y: 0 }, { x: 0, y: 6 }, { x: 20, y: 6 }], 8)).toBe('M0,0 L0,3 Q0,6 3,6 L20,6');
  });

  it('draws a straight edge as one line', () => {
    expect(roundedPath([{ x: 1, y: 2 }, { x: 1, y: 50 }])).toBe('M1,2 L1,50');
  });
});

describe('midpoint', () => {
  it('is halfway along the length, not halfway through the points', () => {
    // lengths 10 then 30: the middle (20) lies 10 into the second run
    expect(midpoint([{ x: 0, y: 0 }, { x: 0, y: 10 }, { x: 30, y: 10 }])).toEqual({ x: 10, y: 10 });
  });
});
