import { describe, expect, it } from 'vitest';
import { agreementSearchParams, DEFAULT_VIEW, itemHref, parseAgreementParams, selectionSearch } from './agreementParams';

describe('agreement URL state', () => {
  it('round-trips the filter, judges, view, pair, tag and the rater of the rows', () => {
    const state = { filter: { datasetId: 2, metadata: { domain: 'telecom', turns: 4, resolved: true } }, includeJudges: true, judges: null, view: 'annotators', pair: 2, tag: 1, rows: 'rater 14' } as const;
    const params = agreementSearchParams(state);
    expect(params.toString()).toBe('dataset=2&m.domain=telecom&mn.turns=4&mb.resolved=true&judges=1&view=annotators&pair=2&tag=1&rows=rater+14');
    expect(parseAgreementParams(params)).toEqual(state);
  });

  it('keeps the judge runs chosen, one parameter each, in links between the summary and a question', () => {
    const state = { ...DEFAULT_VIEW, includeJudges: true, judges: ['judge:good@m#4', 'judge:bad@m#5'] };
    expect(agreementSearchParams(state).toString()).toBe('judges=1&judge=judge%3Agood%40m%234&judge=judge%3Abad%40m%235');
    expect(parseAgreementParams(agreementSearchParams(state))).toEqual(state);
    expect(selectionSearch({ ...state, view: 'annotators' })).toBe('?judges=1&judge=judge%3Agood%40m%234&judge=judge%3Abad%40m%235');
    // Judges left out: no judge runs in the link.
    expect(agreementSearchParams({ ...state, includeJudges: false }).toString()).toBe('');
  });

  it('falls back to defaults on unknown or malformed values and leaves defaults out', () => {
    expect(parseAgreementParams(new URLSearchParams('view=pie&pair=-1&tag=x&judges=yes&rows='))).toEqual(DEFAULT_VIEW);
    expect(agreementSearchParams(DEFAULT_VIEW).toString()).toBe('');
  });

  it('keeps only the selection when linking between the summary and a question', () => {
    expect(selectionSearch({ ...DEFAULT_VIEW, filter: { metadata: { domain: 'retail' } }, view: 'disagreements', pair: 1, rows: 'ana' })).toBe('?m.domain=retail');
    expect(selectionSearch(DEFAULT_VIEW)).toBe('');
  });

  it('links a disagreeing unit to its item, with the unit selected', () => {
    expect(itemHref(12, 'step:3')).toBe('/items/12?unit=step%3A3');
    expect(itemHref(12, '')).toBe('/items/12');
  });
});
