import { describe, expect, it } from 'vitest';
import type { QuestionAgreementRow } from '../../../api/contract';
import { kindText, utcStamp } from './reportText';

const row = (kind: QuestionAgreementRow['kind'], scope: QuestionAgreementRow['scope'] = 'item') => ({ kind, scope }) as QuestionAgreementRow;

describe('report wording', () => {
  it('says how each kind of question is compared, and on which units', () => {
    expect(kindText(row('binary'), 2)).toBe('binary, 2 options');
    expect(kindText(row('nominal'), 3)).toBe('nominal, 3 categories');
    expect(kindText(row('ordinal'), 7)).toBe('ordinal, 7 levels');
    expect(kindText(row('interval'), 3)).toBe('score, 3 values');
    expect(kindText(row('multilabel', 'step'), 6)).toBe('multilabel, 6 tags, per step');
    expect(kindText(row('ordinal', 'turn'), 5)).toBe('ordinal, 5 levels, per turn');
  });

  it('stamps dates to the minute in UTC', () => {
    expect(utcStamp('2025-03-14T09:30:59.123Z')).toBe('2025-03-14 09:30 UTC');
  });
});
