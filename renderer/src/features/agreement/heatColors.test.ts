import { describe, expect, it } from 'vitest';
import { countColor, darkCell, kappaColor } from './heatColors';

describe('heatmap colours', () => {
  it('shades counts from white to the theme blue', () => {
    expect(countColor(0, 10)).toBe('rgb(255, 255, 255)');
    expect(countColor(10, 10)).toBe('rgb(47, 93, 138)');
    expect(countColor(3, 0)).toBe('rgb(255, 255, 255)');
  });

  it('shades κ on a diverging scale and marks undefined κ apart', () => {
    expect(kappaColor(1)).toBe('rgb(47, 93, 138)');
    expect(kappaColor(0)).toBe('rgb(255, 255, 255)');
    expect(kappaColor(-1)).toBe('rgb(179, 38, 30)');
    expect(kappaColor(null)).toBe('#f5f6f8');
    expect(darkCell(0.8)).toBe(true);
    expect(darkCell(0.2)).toBe(false);
  });
});
