import { describe, expect, it } from 'vitest';
import { landisKochBand } from './landisKoch';

describe('landisKochBand', () => {
  it('uses the six bands of Landis & Koch (1977), boundaries in the lower band', () => {
    expect(landisKochBand(-0.01)).toBe('poor');
    expect(landisKochBand(0)).toBe('slight');
    expect(landisKochBand(0.2)).toBe('slight');
    expect(landisKochBand(0.2001)).toBe('fair');
    expect(landisKochBand(0.4)).toBe('fair');
    expect(landisKochBand(0.43)).toBe('moderate');
    expect(landisKochBand(0.6)).toBe('moderate');
    expect(landisKochBand(0.8)).toBe('substantial');
    expect(landisKochBand(0.81)).toBe('almost perfect');
    expect(landisKochBand(1)).toBe('almost perfect');
  });

  it('has no band for an undefined κ', () => {
    expect(landisKochBand(null)).toBeNull();
    expect(landisKochBand(Number.NaN)).toBeNull();
  });
});
