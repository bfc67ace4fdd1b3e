import { describe, expect, it } from 'vitest';
import type { PairFigure } from '../../../../../electron/api/contract';
import { kappaDomain, pairRows } from './pairRows';

const figure = (a: string, b: string, value: number | null, ci: [number, number] | null = null): PairFigure =>
  ({ raters: [a, b], units: 4, kappa: { value, ci95: ci }, bootstrap: null }) as unknown as PairFigure;

describe('pairRows', () => {
  it('lists judge–annotator pairs, judge–gold, then the human pairs', () => {
    const rows = pairRows({ vsAnnotators: [figure('judge:x', 'ana', 0.5), figure('judge:x', 'ben', 0.4)], vsGold: figure('judge:x', '(gold)', 0.7), humanHuman: [figure('ana', 'ben', 0.6)] });
    expect(rows.map((r) => [r.key, r.label, r.group])).toEqual([
      ['judge:ana', 'Judge vs ana', 'judge-human'],
      ['judge:ben', 'Judge vs ben', 'judge-human'],
      ['judge:(gold)', 'Judge vs gold', 'judge-gold'],
      ['ana:ben', 'ana vs ben', 'human-human'],
    ]);
  });

  it('leaves gold out when there is none', () => {
    expect(pairRows({ vsAnnotators: [], vsGold: null, humanHuman: [] })).toEqual([]);
  });
});

describe('kappaDomain', () => {
  const one = (value: number, ci: [number, number]) => pairRows({ vsAnnotators: [figure('j', 'a', value, ci)], vsGold: null, humanHuman: [] });

  it('starts at 0 (chance) when a figure comes near it', () => {
    expect(kappaDomain(one(0.5, [0.2, 0.8]), null)).toEqual([0, 1]);
    expect(kappaDomain([], null)).toEqual([0, 1]);
  });

  it('zooms in to a tenth below the lowest bound when every figure is well above chance', () => {
    // Lowest bound 0.70: 0.65 floored to a tenth.
    expect(kappaDomain(one(0.85, [0.7, 0.93]), [0.77, 0.95])).toEqual([0.6, 1]);
  });

  it('keeps chance (0) in view when a figure has no interval (too few units): no zoom to make 0.88 against 1.00 look far apart', () => {
    const bare = pairRows({ vsAnnotators: [figure('j', 'a', 0.88), figure('j', 'b', 1)], vsGold: null, humanHuman: [] });
    expect(kappaDomain(bare, null)).toEqual([0, 1]);
  });

  it('reaches down to a negative bound in steps of 0.2, never below −1', () => {
    expect(kappaDomain(one(0.1, [-0.31, 0.5]), null)).toEqual([-0.4, 1]);
    expect(kappaDomain([], [-0.05, 0.5])).toEqual([-0.2, 1]);
    expect(kappaDomain(one(-1, [-1.4, -0.6]), null)).toEqual([-1, 1]);
  });
});
