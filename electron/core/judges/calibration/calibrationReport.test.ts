import { describe, expect, it } from 'vitest';
import { calibrateQuestion, GOLD_RATER, type CalibrationInput } from './calibrationReport';
import { classMetrics } from './classMetrics';
import { passFail, passFailInput } from './testing/passFailInput';
import { compareQuestion, rankSystems } from './compareRuns';
import { ordinalBias } from './ordinalBias';
import { averageRanks, spearmanRho } from './spearman';

// A hand-made binary example, 10 units (p = pass, f = fail):
//   ana  p p p p p f f f f p   (gold = ana)
//   ben  p p p f p f f f f p
//   J    p p f p p f f f p p
// J vs gold: 8/10 agree; table rows J, cols gold [[5,1],[1,3]]; κ = (0.8 − 0.52) / 0.48 = 0.5833.
// ana vs ben: 9/10; [[5,1],[0,4]]; κ = (0.9 − 0.5) / 0.5 = 0.8.
// J vs ben: 7/10; [[4,2],[1,3]]; κ = (0.7 − 0.5) / 0.5 = 0.4.
const rows = {
  ana: 'ppppp ffff p',
  ben: 'pppfp ffff p',
  J: 'ppfpp fffp p',
};
const input: CalibrationInput = passFailInput(rows, {
  gold: 'ana',
  question: 'logical_structure',
  rationale: (rater, unit) => `${rater} on ${unit}`,
  goldRationale: (unit) => (unit === 'u3' ? 'gold says pass' : null),
});

describe('calibrateQuestion (hand-checked binary example)', () => {
  const report = calibrateQuestion(input);

  it('puts the judge beside each annotator, gold, and the annotators beside each other', () => {
    expect(report.units).toBe(10);
    expect(report.annotators).toEqual(['ana', 'ben']);
    const kappas = (ps: typeof report.vsAnnotators) => ps.map((p) => [p.raters.join(' vs '), p.units, p.percentAgreement.value, p.kappa.value]);
    expect(kappas(report.vsAnnotators)).toEqual([
      ['J vs ana', 10, 0.8, expect.closeTo(0.5833333333, 9)],
      ['J vs ben', 10, 0.7, expect.closeTo(0.4, 9)],
    ]);
    expect(kappas([report.vsGold!])).toEqual([[`J vs ${GOLD_RATER}`, 10, 0.8, expect.closeTo(0.5833333333, 9)]]);
    expect(kappas(report.humanHuman)).toEqual([['ana vs ben', 10, 0.9, expect.closeTo(0.8, 9)]]);
    // Standard errors and intervals: statsmodels 0.13.5 cohens_kappa on the same tables.
    expect(report.vsAnnotators[1].kappa.se).toBeCloseTo(0.28397182958878153, 9);
    expect(report.humanHuman[0].kappa.se).toBeCloseTo(0.18590320061795604, 9);
    // The interval is Wald on Fisher's z (it stays inside [−1, 1]; κ ± 1.96 SE reached 1.164):
    // tanh(atanh(0.8) ∓ 1.959963984540054 · SE / (1 − 0.8²)), computed by hand in Python.
    expect(report.humanHuman[0].kappa.ci95![0]).toBeCloseTo(0.08627620990637694, 9);
    expect(report.humanHuman[0].kappa.ci95![1]).toBeCloseTo(0.9710703984129869, 9);
  });

  it('gives no favourable word on 10 units: not enough evidence, with the test, n, margin and p in the sentence', () => {
    expect(report.verdict).toMatchObject({ verdict: 'insufficient', test: 'non-inferiority', n: 10, margin: 0.05 });
    expect(report.verdict.message).toMatch(/^not enough evidence: non-inferiority of judge–human κ to human–human κ on 10 units \(margin 0\.05, .*fewer than the 30 units/);
    // Beside it, descriptive only: mean κ against the annotators (0.5833 + 0.4) / 2, κ of the pair, its interval.
    expect(report.verdict).toMatchObject({ judgeKappa: expect.closeTo(0.4916666667, 9), humanKappa: expect.closeTo(0.8, 9) });
    expect(report.verdict.humanRange![0]).toBeCloseTo(0.08627620990637694, 9);
  });

  it('gives the confusion matrix and per-class figures against gold', () => {
    expect(report.reference).toBe('gold');
    expect(report.confusion).toEqual({ rowRater: 'J', columnRater: GOLD_RATER, levels: ['pass', 'fail'], counts: [[5, 1], [1, 3]] });
    // pass: precision 5/6, recall 5/6; fail: 3/4, 3/4; macro F1 (5/6 + 3/4) / 2.
    expect(report.classes.map((c) => [c.category, c.precision, c.recall, c.f1])).toEqual([
      ['pass', expect.closeTo(5 / 6, 12), expect.closeTo(5 / 6, 12), expect.closeTo(5 / 6, 12)],
      ['fail', 0.75, 0.75, 0.75],
    ]);
    expect(report.macro.f1).toBeCloseTo((5 / 6 + 0.75) / 2, 12);
    expect(report.ordinal).toBeNull();
  });

  it('lists the disagreements with gold, with every rationale', () => {
    expect(report.disagreementCount).toBe(2);
    expect(report.disagreements.map((d) => d.unit)).toEqual(['u3', 'u9']);
    expect(report.disagreements[0]).toEqual({
      unit: 'u3',
      judge: { value: 'fail', rationale: 'J on u3' },
      gold: { value: 'pass', rationale: 'gold says pass' },
      humans: [
        { rater: 'ana', value: 'pass', rationale: 'ana on u3' },
        { rater: 'ben', value: 'pass', rationale: 'ben on u3' },
      ],
    });
  });

  it('falls back to the pooled annotators without gold, and is undetermined with one annotator', () => {
    const noGold = calibrateQuestion({ ...input, gold: [] });
    expect(noGold.vsGold).toBeNull();
    expect(noGold.reference).toBe('humans');
    // J against ana and ben pooled: [[5,1],[1,3]] + [[4,2],[1,3]].
    expect(noGold.confusion.counts).toEqual([[9, 3], [2, 6]]);
    const single = calibrateQuestion({ ...input, ratings: input.ratings.filter((r) => r.rater !== 'ben') });
    expect(single.verdict.verdict).toBe('insufficient');
    expect(single.verdict.message).toMatch(/no test can be run with 1 annotator/);
  });
});

describe('ordinal calibration', () => {
  it('reports the signed bias and the share within one level', () => {
    // Levels 1…7; judge vs reference indices (5,4), (3,3), (6,3): differences +1, 0, +3.
    expect(ordinalBias([[5, 4], [3, 3], [6, 3]], [1, 2, 3, 4, 5, 6, 7])).toEqual({ pairs: 3, meanSignedDifference: 4 / 3, withinOneLevel: 2 / 3, exact: 1 / 3 });
    const levels = ['1', '2', '3', '4', '5'].map((name, i) => ({ name, value: i + 1 }));
    const r = (rater: string, v: string[]) => v.map((value, i) => ({ unit: `u${i}`, rater, raterKind: rater === 'J' ? ('judge' as const) : ('human' as const), value, rationale: null }));
    const report = calibrateQuestion({
      question: 'relevance',
      tag: null,
      type: 'ordinal',
      categories: levels,
      judge: 'J',
      ratings: [...r('J', ['5', '4', '2', '5']), ...r('ana', ['4', '4', '3', '2']), ...r('ben', ['4', '5', '3', '2'])],
      gold: [],
      bootstrap: { resamples: 0, seed: 1 },
      maxDisagreements: 0,
    });
    expect(report.vsAnnotators[0].statistic).toBe('weightedKappa.quadratic');
    // Pooled humans: differences +1, +1, 0, −1, −1, −1, +3, +3 → mean 5/8; within one: 6 of 8.
    expect(report.ordinal).toEqual({ pairs: 8, meanSignedDifference: 5 / 8, withinOneLevel: 6 / 8, exact: 1 / 8 });
    expect(report.disagreements).toEqual([]);
    expect(report.disagreementCount).toBe(4);
  });
});

describe('classMetrics', () => {
  it('leaves undefined figures null with a reason, and averages all three over the same answers', () => {
    const { perClass, macro } = classMetrics([[2, 1, 0], [0, 0, 0], [0, 1, 0]], ['a', 'b', 'c']);
    // F1 = 2·tp / (predicted + support): 0 for an answer one side gave and the other never matched.
    expect(perClass[1]).toMatchObject({ category: 'b', precision: null, recall: 0, f1: 0, reason: expect.stringMatching(/never gave this answer, so precision/) });
    expect(perClass[2]).toMatchObject({ category: 'c', precision: 0, recall: null, f1: 0 });
    // Over a, b and c, undefined counting 0 (scikit-learn's figures in classMetrics.sklearn.test.ts).
    expect(macro).toMatchObject({ precision: (2 / 3 + 0 + 0) / 3, recall: (1 + 0 + 0) / 3, f1: (0.8 + 0 + 0) / 3, classes: ['a', 'b', 'c'] });
  });

  it('leaves an answer neither side gave out of every average', () => {
    const { perClass, macro } = classMetrics([[3, 1, 0], [1, 2, 0], [0, 0, 0]], ['a', 'b', 'c']);
    expect(perClass[2]).toMatchObject({ precision: null, recall: null, f1: null });
    expect(macro).toEqual({ precision: (3 / 4 + 2 / 3) / 2, recall: (3 / 4 + 2 / 3) / 2, f1: (3 / 4 + 2 / 3) / 2, classes: ['a', 'b'], basis: 'mean over the 2 answers the judge or the reference gave (a, b)' });
  });
});

describe('spearmanRho', () => {
  it('uses average ranks for ties', () => {
    expect(averageRanks([10, 20, 20, 30])).toEqual([1, 2.5, 2.5, 4]);
    // By hand: ranks x 1…5, y [1, 2, 3.5, 5, 3.5]; Σdxdy = 8, Σdx² = 10, Σdy² = 9.5 → 8 / √95
    // (scipy.stats.spearmanr gives 0.8207826816681233 for these lists).
    expect(spearmanRho([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]).value).toBeCloseTo(8 / Math.sqrt(95), 12);
    expect(spearmanRho([1, 2, 3], [3, 2, 1]).value).toBeCloseTo(-1, 12);
    expect(spearmanRho([1], [1])).toEqual({ value: null, reason: 'needs at least two systems ranked by both; got 1' });
    expect(spearmanRho([1, 2], [3, 3]).value).toBeNull();
  });
});

describe('compareQuestion and rankSystems', () => {
  it('counts fixed, regressed and unchanged units against gold', () => {
    const categories = [
      { name: 'pass', value: 1 },
      { name: 'fail', value: 0 },
    ];
    const r = (rater: string, v: string) => passFail(v).map((value, i) => ({ unit: `u${i + 1}`, rater, value }));
    const gold = new Map(passFail('pppp ffff').map((v, i) => [`u${i + 1}`, v] as [string, string]));
    const c = compareQuestion({ question: 'q', tag: null, type: 'binary', categories, a: 'A', b: 'B', ratings: [...r('A', 'ppff ffpp'), ...r('B', 'pppf fpff')], gold });
    // u3 fixed (A f, B p; gold p); u6 regressed (A f → B p; gold f); u7, u8 fixed; u4 stays wrong.
    expect(c).toMatchObject({ units: 8, withGold: 8, fixed: ['u3', 'u7', 'u8'], regressed: ['u6'], unchangedCorrect: 3, unchangedWrong: 1, changed: 4, accuracyA: 4 / 8, accuracyB: 6 / 8 });
  });

  it('ranks systems by mean score per run, best first', () => {
    const ranking = rankSystems('q', 'model', [
      { system: 'x', run: 'a', score: 7 },
      { system: 'x', run: 'b', score: 5 },
      { system: 'y', run: 'a', score: 3 },
      { system: 'y', run: 'b', score: 6 },
      { system: 'z', run: 'a', score: 1 },
      { system: 'z', run: 'b', score: 1 },
    ]);
    expect(ranking.systems.map((s) => [s.system, s.rankA, s.rankB])).toEqual([['x', 1, 2], ['y', 2, 1], ['z', 3, 3]]);
    // Ranks (1,2,3) vs (2,1,3): ρ = 1 − 6·2 / (3·8) = 0.5.
    expect(ranking.spearman.value).toBeCloseTo(0.5, 12);
  });
});
