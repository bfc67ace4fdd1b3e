/** Where and how big the main window was when it last closed. */
export interface WindowState {
  /** Absent: let the window manager centre it. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };
export const MIN_WINDOW_SIZE = { width: 800, height: 560 };

/** How much of the window's top strip must be on a screen for the saved place to be kept. */
const GRAB_WIDTH = 120;
const GRAB_HEIGHT = 40;

/**
 * Turns what was saved (anything, read from disk) into a state that fits the screens there
 * are now: garbage gives the default; a size larger than every screen shrinks to the largest;
 * a place whose title bar would be off every screen (a monitor was unplugged) is dropped, so
 * the window is centred instead of opening where nobody can grab it.
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Rect[]): WindowState {
  if (!isRecord(saved) || !isFiniteNumber(saved.width) || !isFiniteNumber(saved.height)) return { ...DEFAULT_WINDOW_STATE };
  const largest = workAreas.reduce<Rect | null>((best, area) => (!best || area.width * area.height > best.width * best.height ? area : best), null);
  const maxWidth = largest ? largest.width : Number.POSITIVE_INFINITY;
  const maxHeight = largest ? largest.height : Number.POSITIVE_INFINITY;
  const width = Math.round(clamp(saved.width, MIN_WINDOW_SIZE.width, Math.max(MIN_WINDOW_SIZE.width, maxWidth)));
  const height = Math.round(clamp(saved.height, MIN_WINDOW_SIZE.height, Math.max(MIN_WINDOW_SIZE.height, maxHeight)));
  const state: WindowState = { width, height, maximized: saved.maximized === true };
  if (isFiniteNumber(saved.x) && isFiniteNumber(saved.y)) {
    const grab: Rect = { x: Math.round(saved.x), y: Math.round(saved.y), width: Math.min(width, GRAB_WIDTH), height: GRAB_HEIGHT };
    if (workAreas.some((area) => overlapArea(grab, area) >= grab.width * grab.height * 0.5)) {
      state.x = grab.x;
      state.y = grab.y;
    }
  }
  return state;
}

/** What to save when the window closes; `bounds` are the normal (unmaximized) bounds. */
export function captureWindowState(bounds: Rect, maximized: boolean): WindowState {
  return { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height, maximized };
}

function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
