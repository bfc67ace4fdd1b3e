import { afterEach, describe, expect, it, vi } from 'vitest';
import { openServerSession } from './teamSession';

// The page's side of a team invite: the token leaves the address bar before anything else and
// is sent once, as a bearer, to open the session; without one the server is asked who this is.

const TOKEN = 'c3'.repeat(32);

function fakePage(hash: string) {
  const location = { hash, pathname: '/', search: '' };
  const replaced: string[] = [];
  const page = {
    location,
    history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) },
  } as unknown as Window;
  return { page, replaced };
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('openServerSession', () => {
  it('drops an invite link from the address bar, then exchanges it for a session', async () => {
    const { page, replaced } = fakePage(`#invite=${TOKEN}&route=/tasks`);
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      expect(replaced).toEqual(['/#/tasks']); // gone before the request
      calls.push({ url: String(url), init });
      return answer(200, { ok: true, value: { mode: 'team', person: 'ana', role: 'annotator', expiresAt: '2030-01-01T00:00:00.000Z' } });
    });
    expect(await openServerSession('http://127.0.0.1:4873/', () => ({}), page)).toEqual({ mode: 'team', person: 'ana', role: 'annotator', expiresAt: '2030-01-01T00:00:00.000Z' });
    expect(calls).toEqual([{ url: 'http://127.0.0.1:4873/api/session', init: { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, credentials: 'same-origin' } }]);
  });

  it('says why a revoked invite lets nobody in', async () => {
    const { page } = fakePage(`#invite=${TOKEN}`);
    vi.stubGlobal('fetch', async () => answer(401, { ok: false, error: { code: 'forbidden', message: 'Your invite (ana) was revoked by lea; you are signed out.' } }));
    expect(await openServerSession('http://127.0.0.1:4873/', () => ({}), page)).toEqual({ mode: 'signed-out', message: 'Your invite (ana) was revoked by lea; you are signed out.' });
  });

  it('asks a server who this page is without an invite: single-user, or a team server with no session', async () => {
    const { page } = fakePage('#/items');
    vi.stubGlobal('fetch', async () => answer(200, { ok: true, value: { mode: 'single' } }));
    expect(await openServerSession('http://127.0.0.1:4873/', () => ({ authorization: 'Bearer x' }), page)).toEqual({ mode: 'single' });
    vi.stubGlobal('fetch', async () => answer(401, { ok: false, error: { code: 'forbidden', message: 'This team server lets people in by invite: open the invite link a lead sent you.' } }));
    expect(await openServerSession('http://127.0.0.1:4873/', () => ({}), page)).toMatchObject({ mode: 'signed-out' });
    // A single-user server wanting its token is not a team sign-in (the shell's alert says so).
    vi.stubGlobal('fetch', async () => answer(401, { ok: false, error: { code: 'forbidden', message: 'This Accord server needs its access token.' } }));
    expect(await openServerSession('http://127.0.0.1:4873/', () => ({}), page)).toEqual({ mode: 'single' });
  });
});
