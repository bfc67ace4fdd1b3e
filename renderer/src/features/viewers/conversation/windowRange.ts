/**
 * Pure arithmetic of the windowed transcript: where each row starts, and which rows a scroll
 * position shows. Kept apart from the hook so it can be tested without a browser.
 */

/** Row tops from row heights: `offsets[i]` is the top of row i, `offsets[n]` the total height. */
export function prefixOffsets(sizes: readonly number[]): number[] {
  const offsets = new Array<number>(sizes.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < sizes.length; i++) offsets[i + 1] = offsets[i] + sizes[i];
  return offsets;
}

/** Rows to render: first and last index (inclusive); `end < start` when there is none. */
export interface RowRange {
  start: number;
  end: number;
}

/**
 * The rows that intersect the viewport `[top, top + height]` widened by `overscan` pixels on
 * each side, found by binary search over {@link prefixOffsets}. A zero-height viewport (not laid
 * out yet) still yields the rows within `overscan` of `top`, so something renders at once.
 */
export function visibleRange(offsets: readonly number[], top: number, height: number, overscan: number): RowRange {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: -1 };
  const from = top - overscan;
  const to = top + Math.max(0, height) + overscan;
  // First row whose bottom is below `from`.
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1] > from) hi = mid;
    else lo = mid + 1;
  }
  const start = lo;
  // Last row whose top is above `to`.
  lo = start;
  hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid] < to) lo = mid;
    else hi = mid - 1;
  }
  return { start, end: lo };
}

/**
 * The scroll position that shows row `index`: its top `margin` pixels below the viewport's top,
 * clamped to what the content allows.
 */
export function scrollTopFor(offsets: readonly number[], index: number, viewportHeight: number, margin: number): number {
  const count = offsets.length - 1;
  if (count <= 0) return 0;
  const at = Math.min(Math.max(index, 0), count - 1);
  const max = Math.max(0, offsets[count] - viewportHeight);
  return Math.min(max, Math.max(0, offsets[at] - margin));
}
