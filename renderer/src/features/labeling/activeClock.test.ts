import { describe, expect, it } from 'vitest';
import { ActiveClock } from './activeClock';

describe('active clock', () => {
  it('hands out the visible time since the last take', () => {
    const clock = new ActiveClock(0);
    expect(clock.take(4_000)).toBe(4);
    clock.hide(5_000); // 1 s visible
    clock.show(65_000); // a minute elsewhere does not count
    expect(clock.take(67_000)).toBe(3); // 1 s + 2 s
    expect(clock.take(67_000)).toBe(0);
  });

  it('caps a forgotten window', () => {
    const clock = new ActiveClock(0, 600);
    expect(clock.take(2 * 3600 * 1000)).toBe(600);
  });
});
