import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type ApiReply, type MethodName } from '../../api/contract';
import { accessMatrixWorkspace, allowedFor, MATRIX_ARGS, MATRIX_CALLERS, refusedByAccess } from '../../testing/accessMatrix';
import type { AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { tokenHash } from '../../services/team/invites';
import { startBrowserMode, type BrowserModeServer } from './server';

// The team server (accord serve --team, issue 16 part 2): an invite gives its holder exactly
// that person's access — the access matrix's own table, each person reaching every method over
// HTTP with their invite (bearer, as scripts do) and with the session cookie their link opens
// (as the browser does) — and a revoked or expired invite gives nothing at all.

let ws: AnnotationWorkspace;
let server: BrowserModeServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  ws = await accessMatrixWorkspace();
  server = await startBrowserMode({ workspacePath: ws.ctx.workspacePath, team: {} });
  for (const name of ['ana', 'zed', 'ada', 'lea']) tokens.set(name, (await ws.api('invites.create', { person: name })).token);
});
afterAll(async () => {
  await server.close();
  ws.dispose();
});

async function post(path: string, headers: Record<string, string>, body: unknown = MATRIX_ARGS): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** Opens the invite's session as the page does, returning the cookie header to send back. */
async function signIn(token: string): Promise<{ cookie: string; setCookie: string; reply: ApiReply<unknown> }> {
  const response = await fetch(`${server.baseUrl}api/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const setCookie = response.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0], setCookie, reply: (await response.json()) as ApiReply<unknown> };
}

const methods = Object.keys(contract) as MethodName[];
const people = MATRIX_CALLERS.filter((who) => who.claim !== null && 'name' in who.claim && who.role !== 'anonymous');

describe('accord serve --team: an invite is its person, nobody else', () => {
  for (const who of people) {
    const name = (who.claim as { name: string }).name;
    it(`${who.label} (${name}) reaches exactly what the declarations allow, by bearer invite and by session cookie`, async () => {
      const { cookie, reply } = await signIn(tokens.get(name)!);
      expect(reply).toMatchObject({ ok: true, value: { mode: 'team', person: name, role: who.role } });
      const mismatches: string[] = [];
      for (const method of methods) {
        const expected = allowedFor(contract[method].access, who);
        for (const [how, headers] of [
          ['bearer', { authorization: `Bearer ${tokens.get(name)}` }],
          ['cookie', { cookie }],
        ] as const) {
          const answer = (await (await post(`api/call/${method}`, headers)).json()) as ApiReply<unknown>;
          if (refusedByAccess(answer) === expected) mismatches.push(`${method} by ${how}: ${expected ? 'refused' : 'allowed'} (${answer.ok ? 'ok' : answer.error.message})`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('lets nobody in without an invite, whatever name they claim', async () => {
    const response = await post('api/call/datasets.list', { 'x-accord-as': 'lea' }, {});
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringContaining('open the invite link a lead sent you') } });
  });

  it('refuses the claim header from a person with an invite: ana cannot act as lea', async () => {
    const response = await post('api/call/agreement.summary', { authorization: `Bearer ${tokens.get('ana')}`, 'x-accord-as': 'lea' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, error: { message: expect.stringContaining('you act as yourself (ana)') } });
  });

  it('a revoked invite gives nothing: every method refused, its open session ended at once, by token and by cookie', async () => {
    const created = await ws.api('invites.create', { person: 'lea' });
    const { cookie } = await signIn(created.token);
    expect(((await (await post('api/call/invites.list', { cookie }, {})).json()) as ApiReply<unknown>).ok).toBe(true);
    const revoked = await ws.api('invites.revoke', { id: created.invite.id });
    expect(revoked).toMatchObject({ revoked: true, sessionsEnded: 1, invite: { status: 'revoked' } });
    await expectNothingFor(created.token, cookie, /was revoked by/);
    expect((await signIn(created.token)).reply).toMatchObject({ ok: false, error: { message: expect.stringContaining('was revoked') } });
  });

  it('an expired invite gives nothing, with a clear 401', async () => {
    const created = await ws.api('invites.create', { person: 'lea', expires: '1h' });
    const { cookie } = await signIn(created.token);
    await ws.write((db) => db.prepare("UPDATE invites SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?").run(created.invite.id));
    await expectNothingFor(created.token, cookie, /expired on 2020-01-01/);
    expect((await ws.api('invites.list', {})).find((i) => i.id === created.invite.id)?.status).toBe('expired');
  });

  it('stores no token in clear: invites and sessions hold SHA-256 hashes only', async () => {
    const { setCookie } = await signIn(tokens.get('zed')!);
    const session = /accord_session=([0-9a-f]{64})/.exec(setCookie)![1];
    const dump = JSON.stringify([ws.db.prepare('SELECT * FROM invites').all(), ws.db.prepare('SELECT * FROM team_sessions').all()]);
    for (const token of [...tokens.values(), session]) {
      expect(dump).not.toContain(token);
      expect(dump).toContain(tokenHash(token));
    }
  });

  it('sets the session cookie HttpOnly and SameSite=Strict, not Secure over plain HTTP (nor on an untrusted proxy header)', async () => {
    const response = await fetch(`${server.baseUrl}api/session`, { method: 'POST', headers: { authorization: `Bearer ${tokens.get('ana')}`, 'x-forwarded-proto': 'https' } });
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^accord_session=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
  });
});

describe('accord serve --team --trust-proxy', () => {
  it('marks the cookie Secure when the trusted proxy says the request came over HTTPS, and accepts the public address', async () => {
    const behind = await startBrowserMode({ workspacePath: ws.ctx.workspacePath, team: { trustProxy: true, publicUrl: 'https://accord.example.org/' } });
    try {
      expect(behind.url).toBe('https://accord.example.org/');
      const response = await fetch(`http://127.0.0.1:${behind.port}/api/session`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.get('ana')}`, 'x-forwarded-proto': 'https', origin: 'https://accord.example.org' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
    } finally {
      await behind.close();
    }
  });
});

async function expectNothingFor(token: string, cookie: string, reason: RegExp): Promise<void> {
  const mismatches: string[] = [];
  for (const method of methods) {
    for (const headers of [{ authorization: `Bearer ${token}` }, { cookie }] as Record<string, string>[]) {
      const response = await post(`api/call/${method}`, headers);
      const reply = (await response.json()) as ApiReply<unknown>;
      if (response.status !== 401 || reply.ok || !reason.test(reply.error.message)) mismatches.push(`${method}: ${response.status} ${JSON.stringify(reply).slice(0, 120)}`);
    }
  }
  expect(mismatches).toEqual([]);
}

describe('accord serve --team, a deactivated person', () => {
  it("lets nobody in by that person's invite until they are activated again", async () => {
    const server2 = await startBrowserMode({ workspacePath: ws.ctx.workspacePath, team: {} });
    try {
      await ws.api('annotators.upsert', { name: 'dee', role: 'annotator' });
      const { token } = await ws.api('invites.create', { person: 'dee' });
      await ws.api('annotators.deactivate', { name: 'dee' });
      const refused = await fetch(`${server2.baseUrl}api/call/datasets.list`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: { message: 'dee was deactivated by a lead; their invites let nobody in.' } });
      await ws.api('annotators.activate', { name: 'dee' });
      const allowed = await fetch(`${server2.baseUrl}api/call/datasets.list`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
      expect(allowed.status).toBe(200);
    } finally {
      await server2.close();
    }
  });
});

describe('accord serve --team, files', () => {
  it('refuses a file named by a path on the server, even to a lead (people upload files instead)', async () => {
    const response = await post('api/call/datasets.import', { authorization: `Bearer ${tokens.get('lea')}` }, { sources: [{ path: '/etc/passwd' }] });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { message: 'on a team server files are uploaded, never named by a path on the server' } });
  });
});

describe('accord serve --team, two servers on one workspace', () => {
  it('agree at once: a session opened on one ends when the invite is revoked through the other (sessions are rows, not memory)', async () => {
    const other = await startBrowserMode({ workspacePath: ws.ctx.workspacePath, team: {} });
    try {
      const created = await ws.api('invites.create', { person: 'ana' });
      const { cookie } = await signIn(created.token);
      expect((await post('api/call/tasks.list', { cookie }, {})).status).toBe(200);
      // The lead, signed in on the other server, revokes it there.
      const lead = await fetch(`${other.baseUrl}api/session`, { method: 'POST', headers: { authorization: `Bearer ${tokens.get('lea')}` } });
      const leadCookie = lead.headers.get('set-cookie')!.split(';')[0];
      const revoke = await fetch(`${other.baseUrl}api/call/invites.revoke`, { method: 'POST', headers: { cookie: leadCookie, 'content-type': 'application/json' }, body: JSON.stringify({ id: created.invite.id }) });
      expect(await revoke.json()).toMatchObject({ ok: true, value: { revoked: true, sessionsEnded: 1 } });
      const refused = await post('api/call/tasks.list', { cookie }, {});
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: { message: expect.stringContaining('Your invite (ana) was revoked by lea') } });
    } finally {
      await other.close();
    }
  });
});
