/**
 * Differential test: the macro-averaged precision, recall and F1 that `accord judge calibrate`
 * prints against scikit-learn's
 * `precision_recall_fscore_support(y_true, y_pred, labels=<the schema's levels that occur in
 * y_true or y_pred>, average='macro', zero_division=0)`, y_true the reference and y_pred the
 * judge. All three averages are over that one set of answers.
 *
 * Needs Debian's /usr/bin/python3 with python3-sklearn (the `python3` first on PATH may be another
 * interpreter without it). Without it the test fails, saying what to install: a reference that is
 * missing must not pass as a skip.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../stats/prng';
import { classMetrics } from './classMetrics';

const PYTHON = '/usr/bin/python3';

interface Case {
  levels: string[];
  /** [judge, reference] per unit. */
  pairs: [string, string][];
}

/** The confusion matrix classMetrics reads: rows the judge's answers, columns the reference's. */
function ours({ levels, pairs }: Case) {
  const index = new Map(levels.map((l, i) => [l, i]));
  const matrix = levels.map(() => new Array<number>(levels.length).fill(0));
  for (const [j, r] of pairs) matrix[index.get(j)!][index.get(r)!]++;
  return classMetrics(matrix, levels).macro;
}

const SKLEARN = `
import json, sys
from sklearn.metrics import precision_recall_fscore_support
out = []
for case in json.load(sys.stdin):
    y_pred = [j for j, r in case['pairs']]
    y_true = [r for j, r in case['pairs']]
    labels = [l for l in case['levels'] if l in y_true or l in y_pred]
    p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, labels=labels, average='macro', zero_division=0)
    out.append({'labels': labels, 'precision': p, 'recall': r, 'f1': f})
print(json.dumps(out))
`;

/** scikit-learn on each case, in one Python process. */
function sklearn(cases: Case[]): { labels: string[]; precision: number; recall: number; f1: number }[] {
  const run = spawnSync(PYTHON, ['-c', SKLEARN], { input: JSON.stringify(cases), encoding: 'utf8' });
  if (run.error) throw new Error(`${PYTHON} cannot be run (${run.error.message})`);
  if (run.status !== 0) throw new Error(`scikit-learn failed (exit ${run.status}); apt-get install -y python3-sklearn if it is missing:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

// Three answers: "a" given by both, "b" only by the reference (no precision), "c" only by the judge (no recall).
const THREE: Case = {
  levels: ['a', 'b', 'c'],
  pairs: [['a', 'a'], ['a', 'a'], ['a', 'b'], ['c', 'b']],
};
// A five-level scale: "Excellent" given by nobody, "Very good" only by the judge, "Poor" only by the reference.
const FIVE: Case = {
  levels: ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'],
  pairs: [
    ['Fair', 'Poor'], ['Fair', 'Fair'], ['Fair', 'Fair'], ['Good', 'Fair'], ['Good', 'Good'],
    ['Good', 'Good'], ['Good', 'Good'], ['Very good', 'Good'], ['Fair', 'Good'], ['Good', 'Poor'],
  ],
};

describe('macro precision, recall and F1 against scikit-learn', () => {
  it('averages all three over the answers the judge or the reference gave, an undefined figure counting 0', () => {
    // scikit-learn 1.2.1, precision_recall_fscore_support(y_true, y_pred, labels=…, average='macro', zero_division=0):
    //   THREE, labels [a, b, c]: (0.2222222222222222, 0.3333333333333333, 0.26666666666666666)
    //   FIVE, labels [Poor, Fair, Good, Very good]: (0.275, 0.31666666666666665, 0.29285714285714287)
    // By hand (FIVE): precision (0 + 2/4 + 3/5 + 0) / 4, recall (0 + 2/3 + 3/5 + 0) / 4, F1 (0 + 4/7 + 3/5 + 0) / 4.
    // Averaging each figure over the answers where it is defined gave 0.367, 0.422 and 0.586 on FIVE,
    // three different sets of answers.
    expect(ours(THREE)).toMatchObject({ precision: expect.closeTo(2 / 9, 12), recall: expect.closeTo(1 / 3, 12), f1: expect.closeTo(0.8 / 3, 12), classes: ['a', 'b', 'c'] });
    const five = ours(FIVE);
    expect(five).toMatchObject({ precision: expect.closeTo(0.275, 12), recall: expect.closeTo(0.31666666666666665, 12), f1: expect.closeTo(0.29285714285714287, 12) });
    expect(five.classes).toEqual(['Poor', 'Fair', 'Good', 'Very good']);
    expect(five.basis).toBe('mean over the 4 answers the judge or the reference gave (Poor, Fair, Good, Very good); an undefined precision or recall counts as 0 (scikit-learn’s zero_division=0)');
  });

  it('agrees with scikit-learn run now on the fixtures and on seeded random cases', () => {
    const rng = new Xoshiro128(20261127);
    const random: Case[] = Array.from({ length: 40 }, () => {
      const levels = Array.from({ length: 2 + rng.nextBelow(6) }, (_, i) => `L${i}`);
      // Skewed picks, so some levels go unused by the judge, the reference or both.
      const pick = () => levels[Math.min(levels.length - 1, Math.floor(levels.length * (rng.nextBelow(1000) / 1000) ** 2))];
      return { levels, pairs: Array.from({ length: 1 + rng.nextBelow(30) }, (): [string, string] => [pick(), pick()]) };
    });
    const cases = [THREE, FIVE, ...random];
    const reference = sklearn(cases);
    cases.forEach((c, i) => {
      const macro = ours(c);
      expect(macro.classes, `case ${i} classes`).toEqual(reference[i].labels);
      expect(macro.precision, `case ${i} precision`).toBeCloseTo(reference[i].precision, 12);
      expect(macro.recall, `case ${i} recall`).toBeCloseTo(reference[i].recall, 12);
      expect(macro.f1, `case ${i} F1`).toBeCloseTo(reference[i].f1, 12);
    });
  });
});
