import { describe, expect, it } from 'vitest';
import { settlePending, shownQuery, withWrite } from './pendingQuery';

describe('pending URL writes', () => {
  it('shows a write at once, and keeps building on it before the router catches up', () => {
    // Click a sort header twice before the router shows the first sort.
    const first = withWrite(null, 'sort=externalId', 'sort=findings');
    expect(shownQuery(first, 'sort=externalId')).toBe('sort=findings');
    const second = withWrite(first, 'sort=externalId', 'sort=findings&desc=1');
    expect(second).toEqual({ from: 'sort=externalId', written: ['sort=findings', 'sort=findings&desc=1'] });
    // The router shows the first write: the second is still pending, and shown.
    expect(shownQuery(second, 'sort=findings')).toBe('sort=findings&desc=1');
    expect(settlePending(second, 'sort=findings')).toEqual({ from: 'sort=findings', written: ['sort=findings&desc=1'] });
    // Then the second: nothing pending.
    expect(settlePending(second, 'sort=findings&desc=1')).toBeNull();
    expect(shownQuery(second, 'sort=findings&desc=1')).toBe('sort=findings&desc=1');
  });

  it('lets the router win when it shows a query no write made (the back button, a link)', () => {
    const pending = withWrite(null, 'page=2', 'page=3');
    expect(settlePending(pending, 'kind=plan')).toBeNull();
    expect(shownQuery(pending, 'kind=plan')).toBe('kind=plan');
    // A write after that starts from the router's query again.
    expect(withWrite(pending, 'kind=plan', 'kind=graph')).toEqual({ from: 'kind=plan', written: ['kind=graph'] });
  });

  it('settles a write of the query the router already shows', () => {
    expect(settlePending(withWrite(null, 'q=x', 'q=x'), 'q=x')).toBeNull();
  });

  it('goes to the last of equal writes: a, b, a with the router at a waits for the last', () => {
    const pending = withWrite(withWrite(withWrite(null, '', 'a'), '', 'b'), '', 'a');
    expect(settlePending(pending, 'a')).toBeNull();
    expect(shownQuery(pending, 'b')).toBe('a');
  });
});
