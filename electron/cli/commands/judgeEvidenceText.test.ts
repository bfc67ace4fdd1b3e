import { describe, expect, it } from 'vitest';
import type { QuestionCalibration } from '../../api/contract';
import { calibrateQuestion } from '../../core/judges/calibration/calibrationReport';
import { compareQuestion } from '../../core/judges/calibration/compareRuns';
import { evidenceLines } from './judgeEvidenceText';
import { passFailInput } from '../../core/judges/calibration/testing/passFailInput';
import { describeComparison } from './judgeText';

// A judge and two annotators on two units, gold on both: enough for every piece of the evidence text.
function question(): QuestionCalibration {
  return calibrateQuestion(passFailInput({ J: 'pf', ana: 'pf', ben: 'pf' }, { gold: 'ana', unitSuffix: '|' }));
}

describe('evidenceLines', () => {
  it('says "1 unit", not "1 units", in the certainty split and the corrected pass rate', () => {
    const q = question();
    const pass = q.correctedPassRate;
    if (pass.positive === undefined) throw new Error('a binary question with gold has a corrected pass rate');
    const lines = evidenceLines({
      ...q,
      certainty: [{ certainty: 'unanimous', units: 1, judgeHuman: 1, humanHuman: 1, judgeMajority: 1 }, ...q.certainty.slice(1)],
      correctedPassRate: { ...pass, labeled: 1, unlabeled: 1 },
    });
    expect(lines).toContain('  by human certainty: unanimous 1 unit — judge 100.0%, humans 100.0%');
    expect(lines.find((l) => l.startsWith('  corrected'))).toMatch(/ on 1 unit without a reference; 1 unit has one$/);
    // And the plural where it is one.
    expect(evidenceLines(q).find((l) => l.startsWith('  by human certainty'))).toMatch(/unanimous 2 units — /);
  });
});

describe('describeComparison', () => {
  it('says "1 unit" of a question both runs answered once', () => {
    const categories = [
      { name: 'pass', value: 1 },
      { name: 'fail', value: 0 },
    ];
    const ratings = [
      { unit: 'u1', rater: 'A', value: 'pass' },
      { unit: 'u1', rater: 'B', value: 'pass' },
    ];
    const q = compareQuestion({ question: 'passes', tag: null, type: 'binary', categories, a: 'A', b: 'B', ratings, gold: new Map([['u1', 'pass']]), runNames: ['run 1', 'run 2'] });
    const run = (id: number) => ({ id, rater: `judge:j@m#${id}`, model: 'm', judge: 'j@1' });
    const text = describeComparison({ runA: run(1), runB: run(2), task: 't', questions: [q], rankings: [], skipped: [], itemIds: {} });
    expect(text).toMatch(/^passes: 1 unit, 0 changed; against gold \(1 unit\): /m);
  });

  // Walkthrough finding 10 (session 16): the κ named as the weighted one it is, units without their bar, and no gold said as such.
  const levels = ['1', '2', '3', '4'].map((name, i) => ({ name, value: i + 1 }));
  const ordinal = (gold: Map<string, string>) => {
    const a = [1, 2, 3, 4, 4, 2];
    const b = [1, 3, 3, 4, 3, 2];
    const ratings = a.flatMap((x, i) => [
      { unit: `pq-00${i + 1}|`, rater: 'A', value: String(x) },
      { unit: `pq-00${i + 1}|`, rater: 'B', value: String(b[i]) },
    ]);
    const q = compareQuestion({ question: 'quality', tag: null, type: 'ordinal', categories: levels, a: 'A', b: 'B', ratings, gold, runNames: ['run 1', 'run 2'] });
    const run = (id: number) => ({ id, rater: `judge:j@m#${id}`, model: 'm', judge: 'j@1' });
    return describeComparison({ runA: run(1), runB: run(2), task: 't', questions: [q], rankings: [], skipped: [], itemIds: {} });
  };

  it('names the quadratic-weighted κ with the unweighted beside it, and lists units without a stray bar', () => {
    const text = ordinal(new Map([['pq-002|', '2'], ['pq-005|', '4']]));
    // sklearn 1.2.1 cohen_kappa_score([1,2,3,4,4,2], [1,3,3,4,3,2], weights='quadratic') = 0.8421052631578947; unweighted 0.5714285714285714
    expect(text).toContain('runs agree quadratic-weighted κ 0.84 (unweighted 0.57)');
    expect(text).toContain('  regressed: pq-002, pq-005\n');
  });

  it('says it cannot compare accuracy without gold, rather than "no evidence of a difference (n = 0)"', () => {
    const text = ordinal(new Map());
    expect(text).toContain('quality: 6 units, 2 changed; runs agree quadratic-weighted κ 0.84 (unweighted 0.57)\n  cannot compare accuracy: none of the 6 units both runs answered has gold; set gold to compare them\n');
    expect(text).not.toMatch(/no evidence|fixed|regressed/);
  });
});
