import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BROWSE,
  browseSearchParams,
  browserHref,
  isFiltered,
  itemHref,
  listArgs,
  parseBrowseParams,
  positionOf,
  type BrowseState,
} from './browseParams';

const full: BrowseState = {
  filter: { datasetId: 3, kind: 'plan', search: 'refund', severity: 'error', metadata: { model: 'gpt-4o', turns: 12, resolved: false } },
  sort: 'findings',
  descending: true,
  page: 2,
  pageSize: 50,
};

describe('browse parameters', () => {
  it('round-trips every filter, keeping metadata value types', () => {
    const params = browseSearchParams(full);
    expect(params.get('m.model')).toBe('gpt-4o');
    expect(params.get('mn.turns')).toBe('12');
    expect(params.get('mb.resolved')).toBe('false');
    expect(params.get('page')).toBe('3'); // 1-based in the URL
    expect(parseBrowseParams(params)).toEqual(full);
  });

  it('keeps a numeric-looking string a string', () => {
    const state = { ...DEFAULT_BROWSE, filter: { metadata: { version: '5' } } };
    expect(parseBrowseParams(browseSearchParams(state)).filter.metadata).toEqual({ version: '5' });
  });

  it('leaves defaults out of the URL', () => {
    expect(browseSearchParams(DEFAULT_BROWSE).toString()).toBe('');
  });

  it('ignores malformed values instead of failing', () => {
    const state = parseBrowseParams(new URLSearchParams('dataset=x&kind=poem&severity=fatal&sort=drop&page=-1&size=7&mn.n=abc&mb.b=maybe'));
    expect(state).toEqual(DEFAULT_BROWSE);
  });

  it('pages in the database through offset and limit', () => {
    expect(listArgs(full)).toMatchObject({ offset: 100, limit: 50, sort: 'findings', descending: true, kind: 'plan' });
  });

  it('tells whether a filter narrows the list', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ metadata: {} })).toBe(false);
    expect(isFiltered({ kind: 'graph' })).toBe(true);
  });

  it('carries the browser state and position to the item page and back', () => {
    const href = itemHref(12, full, 123);
    expect(href.startsWith('/items/12?')).toBe(true);
    const params = new URLSearchParams(href.split('?')[1]);
    expect(positionOf(params)).toBe(123);
    const back = parseBrowseParams(params);
    expect(back.filter).toEqual(full.filter);
    // position 123 at 50 a page is on the 3rd page (0-based 2)
    expect(browserHref(back, 123)).toContain('page=3');
    expect(itemHref(7, DEFAULT_BROWSE, null)).toBe('/items/7');
  });
});
