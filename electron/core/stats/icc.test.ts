import { describe, expect, it } from 'vitest';
import { fCdf, fQuantile } from './fDistribution';
import { icc, iccOfPatterns } from './icc';
import { ratingPatterns } from './ratingPatterns';
import { tableFromScores } from './testdata/helpers';
import { SHROUT_FLEISS_1979 } from './testdata/published';

describe('intraclass correlations', () => {
  it('reproduce Shrout & Fleiss (1979) table 3 on their table 2 data (.17, .29, .71, .44, .62, .91)', () => {
    const report = icc(SHROUT_FLEISS_1979);
    expect(report.estimates.map((e) => e.type)).toEqual(['ICC1', 'ICC2', 'ICC3', 'ICC1k', 'ICC2k', 'ICC3k']);
    expect(report.estimates.map((e) => Number((e.value as number).toFixed(2)))).toEqual([0.17, 0.29, 0.71, 0.44, 0.62, 0.91]);
    // psych::ICC(sf, lmer = FALSE) prints F 1.79 (one-way) and 11.03, p 0.165 and 0.000135.
    expect(report.estimates[0].f).toBeCloseTo(1.7946785, 6);
    expect(report.estimates[1].f).toBeCloseTo(11.027248, 5);
    expect(report.estimates[1].p).toBeCloseTo(0.000134566516, 10);
    // Six targets are too few for an honest interval.
    expect(report.estimates[0].ci95).toBeNull();
    expect(report.estimates[0].ciReason).toBe('not estimable: 6 units; an interval needs at least 10');
  });

  it('give F-based intervals from 10 units on, as psych::ICC (the data twice, shifted: R 4.2.2, psych 2.2.9)', () => {
    const twice = [...SHROUT_FLEISS_1979, ...SHROUT_FLEISS_1979.map((row) => row.map((x) => x + 1))];
    const e = icc(twice).estimates;
    expect(e[2].ci95?.[0]).toBeCloseTo(0.5036786692719245, 9);
    expect(e[2].ci95?.[1]).toBeCloseTo(0.901962589160847, 9);
    expect(e[1].ci95?.[0]).toBeCloseTo(0.0266722112013328, 9);
    expect(e[1].ci95?.[1]).toBeCloseTo(0.644449126590000, 9);
    expect(e[3].ci95?.[0]).toBeCloseTo(-0.3152278429620587, 9);
  });

  it('are null with a reason without variation or with fewer than two raters', () => {
    expect(icc([[3, 3], [3, 3], [3, 3]]).estimates[0].reason).toBe('no variation: every rating is the same');
    expect(icc([[1], [2]]).reason).toBe('intraclass correlations need at least two raters; found 1');
  });

  it('say, for raters of which none rated every unit (a crowd), that no unit is complete, not that there are no raters', () => {
    // Three raters on levels 1-5, each unit missing one of them.
    const table = tableFromScores([[1, 2, null], [null, 3, 3], [4, null, 5]], 5);
    const report = iccOfPatterns(ratingPatterns(table), [1, 2, 3, 4, 5]);
    expect(report.raters).toBe(3);
    expect(report.reason).toBe('intraclass correlations need at least two units rated by every rater; found 0 (3 units lack a rating from one or more of the 3 raters)');
  });
});

describe('the F distribution', () => {
  it('matches R: qf(0.975, 5, 18) = 3.38196780587524, pf(1, 10, 10) = 0.5', () => {
    expect(fQuantile(0.975, 5, 18)).toBeCloseTo(3.3819678058752429, 12);
    expect(fCdf(1, 10, 10)).toBeCloseTo(0.5, 13);
  });
});
