import { describe, expect, it } from 'vitest';
import { browserLink, parseTokenFragment } from './browserLink';

describe('browser-mode links carry the token in the fragment', () => {
  it('prints the start page and deep links with the token after #, never in the path or query', () => {
    expect(browserLink('http://127.0.0.1:4873/', 'ab12')).toBe('http://127.0.0.1:4873/#token=ab12');
    expect(browserLink('http://127.0.0.1:4873/', 'ab12', '#/items/3?unit=edge%3Ae1')).toBe('http://127.0.0.1:4873/#token=ab12&route=/items/3?unit=edge%3Ae1');
    const url = new URL(browserLink('http://127.0.0.1:4873/', 'ab12', '#/items/3'));
    expect(url.pathname + url.search).toBe('/');
  });

  it('reads back the token and the route; an ordinary hash route is not a token', () => {
    expect(parseTokenFragment('#token=ab12')).toEqual({ token: 'ab12', route: '/' });
    expect(parseTokenFragment('#token=ab12&route=/items/3?unit=a&b=c')).toEqual({ token: 'ab12', route: '/items/3?unit=a&b=c' });
    expect(parseTokenFragment('token=ab12&route=tasks')).toEqual({ token: 'ab12', route: '/tasks' });
    expect(parseTokenFragment('#/items/3')).toBeNull();
    expect(parseTokenFragment('')).toBeNull();
  });
});
