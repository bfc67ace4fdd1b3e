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
});
