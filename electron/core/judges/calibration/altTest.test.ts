/**
 * The alternative annotator test against a reference written in this test from the published
 * definition (Calderon, Reichart & Dror, ACL 2025, §3 and their reference code): scipy's
 * ttest_1samp(alternative='less') for each annotator's p-value and statsmodels'
 * multipletests(method='fdr_by') for the Benjamini–Yekutieli step (the step by hand, with m
 * counting undefined p-values, where scipy gives NaN). Needs Debian's /usr/bin/python3 with
 * python3-scipy and python3-statsmodels; without them the test fails, saying what to install.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../stats/prng';
import { altTest, type AltTestInput, type AltTestScoring } from './altTest';

const PYTHON = '/usr/bin/python3';
const TOLERANCE = 1e-9;

const REFERENCE = String.raw`
import json, sys, math
import numpy as np
from scipy.stats import ttest_1samp
from statsmodels.stats.multitest import multipletests

def accuracy(x, others): return float(np.mean([x == o for o in others]))
def neg_rmse(x, others): return -float(np.sqrt(np.mean([(x - o) ** 2 for o in others])))

def by(pvals, q):
    m = len(pvals)
    if m == 0: return []
    finite = [p for p in pvals if not math.isnan(p)]
    if len(finite) == m:
        return [bool(r) for r in multipletests(pvals, alpha=q, method='fdr_by')[0]]
    h = sum(1.0 / i for i in range(1, m + 1))
    order = sorted([i for i in range(m) if not math.isnan(pvals[i])], key=lambda i: pvals[i])
    last = -1
    for rank, i in enumerate(order):
        if pvals[i] <= (rank + 1) / m * q / h: last = rank
    out = [False] * m
    for rank in range(last + 1): out[order[rank]] = True
    return out

def alt_test(case):
    score = accuracy if case['scoring'] == 'accuracy' else neg_rmse
    humans, judge = {}, {r['unit']: r['value'] for r in case['judge']}
    order = []
    for r in case['humans']:
        if r['rater'] not in order: order.append(r['rater'])
        humans.setdefault(r['rater'], {})[r['unit']] = r['value']
    raters_of = {}
    for h in order:
        for i in humans[h]: raters_of.setdefault(i, []).append(h)
    keep = {i for i in raters_of if len(raters_of[i]) >= case['minRatersPerItem'] and i in judge}
    tested, pvals, advantages, diffs_mean = [], [], [], []
    for h in order:
        items = [i for i in humans[h] if i in keep]
        if len(items) < case['minItemsPerRater']: continue
        wj, wh = [], []
        for i in items:
            others = [humans[o][i] for o in raters_of[i] if o != h]
            hs, js = score(humans[h][i], others), score(judge[i], others)
            wj.append(1 if js >= hs else 0)
            wh.append(1 if hs >= js else 0)
        d = np.array(wh) - np.array(wj)
        with np.errstate(all='ignore'):
            p = float(ttest_1samp(d, case['epsilon'], alternative='less').pvalue)
        tested.append(h); pvals.append(p); advantages.append(float(np.mean(wj))); diffs_mean.append(float(np.mean(d)))
    rejected = by(pvals, case['q'])
    return {
        'tested': tested, 'pvalues': [None if math.isnan(p) else p for p in pvals], 'rejected': rejected,
        'advantages': advantages, 'means': diffs_mean, 'items': len(keep),
        'winningRate': (sum(rejected) / len(tested)) if tested else None,
        'advantageProbability': float(np.mean(advantages)) if tested else None,
    }

cases = json.load(sys.stdin)
print(json.dumps([alt_test(c) for c in cases]))
`;

interface Reference {
  tested: string[];
  pvalues: (number | null)[];
  rejected: boolean[];
  advantages: number[];
  means: number[];
  items: number;
  winningRate: number | null;
  advantageProbability: number | null;
}

function reference(cases: AltTestInput[]): Reference[] {
  const run = spawnSync(PYTHON, ['-c', REFERENCE], { input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error || run.status !== 0) {
    throw new Error(`the Python reference failed — it needs ${PYTHON} with scipy and statsmodels (apt-get install -y python3-scipy python3-statsmodels):\n${run.error?.message ?? run.stderr}`);
  }
  return JSON.parse(run.stdout) as Reference[];
}

/**
 * A seeded study: `raters` annotators who each label a share of `units` items, a judge that
 * copies a hidden truth with probability `judgeSkill`, annotators with `humanSkill`.
 */
function study(seed: number, scoring: AltTestScoring, options: { units: number; raters: number; coverage: number[]; judgeSkill: number; humanSkill: number; epsilon: number }): AltTestInput {
  const rng = new Xoshiro128(seed);
  const levels = scoring === 'accuracy' ? ['a', 'b', 'c'] : [1, 2, 3, 4, 5];
  const pick = () => levels[rng.nextBelow(levels.length)];
  const humans: AltTestInput['humans'][number][] = [];
  const judge: AltTestInput['judge'][number][] = [];
  for (let u = 0; u < options.units; u++) {
    const unit = `u${u}`;
    const truth = pick();
    for (let r = 0; r < options.raters; r++) {
      if (rng.nextDouble() < options.coverage[r]) humans.push({ unit, rater: `h${r}`, value: rng.nextDouble() < options.humanSkill ? truth : pick() });
    }
    if (rng.nextDouble() < 0.95) judge.push({ unit, value: rng.nextDouble() < options.judgeSkill ? truth : pick() });
  }
  return { humans, judge, scoring, epsilon: options.epsilon, q: 0.05, minRatersPerItem: 2, minItemsPerRater: 30 };
}

function constantDifferences(): AltTestInput[] {
  // Three annotators agree on every one of 40 items. A judge that always agrees with them
  // ties every annotator (W_human − W_judge = 0 on every item: mean 0 < ε, p = 0). A judge
  // that always disagrees loses every item (difference 1 > ε, p = 1). With ε = 0 the tying
  // judge's differences equal ε: t = 0/0, undefined, not rejected.
  const units = Array.from({ length: 40 }, (_, i) => `u${i}`);
  const humans = units.flatMap((unit) => ['ana', 'ben', 'cy'].map((rater) => ({ unit, rater, value: 'yes' })));
  const base = { humans, scoring: 'accuracy' as const, q: 0.05, minRatersPerItem: 2, minItemsPerRater: 30 };
  return [
    { ...base, judge: units.map((unit) => ({ unit, value: 'yes' })), epsilon: 0.1 },
    { ...base, judge: units.map((unit) => ({ unit, value: 'no' })), epsilon: 0.1 },
    { ...base, judge: units.map((unit) => ({ unit, value: 'yes' })), epsilon: 0 },
  ];
}

const cases: AltTestInput[] = [
  study(1, 'accuracy', { units: 80, raters: 4, coverage: [0.9, 0.8, 0.7, 0.3], judgeSkill: 0.85, humanSkill: 0.7, epsilon: 0.1 }),
  study(2, 'accuracy', { units: 120, raters: 5, coverage: [0.6, 0.6, 0.6, 0.6, 0.2], judgeSkill: 0.5, humanSkill: 0.8, epsilon: 0.15 }),
  study(3, 'neg-rmse', { units: 90, raters: 3, coverage: [1, 0.9, 0.8], judgeSkill: 0.8, humanSkill: 0.6, epsilon: 0.2 }),
  study(4, 'neg-rmse', { units: 60, raters: 4, coverage: [0.9, 0.9, 0.9, 0.25], judgeSkill: 0.3, humanSkill: 0.85, epsilon: 0.1 }),
  // Close to the humans: BY rejects some annotators and not others.
  study(5, 'accuracy', { units: 150, raters: 6, coverage: [0.5, 0.5, 0.5, 0.5, 0.5, 0.5], judgeSkill: 0.8, humanSkill: 0.7, epsilon: 0.05 }),
  ...constantDifferences(),
];

describe('the alternative annotator test', () => {
  const expected = reference(cases);

  it.each(cases.map((c, i) => [i, c] as const))('case %i equals the published procedure to 1e-9', (i, input) => {
    const mine = altTest(input);
    const ref = expected[i];
    expect(mine.items).toBe(ref.items);
    expect(mine.annotators.map((a) => a.rater)).toEqual(ref.tested);
    mine.annotators.forEach((a, j) => {
      if (ref.pvalues[j] === null) expect(a.pValue).toBeNull();
      else expect(Math.abs((a.pValue as number) - (ref.pvalues[j] as number))).toBeLessThan(TOLERANCE);
      expect(a.rejected).toBe(ref.rejected[j]);
      expect(Math.abs(a.advantage - ref.advantages[j])).toBeLessThan(TOLERANCE);
      expect(Math.abs(a.meanDifference - ref.means[j])).toBeLessThan(TOLERANCE);
    });
    if (ref.winningRate === null) expect(mine.winningRate).toBeNull();
    else expect(Math.abs((mine.winningRate as number) - ref.winningRate)).toBeLessThan(TOLERANCE);
    if (ref.advantageProbability === null) expect(mine.advantageProbability).toBeNull();
    else expect(Math.abs((mine.advantageProbability as number) - ref.advantageProbability)).toBeLessThan(TOLERANCE);
    expect(mine.passed).toBe(ref.winningRate !== null && ref.winningRate >= 0.5);
  });

  it('skips an annotator below 30 items and says why, and lists the dropped items', () => {
    const result = altTest(cases[0]);
    const skipped = result.skipped.find((s) => s.rater === 'h3');
    expect(skipped?.items).toBeLessThan(30);
    expect(skipped?.reason).toMatch(/fewer than 30/);
    expect(result.annotators.map((a) => a.rater)).not.toContain('h3');
    expect(result.dropped.length).toBeGreaterThan(0);
    expect(result.dropped.every((d) => /fewer than 2|no judge label/.test(d.reason))).toBe(true);
  });

  it('takes the t-test limits for constant differences and says so', () => {
    const [tie, loss, equal] = constantDifferences().map(altTest);
    expect(tie.annotators.map((a) => [a.pValue, a.rejected])).toEqual([[0, true], [0, true], [0, true]]);
    expect(tie.annotators[0].note).toMatch(/t = −∞, p = 0/);
    expect(tie.passed).toBe(true);
    expect(loss.annotators.map((a) => a.pValue)).toEqual([1, 1, 1]);
    expect(loss.annotators[0].note).toMatch(/p = 1/);
    expect(loss.passed).toBe(false);
    expect(loss.losingRate).toBe(1);
    expect(equal.annotators.map((a) => [a.pValue, a.rejected])).toEqual([[null, false], [null, false], [null, false]]);
    expect(equal.annotators[0].note).toMatch(/undefined/);
  });

  it('tests no one, and passes no one, when no annotator has enough items', () => {
    const result = altTest({ ...cases[0], minItemsPerRater: 1000 });
    expect(result).toMatchObject({ winningRate: null, advantageProbability: null, passed: false });
    expect(result.reason).toMatch(/^not enough evidence: 0 annotators tested, the test needs 3 \(no annotator has 1,000 items/);
  });

  it('passes no judge with two annotators tested, where the published code would: not enough evidence', () => {
    // ana and ben agree on 40 items and the judge with them: it ties both (p = 0), winning rate 1.00 (2 of 2).
    const units = Array.from({ length: 40 }, (_, i) => `u${i}`);
    const humans = units.flatMap((unit) => ['ana', 'ben'].map((rater) => ({ unit, rater, value: 'yes' })));
    const result = altTest({ humans, judge: units.map((unit) => ({ unit, value: 'yes' })), scoring: 'accuracy', epsilon: 0.1, q: 0.05, minRatersPerItem: 2, minItemsPerRater: 30 });
    expect(result.winningRate).toBe(1);
    expect(result.annotators.map((a) => a.rejected)).toEqual([true, true]);
    expect(result.passed).toBe(false);
    expect(result.reason).toBe('not enough evidence: 2 annotators tested, the test needs 3');
    // The three-annotator version of the same judge passes (constantDifferences' first case).
    expect(altTest(constantDifferences()[0]).passed).toBe(true);
  });

  it('refuses neg-rmse on labels that are not numbers', () => {
    expect(() => altTest({ ...cases[0], scoring: 'neg-rmse' })).toThrow(/neg-rmse needs numbers; unit "u0" has "/);
  });
});
