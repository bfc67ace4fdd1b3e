import { describe, expect, it } from 'vitest';
import { boxViewport, fitViewport, focusZoom, FOCUS_ZOOM, initialViewport, revealViewport } from './viewport';

describe('viewport', () => {
  it('fits a small graph whole and centred, never magnified', () => {
    expect(fitViewport({ width: 200, height: 100 }, { width: 800, height: 600 })).toEqual({ zoom: 1, x: 300, y: 250 });
  });

  it('shows a graph whole when it stays readable', () => {
    // padding 24 on each side: min((800-48)/1000, (600-48)/700) = 0.752, above READABLE_ZOOM
    const view = initialViewport({ width: 1000, height: 700 }, { width: 800, height: 600 }, { x: 0, y: 0, width: 240, height: 92 });
    expect(view.zoom).toBeCloseTo(0.752, 3);
    expect(view.y).toBeCloseTo((600 - 700 * view.zoom) / 2);
  });

  it("shows a tall graph's full width from the top when its width is readable", () => {
    // fit all: min(752/1000, 552/3000) = 0.18; full width: 752/1000 = 0.752
    const start = { x: 400, y: 12, width: 220, height: 88 };
    const view = initialViewport({ width: 1000, height: 3000 }, { width: 800, height: 600 }, start);
    expect(view.zoom).toBeCloseTo(0.752);
    expect(view.x).toBeCloseTo(24);
    expect(view.y + start.y * view.zoom).toBeCloseTo(32);
  });

  it('starts a large graph at its start node, at a readable zoom', () => {
    const start = { x: 1000, y: 12, width: 240, height: 92 };
    const view = initialViewport({ width: 6000, height: 9000 }, { width: 800, height: 600 }, start);
    expect(view.zoom).toBe(FOCUS_ZOOM);
    // the start node's centre is drawn at the container's horizontal centre
    expect(view.x + (start.x + start.width / 2) * view.zoom).toBeCloseTo(400);
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
