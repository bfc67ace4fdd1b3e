import { describe, expect, it } from 'vitest';
import { calibrateQuestion, type CalibrationInput, type CalibrationReport } from '../../../core/judges/calibration/calibrationReport';
import { DEFAULT_CALIBRATION_SETTINGS } from '../../../core/judges/calibration/replacementEvidence';
import { type Block, calibrationBlocks } from './calibrationBlocks';
import { passFailInput } from '../../../core/judges/calibration/testing/passFailInput';

// Two annotators and a judge on a binary question (p = pass, f = fail), gold = ana: the verdict is non-inferiority.
const rows = { ana: 'pppppffffp', ben: 'pppfpffffp', J: 'ppfppfffpp' };
/** The first `units` units of the rows. */
function input(units: number): CalibrationInput {
  return passFailInput(Object.fromEntries(Object.entries(rows).map(([rater, s]) => [rater, s.slice(0, units)])), { gold: 'ana', unitSuffix: '|' });
}

function blocks(units: number): Block[] {
  const report: CalibrationReport = {
    task: 't',
    run: 1,
    judge: 'j@1',
    model: 'm',
    questions: [calibrateQuestion(input(units))],
    skipped: [],
    itemIds: {},
    method: { intervals: 'Wald', bootstrap: null, verdict: 'v', settings: DEFAULT_CALIBRATION_SETTINGS },
  };
  return calibrationBlocks(report);
}

const tableAt = (bs: Block[], caption: RegExp) => bs.find((b): b is Extract<Block, { kind: 'table' }> => b.kind === 'table' && caption.test(b.caption))!;

describe('calibrationBlocks', () => {
  it('titles the non-inferiority threshold as what it is, −margin, and gives the margin in the caption', () => {
    const ni = tableAt(blocks(10), /^Non-inferiority/);
    const column = ni.head.indexOf('Threshold (−margin)');
    // The column printed −0.05 under "Margin"; the margin (DEFAULT_VERDICT_SETTINGS) is 0.05.
    expect(ni.head).not.toContain('Margin');
    expect(column).toBeGreaterThan(0);
    expect(ni.rows[0][column]).toBe('−0.05');
    expect(ni.caption).toContain('margin 0.05: can replace when the interval’s lower end is above the threshold −0.05');
  });

  it('says "1 unit", not "1 units", and states the class set of the macro averages', () => {
    const one = blocks(1);
    expect(one).toContainEqual({ kind: 'h2', text: 'passes (binary, 1 unit judged)' });
    expect(tableAt(one, /^Error rates/).caption).toMatch(/^Error rates against gold on 1 unit,/);
    expect(tableAt(blocks(10), /^Error rates/).caption).toMatch(/^Error rates against gold on 10 units,/);
    // u1: judge, ana and gold all say pass, so "fail" is given by nobody and is in no average.
    expect(tableAt(one, /^Precision, recall and F1/).caption).toBe('Precision, recall and F1 per answer; macro: mean over the one answer the judge or the reference gave (pass)');
  });
});
