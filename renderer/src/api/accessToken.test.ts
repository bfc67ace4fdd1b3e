import { describe, expect, it } from 'vitest';
import { AccessToken, TOKEN_KEY } from './accessToken';

/** The parts of `window` AccessToken touches: an address, a tab's sessionStorage, history and events. */
function fakeWindow(href: string, stored: Record<string, string> = {}) {
  const url = new URL(href);
  const listeners = new Map<string, (() => void)[]>();
  const storage = new Map(Object.entries(stored));
  const win = {
    location: url,
    sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
    history: { state: null, replaceState: (_state: unknown, _title: string, next: string) => void (url.href = new URL(next, url).href) },
    addEventListener: (name: string, listener: () => void) => listeners.set(name, [...(listeners.get(name) ?? []), listener]),
  };
  const navigate = (next: string) => {
    url.href = next;
    for (const listener of listeners.get('popstate') ?? []) listener();
  };
  return { win: win as unknown as Window, storage, url, navigate };
}

describe('the access token read from the printed URL', () => {
  it('moves the token from the fragment to sessionStorage and leaves only the route in the address', () => {
    const { win, storage, url } = fakeWindow('http://127.0.0.1:4873/#token=abc&route=/items/3?unit=n1');
    const token = new AccessToken(win);
    expect(token.value).toBe('abc');
    expect(storage.get(TOKEN_KEY)).toBe('abc');
    expect(url.href).toBe('http://127.0.0.1:4873/#/items/3?unit=n1');
  });

  it('keeps the stored token across reloads of the tab, and leaves ordinary routes alone', () => {
    const { win, url } = fakeWindow('http://127.0.0.1:4873/#/tasks', { [TOKEN_KEY]: 'abc' });
    expect(new AccessToken(win).value).toBe('abc');
    expect(url.hash).toBe('#/tasks');
  });

  it('takes a new token when a link of a restarted server is opened in the same tab', () => {
    const { win, url, navigate } = fakeWindow('http://127.0.0.1:4873/#token=old');
    const token = new AccessToken(win);
    navigate('http://127.0.0.1:4873/#token=new&route=/items/9');
    expect(token.value).toBe('new');
    expect(url.hash).toBe('#/items/9');
  });

  it('has no token when the tab was never given one', () => {
    expect(new AccessToken(fakeWindow('http://127.0.0.1:4873/').win).value).toBeNull();
  });
});
