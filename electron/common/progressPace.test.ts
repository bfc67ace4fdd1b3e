import { describe, expect, it } from 'vitest';
import { PaceMeter } from './progressPace';

describe('PaceMeter', () => {
  it('measures from the first count, so set-up before it does not stretch the time left', () => {
    const pace = new PaceMeter();
    // 11 s of set-up (a task made for 120 raters), then 400 of 360,000 labels, then 4,000 a second.
    expect(pace.at(11_000, 400, 360_000)).toEqual({ rate: 0, etaSeconds: null });
    const next = pace.at(12_000, 4_400, 360_000);
    expect(next.rate).toBe(4_000);
    expect(next.etaSeconds).toBeCloseTo(88.9, 1);
  });

  it('has no rate while nothing is counted, nor when the count stands still', () => {
    const pace = new PaceMeter();
    expect(pace.at(0, 0, 10)).toEqual({ rate: 0, etaSeconds: null });
    expect(pace.at(5_000, 0, 10)).toEqual({ rate: 0, etaSeconds: null });
    pace.at(6_000, 2, 10);
    expect(pace.at(6_000, 2, 10)).toEqual({ rate: 0, etaSeconds: null });
    expect(pace.at(8_000, 6, null)).toEqual({ rate: 2, etaSeconds: null });
  });

  it('counts a resumed job from the first units beyond where it resumed', () => {
    const pace = new PaceMeter(500);
    expect(pace.at(1_000, 500, 1_000)).toEqual({ rate: 0, etaSeconds: null });
    expect(pace.at(2_000, 600, 1_000)).toEqual({ rate: 0, etaSeconds: null });
    expect(pace.at(4_000, 800, 1_000)).toEqual({ rate: 100, etaSeconds: 2 });
  });
});
