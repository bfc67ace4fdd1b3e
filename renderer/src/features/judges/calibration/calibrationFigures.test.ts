import { describe, expect, it } from 'vitest';
import type { ErrorRates, QuestionCalibration } from '../../../../../electron/api/contract';
import { certificationLabel, formatInterval, hasPassRate, formatKappa, formatPercent, formatSigned, levelDifferences, splitUnit, unitHref, unitTitle } from './calibrationFigures';

describe('calibration figures', () => {
  it('writes coefficients to two decimals with a true minus sign', () => {
    expect(formatKappa(0.6249)).toBe('0.62');
    expect(formatKappa(-0.125)).toBe('\u22120.13');
    expect(formatKappa(null)).toBe('—');
    expect(formatInterval([-0.1, 0.834])).toBe('\u22120.10 – 0.83');
    expect(formatInterval(null)).toBe('—');
    expect(formatPercent(2 / 3)).toBe('67%');
    expect(formatSigned(0.5)).toBe('+0.50');
    expect(formatSigned(-1)).toBe('\u22121.00');
    expect(formatSigned(0)).toBe('0.00');
  });

  it('splits a unit name into item and unit key, and links the item with the unit selected', () => {
    expect(splitUnit('q-0002|')).toEqual({ item: 'q-0002', unitKey: '' });
    expect(splitUnit('plans/q|1|step:2')).toEqual({ item: 'plans/q|1', unitKey: 'step:2' });
    expect(unitTitle('q-0002|step:2')).toBe('q-0002 · step 2');
    expect(unitHref('q-0002|step:2', { 'q-0002': 7 })).toBe('/items/7?unit=step%3A2');
    expect(unitHref('q-0002|', { 'q-0002': 7 })).toBe('/items/7');
    expect(unitHref('q-0009|', { 'q-0002': 7 })).toBeNull();
  });

  it('counts level differences from the confusion matrix, judge minus reference', () => {
    // Rows judge, columns reference, levels 1 < 2 < 3. By hand: the diagonal holds 1 + 3 + 1 = 5;
    // (judge 2, reference 1) ×2 and (judge 3, reference 2) ×1 are one level higher: 3; nothing lower.
    expect(levelDifferences([[1, 0, 0], [2, 3, 0], [0, 1, 1]], [1, 2, 3])).toEqual([
      { difference: -1, count: 0 },
      { difference: 0, count: 5 },
      { difference: 1, count: 3 },
    ]);
  });

  it('orders levels by value, so a scale listed highest first still counts higher as positive', () => {
    // Levels listed [3, 2, 1]: judge says level 3 (row 0) where the reference says 1 (column 2) → +2.
    expect(levelDifferences([[0, 0, 4], [0, 0, 0], [0, 0, 0]], [3, 2, 1])).toEqual([
      { difference: -2, count: 0 },
      { difference: -1, count: 0 },
      { difference: 0, count: 0 },
      { difference: 1, count: 0 },
      { difference: 2, count: 4 },
    ]);
  });

  it('labels the certification with its three states: certified, not certified, not enough evidence', () => {
    // Only status, threshold and shortfalls make the label; electron/core/judges/calibration/errorRates.test.ts computes them.
    const rates = (status: ErrorRates['status'], shortfalls: ErrorRates['shortfalls'] = []): ErrorRates => ({ reference: 'gold', units: 30, threshold: 0.8, classes: [], certified: status === 'certified', status, shortfalls, message: '' });
    // A perfect judge on 18 pass and 12 fail units: TNR's bound 0.025^(1/12) = 0.735 needs 17 fail units to reach 0.80.
    expect(certificationLabel(rates('not enough evidence', [{ units: '“fail” units', needed: 17, now: 12 }]))).toBe('Not enough evidence at 0.80: needs 17 “fail” units, 12 now');
    expect(certificationLabel(rates('not enough evidence', [{ units: '“pass” units', needed: 17, now: 5 }, { units: '“fail” units', needed: null, now: 0 }]))).toBe('Not enough evidence at 0.80: needs 17 “pass” units, 5 now; no “fail” units yet');
    // A rate not above the level whose upper bound is (TPR 35/50 at 0.80, upper bound 0.82): not "not certified" (walkthrough finding 3).
    expect(certificationLabel(rates('not enough evidence', [{ units: '“pass” units', needed: null, now: 50, notAbove: 'is not above 0.80, but its upper bound 0.82 is' }]))).toBe(
      'Not enough evidence at 0.80: more “pass” units needed to tell, 50 now',
    );
    const many = Array.from({ length: 6 }, () => ({ units: 'units other than “a”', needed: 17, now: 2 }));
    expect(certificationLabel(rates('not enough evidence', many))).toBe('Not enough evidence at 0.80: 6 rates need more units');
    expect(certificationLabel(rates('not enough evidence'))).toBe('Not enough evidence at 0.80: no units with a reference');
    expect(certificationLabel(rates('not certified'))).toBe('Not certified at 0.80');
    expect(certificationLabel(rates('certified'))).toBe('Certified at 0.80');
  });

  it('has a pass rate for pass / fail questions only, not for an ordinal scale or a nominal question', () => {
    const question = (type: QuestionCalibration['type'], levels: string[]) => ({ type, confusion: { rowRater: 'J', columnRater: '(gold)', levels, counts: [] } });
    expect(hasPassRate(question('binary', ['pass', 'fail']))).toBe(true);
    // The plan-quality scale: seven levels and no pass threshold in its schema.
    expect(hasPassRate(question('ordinal', ['Extremely Bad', 'Very Bad', 'Bad', 'Neutral', 'Good', 'Very Good', 'Extremely Good']))).toBe(false);
    expect(hasPassRate(question('ordinal', ['no', 'yes']))).toBe(false);
    expect(hasPassRate(question('nominal', ['a', 'b', 'c']))).toBe(false);
  });
});
