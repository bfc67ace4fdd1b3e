import { describe, expect, it } from 'vitest';
import { prefixOffsets, scrollTopFor, visibleRange } from './windowRange';

describe('prefixOffsets', () => {
  it('gives each row its top and the total height last', () => {
    expect(prefixOffsets([10, 20, 30])).toEqual([0, 10, 30, 60]);
    expect(prefixOffsets([])).toEqual([0]);
  });
});

describe('visibleRange', () => {
  // Ten rows of 100 px: row i spans [100i, 100i + 100).
  const offsets = prefixOffsets(new Array(10).fill(100));

  it('takes the rows the viewport intersects', () => {
    expect(visibleRange(offsets, 0, 250, 0)).toEqual({ start: 0, end: 2 });
    expect(visibleRange(offsets, 150, 100, 0)).toEqual({ start: 1, end: 2 });
    // A row whose bottom touches the viewport's top exactly is not visible.
    expect(visibleRange(offsets, 200, 100, 0)).toEqual({ start: 2, end: 2 });
  });

  it('widens the window by the overscan on both sides, within the list', () => {
    expect(visibleRange(offsets, 450, 100, 120)).toEqual({ start: 3, end: 6 });
    expect(visibleRange(offsets, 0, 100, 500)).toEqual({ start: 0, end: 5 });
    expect(visibleRange(offsets, 950, 100, 0)).toEqual({ start: 9, end: 9 });
  });

  it('renders the rows near the top before the viewport has a height', () => {
    expect(visibleRange(offsets, 0, 0, 300)).toEqual({ start: 0, end: 2 });
  });

  it('handles uneven rows and the empty list', () => {
    const uneven = prefixOffsets([40, 400, 40, 40]);
    expect(visibleRange(uneven, 100, 50, 0)).toEqual({ start: 1, end: 1 });
    expect(visibleRange(prefixOffsets([]), 0, 500, 100)).toEqual({ start: 0, end: -1 });
  });
});

describe('scrollTopFor', () => {
  const offsets = prefixOffsets(new Array(10).fill(100));
  it('puts the row a margin below the top, clamped to the scrollable range', () => {
    expect(scrollTopFor(offsets, 5, 300, 20)).toBe(480);
    expect(scrollTopFor(offsets, 0, 300, 20)).toBe(0);
    // The last rows cannot scroll further than the content's end: 1000 - 300.
    expect(scrollTopFor(offsets, 9, 300, 20)).toBe(700);
    expect(scrollTopFor(offsets, 42, 300, 20)).toBe(700);
  });
});
