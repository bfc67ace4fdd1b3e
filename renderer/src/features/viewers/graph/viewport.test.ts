import { describe, expect, it } from 'vitest';
import { boxViewport, fitViewport, focusZoom, FOCUS_ZOOM, revealViewport } from './viewport';

describe('viewport', () => {
  it('fits a small graph whole and centred, never magnified', () => {
    expect(fitViewport({ width: 200, height: 100 }, { width: 800, height: 600 })).toEqual({ zoom: 1, x: 300, y: 250 });
  });

  it('fits a large graph whole, however small that makes it', () => {
    // fastLayout of the bench's 200-node procedure is about 4,000 × 14,000: min(752/4000, 552/14000)
    const view = fitViewport({ width: 4000, height: 14_000 }, { width: 800, height: 600 });
    expect(view.zoom).toBeCloseTo(552 / 14_000, 5);
    expect(view.x).toBeCloseTo((800 - 4000 * view.zoom) / 2);
    expect(view.y).toBeCloseTo(24);
  });

  it('keeps a readable zoom when centring and lifts an unreadable one', () => {
    expect(focusZoom(1.2)).toBe(1.2);
    expect(focusZoom(0.1)).toBe(FOCUS_ZOOM);
  });

  it('pans as little as needed to reveal a box, and not at all when it is in view', () => {
    const view = { x: -100, y: 0, zoom: 0.5 };
    const container = { width: 400, height: 300 };
    // x 300 → screen 50 … 160: already inside
    expect(revealViewport({ x: 300, y: 100, width: 220, height: 88 }, view, container)).toEqual(view);
    // x 900 → screen 350 … 460: 84 px too far right of 400 - 24
    expect(revealViewport({ x: 900, y: 100, width: 220, height: 88 }, view, container)).toEqual({ zoom: 0.5, x: -184, y: 0 });
  });

  it('shows a journey whole when it fits, and from its top when it is too tall', () => {
    const container = { width: 800, height: 600 };
    const small = boxViewport({ x: 0, y: 0, width: 376, height: 276 }, container, 0.35);
    expect(small.zoom).toBe(1);
    expect(small.y).toBeCloseTo(162); // (600 - 276) / 2
    // 10,000 tall: 552/10000 is far below the 0.35 floor, so the top comes first
    const tall = boxViewport({ x: 0, y: 500, width: 300, height: 10_000 }, container, 0.35);
    expect(tall.zoom).toBe(0.35);
    expect(tall.y + 500 * tall.zoom).toBeCloseTo(32);
  });
});
