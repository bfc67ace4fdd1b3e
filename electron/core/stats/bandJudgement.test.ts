import { describe, expect, it } from 'vitest';
import { bandInterval, landisKochJudgement } from './bandJudgement';
import { bandText } from '../../common/bandText';

// Band limits: Landis & Koch (1977), Biometrics 33, p. 165 (< 0 poor, 0–0.20 slight, 0.21–0.40
// fair, 0.41–0.60 moderate, 0.61–0.80 substantial, 0.81–1 almost perfect), boundaries in the
// lower band as landisKochBand has them. Intervals below are inputs, not computed statistics.
describe('landisKochJudgement', () => {
  it('names one band when the whole interval lies in it', () => {
    expect(landisKochJudgement(0.9, [0.82, 0.97], 40)).toEqual({ kind: 'band', band: 'almost perfect' });
    // 0.80 is the top of "substantial" (boundaries belong to the lower band).
    expect(landisKochJudgement(0.7, [0.61, 0.8], 40)).toEqual({ kind: 'band', band: 'substantial' });
  });

  it('gives the range of an interval spanning two bands (the walk: κw 0.899, 95% CI [0.784, 0.954], 30 units)', () => {
    expect(landisKochJudgement(0.899, [0.784, 0.954], 30)).toEqual({ kind: 'range', low: 'substantial', high: 'almost perfect' });
  });

  it('gives the range of an interval spanning three bands', () => {
    expect(landisKochJudgement(0.6, [0.35, 0.85], 12)).toEqual({ kind: 'range', low: 'fair', high: 'almost perfect' });
  });

  it('uses the "poor" band below 0, alone or as the low end of a range', () => {
    expect(landisKochJudgement(-0.3, [-0.5, -0.1], 50)).toEqual({ kind: 'band', band: 'poor' });
    expect(landisKochJudgement(-0.1, [-0.3, 0.05], 50)).toEqual({ kind: 'range', low: 'poor', high: 'slight' });
  });

  it('claims no band below the minimum units for an interval (the walk: κw 0.947 on 5 units)', () => {
    expect(landisKochJudgement(0.947, null, 5)).toEqual({ kind: 'insufficient', reason: 'not estimable: 5 units; an interval needs at least 10', n: 5, fewUnits: true });
    // An interval handed in for too few units does not make a verdict either.
    expect(landisKochJudgement(1, [0.9, 1], 9)).toMatchObject({ kind: 'insufficient', n: 9 });
  });

  it('claims no band without an interval, saying why', () => {
    expect(landisKochJudgement(1, null, 30, 'not estimable: the interval has zero width')).toEqual({ kind: 'insufficient', reason: 'not estimable: the interval has zero width', n: 30, fewUnits: false });
    expect(landisKochJudgement(0.5, null, 30)).toMatchObject({ kind: 'insufficient', reason: 'no 95% interval to judge the band by' });
  });

  it('takes in the estimate should a percentile interval not contain it', () => {
    expect(landisKochJudgement(0.85, [0.7, 0.8], 20)).toEqual({ kind: 'range', low: 'substantial', high: 'almost perfect' });
  });

  it('has no judgement for an undefined κ on 10 units or more', () => {
    expect(landisKochJudgement(null, null, 30)).toBeNull();
    expect(landisKochJudgement(Number.NaN, [0, 1], 30)).toBeNull();
  });

  it('says "not enough evidence" below 10 units even when κ is undefined (a question nobody rated twice: n = 0)', () => {
    expect(landisKochJudgement(null, null, 0)).toEqual({ kind: 'insufficient', reason: 'not estimable: 0 units; an interval needs at least 10', n: 0, fewUnits: true });
    expect(bandText(landisKochJudgement(null, null, 0))).toBe('not enough evidence (n = 0)');
  });
});

describe('bandInterval', () => {
  it('prefers the bootstrap interval, else the normal one', () => {
    expect(bandInterval([0.1, 0.2], [0.3, 0.4])).toEqual([0.1, 0.2]);
    expect(bandInterval(undefined, [0.3, 0.4])).toEqual([0.3, 0.4]);
    expect(bandInterval(null, null)).toBeNull();
  });
});
