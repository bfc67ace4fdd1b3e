import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../stats/prng';
import { weightMatrix } from '../../stats/weights';
import { certaintySplit, humanCertainty } from './certaintySplit';
import { errorRates } from './errorRates';
import { nonInferiority } from './nonInferiority';
import { type CalibrationSettings, DEFAULT_CALIBRATION_SETTINGS, replacementEvidence } from './replacementEvidence';

const categories = [
  { name: 'pass', value: 1 },
  { name: 'fail', value: 0 },
];
const settings: CalibrationSettings = { ...DEFAULT_CALIBRATION_SETTINGS, resamples: 500 };

/** Two annotators who agree on most of `n` units, and a judge given by `judge(unit index, ana's answer)`. */
function twoAnnotators(n: number, judge: (i: number, truth: string) => string, seed = 7) {
  const rng = new Xoshiro128(seed);
  const humans = new Map<string, Map<string, string>>();
  const judged = new Map<string, string>();
  for (let i = 0; i < n; i++) {
    const truth = rng.nextDouble() < 0.6 ? 'pass' : 'fail';
    const ben = rng.nextDouble() < 0.9 ? truth : truth === 'pass' ? 'fail' : 'pass';
    humans.set(`u${i}`, new Map([['ana', truth], ['ben', ben]]));
    judged.set(`u${i}`, judge(i, truth));
  }
  return { humans, judged };
}

const evidence = (n: number, judge: (i: number, truth: string) => string, extra: Partial<CalibrationSettings> = {}) => {
  const { humans, judged } = twoAnnotators(n, judge);
  return replacementEvidence({ type: 'binary', categories, judge: judged, humans, gold: new Map(), vsAnnotators: [], humanHuman: [], settings: { ...settings, ...extra } });
};

/**
 * 80 units with a seeded pass/fail truth that the judge gives and ana, ben and cy each give 80% of
 * the time; cy labels only the first `cyUnits`.
 */
function threeAnnotators(cyUnits: number): { humans: Map<string, Map<string, string>>; judge: Map<string, string> } {
  const rng = new Xoshiro128(11);
  const humans = new Map<string, Map<string, string>>();
  const judge = new Map<string, string>();
  for (let i = 0; i < 80; i++) {
    const truth = rng.nextDouble() < 0.5 ? 'pass' : 'fail';
    const noisy = () => (rng.nextDouble() < 0.8 ? truth : truth === 'pass' ? 'fail' : 'pass');
    humans.set(`u${i}`, new Map([['ana', noisy()], ['ben', noisy()], ...(i < cyUnits ? [['cy', noisy()] as [string, string]] : [])]));
    judge.set(`u${i}`, truth);
  }
  return { humans, judge };
}

describe('the verdict', () => {
  it('never favours a judge that says "pass" to all 22 units beside two annotators', () => {
    const v = evidence(22, () => 'pass').verdict;
    expect(['cannot', 'insufficient']).toContain(v.verdict);
    expect(v.verdict).toBe('insufficient');
    expect(v.constantAnswer).toBe('pass');
    expect(v.message).toMatch(/^not enough evidence: non-inferiority .* on 22 units \(margin 0\.05, .*fewer than the 30 units a verdict needs; the judge gave one answer \(“pass”\) to every unit/);
  });

  it('says "cannot" to a constant judge once there are units enough, and never "can"', () => {
    const v = evidence(200, () => 'pass').verdict;
    expect(v.verdict).toBe('cannot');
    expect(v.message).toMatch(/one answer \(“pass”\) to every unit while the annotators gave 2 different answers/);
    // Even with a margin so wide that the test alone would pass it.
    expect(evidence(200, () => 'pass', { margin: 2 }).verdict.verdict).toBe('cannot');
  });

  it('says "can" with the test, n, margin and p in one sentence when the judge agrees like a third annotator', () => {
    const v = evidence(300, (i, truth) => (i % 30 === 0 ? (truth === 'pass' ? 'fail' : 'pass') : truth)).verdict;
    expect(v).toMatchObject({ verdict: 'can', test: 'non-inferiority', n: 300, margin: 0.05 });
    expect(v.nonInferiority!.ci95![0]).toBeGreaterThan(-0.05);
    expect(v.message).toMatch(/^can replace an annotator: non-inferiority of judge–human κ to human–human κ on 300 units \(margin 0\.05, paired bootstrap of 500 resamples, seed 1\): judge–human 0\.\d\d, human–human 0\.\d\d, difference .* \(95% interval .*\), p [=<] .*; the lower bound is above −0\.05/);
  });

  it('says "cannot" when the interval lies below −margin, and "not enough evidence" when it straddles it', () => {
    const coin = new Xoshiro128(3);
    const bad = evidence(300, (_i, truth) => (coin.nextDouble() < 0.6 ? truth : truth === 'pass' ? 'fail' : 'pass')).verdict;
    expect(bad.verdict).toBe('cannot');
    expect(bad.nonInferiority!.ci95![1]).toBeLessThan(-0.05);
    const close = evidence(40, (i, truth) => (i % 7 === 0 ? (truth === 'pass' ? 'fail' : 'pass') : truth)).verdict;
    expect(close.verdict).toBe('insufficient');
    expect(close.message).toMatch(/straddles −0\.05/);
  });

  it('runs the alternative annotator test with three annotators and reports it per annotator', () => {
    const { humans, judge } = threeAnnotators(80);
    const e = replacementEvidence({ type: 'binary', categories, judge, humans, gold: new Map(), vsAnnotators: [], humanHuman: [], settings });
    expect(e.verdict).toMatchObject({ verdict: 'can', test: 'alternative annotator test', n: 80, margin: 0.1 });
    expect(e.verdict.altTest!.annotators.map((a) => a.rater)).toEqual(['ana', 'ben', 'cy']);
    expect(e.verdict.message).toMatch(/^can replace an annotator: the alternative annotator test \(scoring accuracy, ε = 0\.10, Benjamini–Yekutieli q = 0\.05\) on 80 items, 3 annotators tested with 80 items each: the judge wins against 3 of 3 \(winning rate 1\.00 ≥ 0\.5\), median p < 0\.001; advantage probability /);
  });
});

describe('the alternative annotator test with an annotator skipped', () => {
  it('says "not enough evidence" when only two of three annotators have the items to be tested', () => {
    // ana and ben label all 80 units, cy 10 (fewer than the 30 a tested annotator needs); the judge gives the truth.
    const { humans, judge } = threeAnnotators(10);
    const v = replacementEvidence({ type: 'binary', categories, judge, humans, gold: new Map(), vsAnnotators: [], humanHuman: [], settings }).verdict;
    expect(v.altTest!.annotators.map((a) => a.rater)).toEqual(['ana', 'ben']);
    expect(v.verdict).toBe('insufficient');
    expect(v.message).toMatch(/^not enough evidence: the alternative annotator test \(scoring accuracy, ε = 0\.10, Benjamini–Yekutieli q = 0\.05\) on 80 items: 2 annotators tested, the test needs 3; cy has fewer than 30 items$/);
  });
});

describe('non-inferiority', () => {
  it('computes κ of the judge against each annotator and of the annotators from the same units', () => {
    // Judge = A on every unit; B differs on 2 of 10: κ(J, A) = 1, κ(J, B) = κ(A, B).
    const units: [number, number, number][] = [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 0], [0, 0, 0], [1, 1, 1]];
    const r = nonInferiority({ units, k: 2, weights: weightMatrix('identity', [0, 1]), margin: 0.05, resamples: 200, seed: 1 });
    // A vs B: po = 0.8, pe = 0.5·0.5 + 0.5·0.5 = 0.5, κ = 0.6.
    expect(r.humanHuman).toBeCloseTo(0.6, 12);
    expect(r.judgeHuman).toBeCloseTo(0.8, 12);
    expect(r.difference).toBeCloseTo(0.2, 12);
  });
});

describe('error rates', () => {
  it('gives TPR and TNR with exact lower bounds and certifies only when both reach the threshold', () => {
    // 50 positives, judge right on 48; 50 negatives, right on 45.
    const pairs: [number, number][] = [
      ...Array.from({ length: 48 }, () => [0, 0] as [number, number]),
      ...Array.from({ length: 2 }, () => [1, 0] as [number, number]),
      ...Array.from({ length: 45 }, () => [1, 1] as [number, number]),
      ...Array.from({ length: 5 }, () => [0, 1] as [number, number]),
    ];
    const r = errorRates(pairs, ['pass', 'fail'], 'gold', 0.8);
    expect(r.classes).toHaveLength(1);
    // statsmodels 0.13.5 proportion_confint(48, 50, method='beta')[0] = 0.8628623743960326; (45, 50) → 0.7818646335657977
    expect(r.classes[0].tpr.lower).toBeCloseTo(0.8628623743960326, 12);
    expect(r.classes[0].tnr.lower).toBeCloseTo(0.7818646335657977, 12);
    expect(r.classes[0].tnr.lower!).toBeLessThan(0.8);
    expect(r.certified).toBe(false);
    expect(r.classes[0].tnr.needed).toBeGreaterThan(50);
    // 0.90 is above 0.80, so the bound would get there with more units: not enough evidence, not “not certified”.
    expect(r.status).toBe('not enough evidence');
    expect(r.message).toMatch(/^not enough evidence at 0\.80 against gold on 100 units: TNR 0\.90 \(lower bound 0\.78, n = 50\) needs about \d+ “fail” units \(50 now\)/);
    expect(errorRates(pairs, ['pass', 'fail'], 'gold', 0.75).certified).toBe(true);
  });

  it('gives each class one-vs-rest with more than two answers', () => {
    const r = errorRates([[0, 0], [1, 1], [2, 2], [2, 1]], ['a', 'b', 'c'], 'human majority', 0.8);
    expect(r.classes.map((c) => [c.category, c.tpr.x, c.tpr.n, c.tnr.x, c.tnr.n])).toEqual([
      ['a', 1, 1, 3, 3],
      ['b', 1, 2, 2, 2],
      ['c', 1, 1, 2, 3],
    ]);
  });
});

describe('agreement by human certainty', () => {
  it('sorts units into unanimous, majority and split, with the humans’ own agreement beside the judge’s', () => {
    expect(humanCertainty(['a', 'a', 'a'])).toEqual({ certainty: 'unanimous', majority: 'a' });
    expect(humanCertainty(['a', 'a', 'b'])).toEqual({ certainty: 'majority', majority: 'a' });
    expect(humanCertainty(['a', 'b'])).toEqual({ certainty: 'split', majority: null });
    const strata = certaintySplit([
      { judge: 'a', humans: ['a', 'a', 'a'] },
      { judge: 'b', humans: ['a', 'a', 'a'] },
      { judge: 'a', humans: ['a', 'a', 'b'] },
      { judge: 'b', humans: ['a', 'b', 'c'] },
      { judge: 'b', humans: ['b'] },
    ]);
    expect(strata).toEqual([
      { certainty: 'unanimous', units: 2, judgeHuman: 3 / 6, humanHuman: 1, judgeMajority: 0.5 },
      { certainty: 'majority', units: 1, judgeHuman: 2 / 3, humanHuman: 1 / 3, judgeMajority: 1 },
      { certainty: 'split', units: 1, judgeHuman: 1 / 3, humanHuman: 0, judgeMajority: null },
    ]);
  });
});

describe('which units gold holds (walkthrough finding 14)', () => {
  // Six units: 1–3 unanimous (pass, pass, pass), 4–5 a 2-to-1 majority, 6 split between two annotators.
  const humans = new Map<string, Map<string, string>>([
    ['u1', new Map([['ana', 'pass'], ['ben', 'pass'], ['cy', 'pass']])],
    ['u2', new Map([['ana', 'fail'], ['ben', 'fail'], ['cy', 'fail']])],
    ['u3', new Map([['ana', 'pass'], ['ben', 'pass'], ['cy', 'pass']])],
    ['u4', new Map([['ana', 'pass'], ['ben', 'pass'], ['cy', 'fail']])],
    ['u5', new Map([['ana', 'fail'], ['ben', 'pass'], ['cy', 'fail']])],
    ['u6', new Map([['ana', 'pass'], ['ben', 'fail']])],
  ]);
  const judge = new Map(['u1', 'u2', 'u3', 'u4', 'u5', 'u6'].map((u) => [u, 'pass']));
  const withGold = (units: string[]) =>
    replacementEvidence({ type: 'binary', categories, judge, humans, gold: new Map(units.map((u) => [u, humans.get(u)!.get('ana')!])), vsAnnotators: [], humanHuman: [], settings }).goldSelection;

  it('says gold holds only the unanimous units, fewer than the majority covers, and may flatter the judge', () => {
    expect(withGold(['u1', 'u2', 'u3'])).toBe(
      'gold covers 3 of the 6 units the judge answered, all of them units every annotator agreed on (the easiest to get right, as after accepting unanimous answers); the human majority covers 5. The figures against gold are about those 3 only and may flatter the judge: set gold on more units to widen them',
    );
  });

  it('says "a unit" and "that unit" when gold holds one (review: it read "it a unit", "those 1")', () => {
    expect(withGold(['u1'])).toBe(
      'gold covers 1 of the 6 units the judge answered, a unit every annotator agreed on (the easiest to get right, as after accepting unanimous answers); the human majority covers 5. The figures against gold are about that unit only and may flatter the judge: set gold on more units to widen them',
    );
  });

  it('counts the unanimous ones when gold holds others too, and says nothing once gold covers as many units as the majority', () => {
    expect(withGold(['u1', 'u4'])).toBe('gold covers 2 of the 6 units the judge answered, 1 of them unanimous; the human majority covers 5. The figures against gold are about those 2 only: set gold on more units to widen them');
    expect(withGold(['u1', 'u2', 'u3', 'u4', 'u5'])).toBeNull();
    expect(withGold([])).toBeNull();
  });
});
