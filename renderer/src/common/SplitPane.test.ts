import { describe, expect, it } from 'vitest';
import { clampWidth } from './SplitPane';

describe('split pane width', () => {
  const bounds = { min: 300, max: 700, container: 1200, minLeft: 400 };
  it('keeps the width inside its bounds', () => {
    expect(clampWidth(200, bounds)).toBe(300);
    expect(clampWidth(500.4, bounds)).toBe(500);
    expect(clampWidth(900, bounds)).toBe(700);
  });
  it('leaves the left pane its minimum (1000 px container − 400 px left = 600 px at most)', () => {
    expect(clampWidth(700, { ...bounds, container: 1000 })).toBe(600);
    // A container too small for both: the right pane keeps its own minimum.
    expect(clampWidth(700, { ...bounds, container: 500 })).toBe(300);
  });
});
