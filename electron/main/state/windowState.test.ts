import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_STATE, captureWindowState, restoreWindowState } from './windowState';

const laptop = { x: 0, y: 0, width: 1440, height: 876 };
const externalRight = { x: 1440, y: 0, width: 2560, height: 1400 };

describe('restoreWindowState', () => {
  it('restores a saved place and size that fit the screen', () => {
    expect(restoreWindowState({ x: 100, y: 80, width: 1200, height: 760, maximized: false }, [laptop])).toEqual({
      x: 100,
      y: 80,
      width: 1200,
      height: 760,
      maximized: false,
    });
  });

  it('keeps a window that was on a second screen while that screen is there', () => {
    expect(restoreWindowState({ x: 1600, y: 100, width: 1800, height: 1000, maximized: true }, [laptop, externalRight])).toEqual({
      x: 1600,
      y: 100,
      width: 1800,
      height: 1000,
      maximized: true,
    });
  });

  it('centres a window whose screen was unplugged, and shrinks it to the largest screen left', () => {
    expect(restoreWindowState({ x: 1600, y: 100, width: 1800, height: 1000, maximized: false }, [laptop])).toEqual({
      width: 1440,
      height: 876,
      maximized: false,
    });
  });

  it('centres a window whose title bar would be above the screen', () => {
    expect(restoreWindowState({ x: 100, y: -500, width: 1000, height: 700, maximized: false }, [laptop])).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('never goes below the minimum size', () => {
    expect(restoreWindowState({ width: 200, height: 100, maximized: false }, [laptop])).toMatchObject({ width: 800, height: 560 });
  });

  it('falls back to the default for a missing or malformed file', () => {
    for (const saved of [null, undefined, 'x', [], { width: 'wide', height: 700 }, { width: Number.NaN, height: 700 }]) {
      expect(restoreWindowState(saved, [laptop])).toEqual(DEFAULT_WINDOW_STATE);
    }
  });

  it('ignores a malformed position but keeps the size', () => {
    expect(restoreWindowState({ x: 'left', y: 0, width: 1000, height: 700 }, [laptop])).toEqual({ width: 1000, height: 700, maximized: false });
  });
});

describe('captureWindowState', () => {
  it('records the normal bounds and whether the window was maximized', () => {
    expect(captureWindowState({ x: 5, y: 6, width: 900, height: 600 }, true)).toEqual({ x: 5, y: 6, width: 900, height: 600, maximized: true });
  });

  it('round-trips through restore', () => {
    const saved = captureWindowState({ x: 20, y: 30, width: 1100, height: 700 }, false);
    expect(restoreWindowState(JSON.parse(JSON.stringify(saved)), [laptop])).toEqual(saved);
  });
});
